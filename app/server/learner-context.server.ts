/**
 * The learner session of the request, read once by the learning layout's middleware and handed to the
 * loaders and actions below it (they never read the cookie themselves).
 */
import { createContext, redirect, type RouterContextProvider } from "react-router";
import { parseId } from "./content.server";
import { getDb } from "./db.server";
import { getLearnerSession, ownsCourse, type LearnerSession } from "./learner.server";

export const learnerContext = createContext<LearnerSession | null>(null);

/** Learning pages are one learner's own: never in a shared cache, never in a search index. */
export const PRIVATE_PAGE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

export async function learnerSessionMiddleware(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  next: () => Promise<Response>,
) {
  context.set(learnerContext, await getLearnerSession(getDb(), request));
  const response = await next();
  for (const [name, value] of Object.entries(PRIVATE_PAGE_HEADERS)) response.headers.set(name, value);
  return response;
}

export function learnerFrom(context: Readonly<RouterContextProvider>) {
  return context.get(learnerContext);
}

/**
 * The course in the URL, for a learner who owns it. Anyone else goes to the course page, which explains
 * that the lesson is for enrolled learners and how to get in.
 */
export async function requireOwnedCourse(rawCourseId: string | undefined, context: Readonly<RouterContextProvider>) {
  const courseId = parseId(rawCourseId);
  if (courseId === null) throw new Response("Not found", { status: 404 });
  const learner = learnerFrom(context);
  const db = getDb();
  if (!learner || !(await ownsCourse(db, learner.email, courseId))) throw redirect(`/courses/${courseId}?access=required`);
  return { db, courseId, email: learner.email };
}

/**
 * The learner of the request, set up once by the learning layout's middleware and handed to the loaders and actions
 * below it (they never read the cookie themselves): the session's key, from the cookie, and the session itself, read
 * from D1 the first time a loader or action asks. The lesson page asks for none: it names the session inside its own
 * batch (`getLessonPage`), so a lesson costs one round trip, not two.
 */
import { createContext, redirect, type RouterContextProvider } from "react-router";
import { parseId } from "../content/content.server";
import { getDb } from "../core/db.server";
import { identityOf } from "../core/identity.server";
import { learnerSessionById, sessionOrders, sessionOwnsCourse, type LearnerSession } from "./learner.server";
import type { LessonReader } from "./learning.server";

export type RequestLearner = {
  /** The key of the session the cookie names (null without a cookie); the session may be unknown or expired. */
  sessionId: string | null;
  /** The live session, or null: read from D1 once, on first use. */
  session: () => Promise<LearnerSession | null>;
};

/** A learner already known (tests; a read that found the session itself): no cookie to name it, no D1 read. */
export function knownLearner(session: LearnerSession | null): RequestLearner {
  return { sessionId: null, session: async () => session };
}

export const learnerContext = createContext<RequestLearner>(knownLearner(null));

/**
 * The learning layout's middleware: the learner of the request, from its identity (the signed cookie, checked once per
 * request: app/server/core/identity.server.ts). Learning pages are private and noindex by their policy (app/site-routes.ts).
 */
export async function learnerSessionMiddleware(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  next: () => Promise<Response>,
) {
  const { learnerSessionId: sessionId } = await identityOf(request, context);
  let reading: Promise<LearnerSession | null> | undefined;
  context.set(learnerContext, {
    sessionId,
    session: () => (reading ??= sessionId ? learnerSessionById(getDb(), sessionId) : Promise.resolve(null)),
  });
  return next();
}

/**
 * Who reads a lesson, for `getLessonPage`: the cookie's session, which the page's own batch checks (no round trip for
 * the session alone), or a learner already known.
 */
export async function lessonReader(context: Readonly<RouterContextProvider>): Promise<LessonReader> {
  const learner = context.get(learnerContext);
  if (learner.sessionId) return { sessionId: learner.sessionId };
  const session = await learner.session();
  return session ? { session } : null;
}

/** The request's live learner session, or null (read from D1 on first use). */
export function learnerFrom(context: Readonly<RouterContextProvider>): Promise<LearnerSession | null> {
  return context.get(learnerContext).session();
}

/**
 * The course in the URL, for a learner whose session opens it: proven and the address owns it, or unproven for this
 * course and its order grants it (`sessionOwnsCourse`). Anyone else goes to the course page, which explains that the lesson is for enrolled learners and how to get in.
 * `key` is whose progress and answers to read and write: the address, or an unproven session's own key.
 */
export async function requireOwnedCourse(rawCourseId: string | undefined, context: Readonly<RouterContextProvider>) {
  const courseId = parseId(rawCourseId);
  if (courseId === null) throw new Response("Not found", { status: 404 });
  const learner = await learnerFrom(context);
  const db = getDb();
  if (!learner || !(await sessionOwnsCourse(db, learner, courseId))) {
    throw redirect(`/courses/${courseId}?access=required`);
  }
  return { db, courseId, email: learner.email, key: learner.key, proven: learner.scopeCourseId === null, orders: sessionOrders(learner) };
}

import { redirect } from "react-router";
import type { Route } from "./+types/resume";
import { requireOwnedCourse } from "~/server/learning/learner-context.server";
import { lessonOpensAtFor } from "~/server/learning/drip.server";
import { getCourseOutline } from "~/server/learning/learning.server";

/**
 * Opening a course resumes at the lesson visited last (or the first one); without access, back to the course page. A
 * lesson visited while still locked (drip release: its "opens on" page) is not where the course resumes.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, courseId, email, key, orders } = await requireOwnedCourse(params.id, context);
  const outline = await getCourseOutline(db, courseId, key);
  const last = outline?.lastLessonId ?? null;
  const resumable = last !== null && (await lessonOpensAtFor(db, { email, orders, courseId, lessonId: last })) === null;
  const lessonId = resumable ? last : outline?.lessonIds[0];
  if (!lessonId) throw redirect(`/courses/${courseId}`);
  throw redirect(`/courses/${courseId}/learn/${lessonId}`);
}

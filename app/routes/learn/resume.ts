import { redirect } from "react-router";
import type { Route } from "./+types/resume";
import { requireOwnedCourse } from "~/server/learning/learner-context.server";
import { getCourseOutline } from "~/server/learning/learning.server";

/** Opening a course resumes at the lesson visited last (or the first one); without access, back to the course page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, courseId, key } = await requireOwnedCourse(params.id, context);
  const outline = await getCourseOutline(db, courseId, key);
  const lessonId = outline?.lastLessonId ?? outline?.lessonIds[0];
  if (!lessonId) throw redirect(`/courses/${courseId}`);
  throw redirect(`/courses/${courseId}/learn/${lessonId}`);
}

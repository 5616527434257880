import { redirect } from "react-router";
import type { Route } from "./+types/resume";
import { parseId } from "~/server/content.server";
import { getDb } from "~/server/db.server";
import { learnerFrom } from "~/server/learner-context.server";
import { ownsCourse } from "~/server/learner.server";
import { getCourseOutline } from "~/server/learning.server";

/** Opening a course resumes at the lesson visited last (or the first one); without access, back to the course page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const courseId = parseId(params.id);
  if (courseId === null) throw new Response("Not found", { status: 404 });
  const learner = learnerFrom(context);
  const db = getDb();
  if (!learner || !(await ownsCourse(db, learner.email, courseId))) throw redirect(`/courses/${courseId}?access=required`);
  const outline = await getCourseOutline(db, courseId, learner.email);
  const lessonId = outline?.lastLessonId ?? outline?.lessonIds[0];
  if (!lessonId) throw redirect(`/courses/${courseId}`);
  throw redirect(`/courses/${courseId}/learn/${lessonId}`);
}

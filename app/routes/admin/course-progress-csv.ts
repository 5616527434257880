import type { Route } from "./+types/course-progress-csv";
import { courseProgressCsv } from "~/server/admin/course-insight.server";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";
import { csvDownload, HttpError } from "~/server/core/http.server";
import { recordExport } from "~/server/admin/audit.server";
import { csvRecordCount } from "~/server/core/csv.server";
import { adminFrom } from "~/server/admin/guard.server";

/**
 * GET /admin/courses/:id/progress.csv: one row per learner of the course (address, progress, lessons done, quizzes
 * passed, completion and certificate dates). Personal data, so the owner's only (its policy in app/site-routes.ts).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const csv = id === null ? null : await courseProgressCsv(db, id);
  if (csv === null) return new HttpError(404, "There is no such course.").toResponse();
  await recordExport(db, request, adminFrom(context).username, { name: `Progress CSV of course #${id}`, rows: csvRecordCount(csv) - 1 });
  const date = new Date().toISOString().slice(0, 10);
  return csvDownload(csv, `course-${id}-progress-${date}.csv`);
}

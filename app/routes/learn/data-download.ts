import { redirect } from "react-router";
import type { Route } from "./+types/data-download";
import { getDb } from "~/server/core/db.server";
import { NO_STORE, firstIssueMessage, HttpError } from "~/server/core/http.server";
import {
  exportFileName,
  exportLearnerData,
  learnerDataDownloadSchema,
  learnerDataHtml,
  provenLearner,
} from "~/server/learning/learner-data.server";
import { siteSettings } from "~/server/site/site.server";

/**
 * `GET /learn/data/download?format=json|html`: everything stored about the learner's address, as a file. Only for a
 * learner who proved the inbox (anyone else goes to /learn/data, which says how); a bad format is a 400 `{ message }`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = learnerDataDownloadSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw new HttpError(400, firstIssueMessage(parsed.error)).toResponse();
  const learner = await provenLearner(context);
  if (!learner) throw redirect("/learn/data");
  const db = getDb();
  const [exported, site] = await Promise.all([exportLearnerData(db, learner.email), siteSettings(db)]);
  const { format } = parsed.data;
  const body = format === "json" ? `${JSON.stringify(exported, null, 2)}\n` : learnerDataHtml(exported, site.name);
  return new Response(body, {
    headers: {
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(exported, format)}"`,
      "Cache-Control": NO_STORE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

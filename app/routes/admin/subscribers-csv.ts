import { subscribersCsv } from "~/server/admin/inbox.server";
import { getDb } from "~/server/core/db.server";
import { csvDownload } from "~/server/core/http.server";
import type { Route } from "./+types/subscribers-csv";
import { recordExport } from "~/server/admin/audit.server";
import { csvRecordCount } from "~/server/core/csv.server";
import { adminFrom } from "~/server/admin/guard.server";

/** GET /admin/subscribers.csv: the newsletter subscribers as a CSV download (admin only: its policy in app/site-routes.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const date = new Date().toISOString().slice(0, 10);
  const db = getDb();
  const csv = await subscribersCsv(db);
  await recordExport(db, request, adminFrom(context).username, { name: "Subscribers CSV", rows: csvRecordCount(csv) - 1 });
  return csvDownload(csv, `newsletter-subscribers-${date}.csv`);
}

import { subscribersCsv } from "~/server/admin/inbox.server";
import { getDb } from "~/server/core/db.server";
import { csvDownload } from "~/server/core/http.server";

/** GET /admin/subscribers.csv: the newsletter subscribers as a CSV download (admin only: its policy in app/site-routes.ts). */
export async function loader() {
  const date = new Date().toISOString().slice(0, 10);
  return csvDownload(await subscribersCsv(getDb()), `newsletter-subscribers-${date}.csv`);
}

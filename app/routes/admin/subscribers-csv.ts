import { NO_STORE } from "~/server/admin/guard.server";
import { subscribersCsv } from "~/server/admin/inbox.server";
import { getDb } from "~/server/core/db.server";

/** GET /admin/subscribers.csv: the newsletter subscribers as a CSV download (admin only: its policy in app/site-routes.ts). */
export async function loader() {
  const db = getDb();
  const csv = await subscribersCsv(db);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${date}.csv"`,
      "Cache-Control": NO_STORE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

import type { Route } from "./+types/subscribers-csv";
import { NO_STORE, adminSessionMiddleware } from "~/server/admin/guard.server";
import { subscribersCsv } from "~/server/admin/inbox.server";
import { getDb } from "~/server/core/db.server";

/** Outside the admin layout (a file, not a page), so it checks the session with the layout's middleware of its own. */
export const middleware: Route.MiddlewareFunction[] = [adminSessionMiddleware];

/** GET /admin/subscribers.csv: the newsletter subscribers as a CSV download (admin only). */
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

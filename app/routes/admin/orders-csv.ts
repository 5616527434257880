import type { Route } from "./+types/orders-csv";
import { orderFiltersSchema } from "~/lib/admin-schemas";
import { ordersCsv } from "~/server/admin/orders.server";
import { getDb } from "~/server/core/db.server";
import { csvDownload, firstIssueMessage, NO_STORE } from "~/server/core/http.server";
import { recordExport } from "~/server/admin/audit.server";
import { csvRecordCount } from "~/server/core/csv.server";
import { adminFrom } from "~/server/admin/guard.server";

/**
 * GET /admin/orders.csv?course=&status=&from=&to=: the orders the Orders page's filters select, as a CSV download for
 * the accountant (owner only: its policy in app/site-routes.ts). 400 saying what is wrong for a bad filter.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = orderFiltersSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    return new Response(firstIssueMessage(parsed.error), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE },
    });
  }
  const db = getDb();
  const { fileName, body } = await ordersCsv(db, parsed.data);
  await recordExport(db, request, adminFrom(context).username, { name: "Orders CSV", rows: csvRecordCount(body) - 1 });
  return csvDownload(body, fileName);
}

import type { Route } from "./+types/analytics-csv";
import { ANALYTICS_TABLE_NAMES, ANALYTICS_TABLES, isAnalyticsTableName } from "~/lib/analytics-report";
import { adminFrom } from "~/server/admin/guard.server";
import { analyticsCsv, analyticsReport, rangeFromQuery, reportTables } from "~/server/analytics/reports.server";
import { getDb } from "~/server/core/db.server";
import { csvDownload, NO_STORE } from "~/server/core/http.server";
import { recordExport } from "~/server/admin/audit.server";
import { csvRecordCount } from "~/server/core/csv.server";

const refusal = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE } });

/**
 * GET /admin/analytics.csv?table=<name>&range=30 (or &from=&to=): one table of the Analytics page as a CSV download,
 * its range in the file name and in the first line. 400 for an unknown table or a bad range (saying what is wrong);
 * 403 for an editor asking for the owner's tables (purchases' sources and revenue).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { role } = adminFrom(context);
  const url = new URL(request.url);
  const name = url.searchParams.get("table") ?? "";
  if (!isAnalyticsTableName(name)) return refusal(400, `"table" must be one of: ${ANALYTICS_TABLE_NAMES.join(", ")}.`);
  if (ANALYTICS_TABLES[name].ownerOnly && role !== "owner") return refusal(403, "Only the owner sees purchases' sources and revenue.");
  const query = new URLSearchParams(url.searchParams);
  query.delete("table");
  const parsed = rangeFromQuery(query);
  if (!parsed.ok) return refusal(400, parsed.message);
  const report = await analyticsReport(getDb(), parsed.range, role);
  const table = reportTables(report, role).find((each) => each.name === name);
  if (!table) return refusal(403, "Only the owner sees purchases' sources and revenue.");
  const { fileName, body } = analyticsCsv(table, parsed.range);
  // Its first line names the table, its second the headings.
  await recordExport(getDb(), request, adminFrom(context).username, {
    name: `Analytics CSV: ${table.title}`,
    rows: csvRecordCount(body) - 2,
    filters: `UTC days ${parsed.range.from} to ${parsed.range.to}`,
  });
  return csvDownload(body, fileName);
}

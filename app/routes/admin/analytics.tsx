import { data, Form, Link } from "react-router";
import type { Route } from "./+types/analytics";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTable } from "~/components/admin/admin-table";
import { AnalyticsChart } from "~/components/admin/analytics-chart";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { ANALYTICS_RANGES, type DayRange } from "~/lib/analytics-range";
import type { AnalyticsTable, AnalyticsTableName } from "~/lib/analytics-report";
import { formatCount, formatLongDate } from "~/lib/format";
import { adminFrom } from "~/server/admin/guard.server";
import { analyticsReport, rangeFromQuery, reportTables } from "~/server/analytics/reports.server";
import { getDb } from "~/server/core/db.server";

/** How many rows of a top list the page shows; its CSV has them all. */
const TOP_ROWS = 20;

/**
 * GET /admin/analytics?range=7|30|90 (30 by default) or ?from=YYYY-MM-DD&to=YYYY-MM-DD. A bad range answers 400 with
 * the sentence saying why, over the form. Editors get the content's analytics; purchases, their sources and revenue
 * are left out of their report here, on the server.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { role } = adminFrom(context);
  const query = new URL(request.url).searchParams;
  const form = { range: query.get("range") ?? "", from: query.get("from") ?? "", to: query.get("to") ?? "" };
  const parsed = rangeFromQuery(query);
  if (!parsed.ok) return data({ error: parsed.message, form, view: null }, { status: 400 });
  const report = await analyticsReport(getDb(), parsed.range, role);
  const { range, previous, series, totals, purchases } = report;
  // The page shows the first rows of each list (the CSV has them all), and the days once: as the chart's series.
  const tables = reportTables(report, role)
    .filter((table) => table.name !== "daily")
    .map((table) => ({ ...table, rows: table.rows.slice(0, TOP_ROWS), total: table.rows.length }));
  return { error: null, form, view: { range, preset: parsed.range.preset, previous, series, totals, purchases, tables } };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Analytics", matches);

type View = NonNullable<Route.ComponentProps["loaderData"]["view"]>;

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { error, form, view } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Analytics"
        description="Visits counted by the site itself, at the edge: no cookies, no script on public pages, nothing that identifies a person."
        back={{ to: "/admin", label: "Dashboard" }}
      />
      <RangeForm form={form} preset={view?.preset ?? null} />
      {error ? (
        <p role="alert" className="mb-6 rounded-md border border-destructive/50 p-3 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {view ? <Report view={view} /> : null}
    </>
  );
}

/** The range: 7, 30 or 90 days up to today, or a custom one (UTC days). */
function RangeForm({ form, preset }: { form: { range: string; from: string; to: string }; preset: number | null }) {
  return (
    <div className="mb-6 flex flex-col gap-4 rounded-xl border border-border bg-card p-4 lg:flex-row lg:items-end lg:justify-between">
      <nav aria-label="Range">
        <ul className="flex flex-wrap gap-2">
          {ANALYTICS_RANGES.map((days) => (
            <li key={days}>
              <Link
                to={`?range=${days}`}
                aria-current={preset === days ? "page" : undefined}
                className={buttonClass(preset === days ? "primary" : "outline")}
              >
                Last {days} days
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Custom range">
        <div>
          <Label htmlFor="analytics-from">From</Label>
          <Input id="analytics-from" name="from" type="date" defaultValue={form.from} required />
        </div>
        <div>
          <Label htmlFor="analytics-to">To</Label>
          <Input id="analytics-to" name="to" type="date" defaultValue={form.to} required />
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Form>
    </div>
  );
}

const changeText = (change: number | null) =>
  change === null ? "nothing to compare with" : `${change > 0 ? "+" : ""}${change}% on the previous period`;
const rangeText = (range: DayRange) => `${formatLongDate(range.from)} to ${formatLongDate(range.to)}`;
/** The CSV of one table, for the page's range (a custom range keeps its days; a preset, its days from today). */
const csvHref = (name: AnalyticsTableName, range: DayRange) => `/admin/analytics.csv?table=${name}&from=${range.from}&to=${range.to}`;

function Report({ view }: { view: View }) {
  const { range, previous, totals, purchases, tables } = view;
  const table = (name: AnalyticsTableName) => tables.find((each) => each.name === name);
  const figures: { label: string; value: string; note: string }[] = [
    { label: "Visits", value: formatCount(totals.views), note: changeText(totals.viewsChange) },
    { label: "Unique visitors", value: formatCount(totals.visitors), note: `visitor-days; ${changeText(totals.visitorsChange)}` },
    ...(purchases === null ? [] : [{ label: "Purchases", value: formatCount(purchases), note: "orders placed in the range, still paid" }]),
    {
      label: "Average time on page",
      value: "Not measured",
      note: "It would need JavaScript on every public page, and the site adds none.",
    },
  ];
  return (
    <>
      <p className="mb-4 text-sm text-muted-foreground">
        {rangeText(range)} (UTC), compared with {rangeText(previous)}.
      </p>
      <ul className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {figures.map((figure) => (
          <li key={figure.label} className="rounded-xl border border-border bg-card p-5" data-figure={figure.label.toLowerCase()}>
            <p className="text-sm font-medium text-muted-foreground">{figure.label}</p>
            <p className={`mt-2 font-serif font-semibold tabular-nums ${/\d/.test(figure.value) ? "text-3xl" : "text-xl"}`} data-value>
              {figure.value}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{figure.note}</p>
          </li>
        ))}
      </ul>
      <Card className="mb-6 p-6">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-serif text-xl font-semibold">Visits and unique visitors per day</h2>
          <CsvLink name="daily" range={range} />
        </div>
        <AnalyticsChart key={`${range.from}/${range.to}`} points={view.series} title="Visits and unique visitors per day" />
      </Card>
      <div className="grid gap-6 xl:grid-cols-2">
        {(["articles", "practices", "plays", "courses"] as const).map((name) => {
          const found = table(name);
          return found ? <ReportTable key={name} table={found} range={range} wide={name === "courses"} /> : null;
        })}
        {(["referrers", "sources", "mediums", "campaigns", "countries", "devices", "purchase-sources"] as const).map((name) => {
          const found = table(name);
          return found ? <ReportTable key={name} table={found} range={range} /> : null;
        })}
      </div>
    </>
  );
}

function CsvLink({ name, range }: { name: AnalyticsTableName; range: DayRange }) {
  return (
    <a
      href={csvHref(name, range)}
      download
      className="inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      Download CSV<span className="sr-only"> of this table</span>
    </a>
  );
}

/** One table of the report: its first rows (the CSV has all of them). */
function ReportTable({ table, range, wide = false }: { table: AnalyticsTable & { total: number }; range: DayRange; wide?: boolean }) {
  const shown = table.rows;
  const headingId = `analytics-${table.name}`;
  return (
    <section aria-labelledby={headingId} className={wide ? "xl:col-span-2" : undefined} data-table={table.name}>
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-serif text-xl font-semibold">
          {table.title}
        </h2>
        <CsvLink name={table.name} range={range} />
      </div>
      {shown.length === 0 ? (
        <p className="rounded-xl border border-border bg-card p-4 text-sm text-muted-foreground">Nothing counted in this range.</p>
      ) : (
        <AdminTable caption={table.title} headings={table.headings.filter((heading) => heading !== "Id")}>
          {shown.map((row) => (
            <tr key={row.join("\u0000")}>
              {row
                .filter((_, i) => table.headings[i] !== "Id")
                .map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                  <td key={i} className={`px-4 py-2 ${typeof cell === "number" ? "tabular-nums" : "break-words"}`}>
                    {typeof cell === "number" ? formatCount(cell) : cell}
                  </td>
                ))}
            </tr>
          ))}
        </AdminTable>
      )}
      {table.total > shown.length ? (
        <p className="mt-2 text-sm text-muted-foreground">
          The first {shown.length} of {table.total}; the CSV has them all.
        </p>
      ) : null}
    </section>
  );
}

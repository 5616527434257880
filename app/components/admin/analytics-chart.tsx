import { useState } from "react";
import { formatCount, formatShortDate } from "~/lib/format";

/** One day of the chart, and the day at the same place in the previous period. */
export type ChartPoint = {
  day: string;
  views: number;
  visitors: number;
  previousDay: string;
  previousViews: number;
  previousVisitors: number;
};

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** The three lines, each in a theme token's colour (app/app.css), so both themes draw them legibly. */
const LINES = {
  views: { label: "Visits", stroke: "stroke-primary", swatch: "bg-primary", dash: undefined },
  visitors: {
    label: "Unique visitors",
    stroke: "stroke-badge-existentialism-foreground",
    swatch: "bg-badge-existentialism-foreground",
    dash: undefined,
  },
  previousViews: { label: "Visits, previous period", stroke: "stroke-muted-foreground", swatch: "bg-muted-foreground", dash: "6 4" },
} as const;

/** A round number at or above `value` for the top of the axis (1, 2, 5 × a power of ten). */
export function axisTop(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

/** Where a key moves the chart's cursor (a slider's keys: a day, a week with Page Up/Down, the ends), or null for another key. */
export function cursorAfterKey(key: string, at: number, days: number): number | null {
  const steps: Record<string, number> = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -7, PageUp: 7 };
  if (key === "Home") return 0;
  if (key === "End") return days - 1;
  const step = steps[key];
  return step === undefined ? null : Math.min(Math.max(at + step, 0), days - 1);
}

/** What the cursor says of a day, read out when it moves and shown under the chart. */
export function pointText(point: ChartPoint): string {
  return `${formatShortDate(point.day)}: ${formatCount(point.views)} visits, ${formatCount(point.visitors)} unique visitors. Previous period, ${formatShortDate(
    point.previousDay,
  )}: ${formatCount(point.previousViews)} visits, ${formatCount(point.previousVisitors)} unique visitors.`;
}

/**
 * Visits and unique visitors per day as an inline SVG line chart, the previous period's visits dashed behind them.
 * The chart is one keyboard stop: a slider over its days (arrow keys, Page Up/Down by a week, Home, End) whose value
 * is read out, with the same words shown under it; the pointer moves the same cursor. The numbers are also a table
 * ("Show as a table"), for reading them all and for screen readers.
 */
export function AnalyticsChart({ points, title }: { points: readonly ChartPoint[]; title: string }) {
  const [active, setActive] = useState(points.length - 1);
  const top = axisTop(Math.max(1, ...points.flatMap((p) => [p.views, p.visitors, p.previousViews])));
  const x = (i: number) => PAD.left + (points.length <= 1 ? PLOT_W / 2 : (i / (points.length - 1)) * PLOT_W);
  const y = (value: number) => PAD.top + PLOT_H - (value / top) * PLOT_H;
  const path = (key: keyof typeof LINES) =>
    points.map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join(" ");
  const at = Math.min(Math.max(active, 0), points.length - 1);
  const current = points[at];
  const move = (to: number) => setActive(Math.min(Math.max(to, 0), points.length - 1));
  // Every day gets an x-axis label when they fit; else about six.
  const labelEvery = Math.max(1, Math.ceil(points.length / 6));
  if (!current) return <p className="text-muted-foreground">No days in this range.</p>;
  return (
    <figure className="m-0">
      <figcaption className="sr-only">{title}</figcaption>
      <ul className="mb-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground" aria-label="Legend">
        {Object.values(LINES).map((line) => (
          <li key={line.label} className="flex items-center gap-2">
            <span aria-hidden="true" className={`inline-block h-0.5 w-6 ${line.swatch} ${line.dash ? "opacity-70" : ""}`} />
            {line.label}
          </li>
        ))}
      </ul>
      {/* On a phone the chart keeps a readable size and scrolls sideways (the padding leaves room for the focus ring). */}
      <div className="-m-1 overflow-x-auto p-1">
        <div
          role="slider"
          tabIndex={0}
          aria-label={`${title}: day shown (arrow keys move)`}
          aria-valuemin={1}
          aria-valuemax={points.length}
          aria-valuenow={at + 1}
          aria-valuetext={pointText(current)}
          data-analytics-chart
          className="min-w-[560px] rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onKeyDown={(event) => {
            const to = cursorAfterKey(event.key, at, points.length);
            if (to === null) return;
            event.preventDefault();
            move(to);
          }}
          onPointerMove={(event) => {
            const box = event.currentTarget.getBoundingClientRect();
            const at = ((event.clientX - box.left) / box.width) * WIDTH;
            move(Math.round(((at - PAD.left) / PLOT_W) * (points.length - 1)));
          }}
        >
          <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden="true" focusable="false">
            {[0, 0.5, 1].map((share) => (
              <g key={share}>
                <line
                  x1={PAD.left}
                  x2={WIDTH - PAD.right}
                  y1={y(top * share)}
                  y2={y(top * share)}
                  className="stroke-border"
                  strokeWidth={1}
                />
                <text x={PAD.left - 6} y={y(top * share) + 4} textAnchor="end" className="fill-muted-foreground text-[11px]">
                  {formatCount(top * share)}
                </text>
              </g>
            ))}
            {points.map((p, i) =>
              i % labelEvery === 0 || i === points.length - 1 ? (
                <text
                  key={p.day}
                  x={x(i)}
                  y={HEIGHT - 8}
                  // The first and last labels keep inside the chart.
                  textAnchor={i === 0 ? "start" : i === points.length - 1 ? "end" : "middle"}
                  className="fill-muted-foreground text-[11px]"
                >
                  {formatShortDate(p.day).replace(/, \d{4}$/, "")}
                </text>
              ) : null,
            )}
            {(Object.keys(LINES) as (keyof typeof LINES)[]).map((key) => (
              <path
                key={key}
                d={path(key)}
                fill="none"
                className={LINES[key].stroke}
                strokeWidth={key === "previousViews" ? 1.5 : 2.5}
                strokeDasharray={LINES[key].dash}
                strokeLinejoin="round"
              />
            ))}
            <line x1={x(at)} x2={x(at)} y1={PAD.top} y2={PAD.top + PLOT_H} className="stroke-foreground" strokeWidth={1} />
            <circle cx={x(at)} cy={y(current.views)} r={4.5} className="fill-primary" />
            <circle cx={x(at)} cy={y(current.visitors)} r={4.5} className="fill-badge-existentialism-foreground" />
          </svg>
        </div>
      </div>
      <p className="mt-2 text-sm" data-chart-readout>
        {pointText(current)}
      </p>
      <details className="mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-primary underline-offset-4 hover:underline">
          Show as a table
        </summary>
        <div className="mt-2 max-h-96 overflow-auto rounded-md border border-border">
          <table className="w-full text-left text-sm" data-chart-table>
            <caption className="sr-only">{title}, day by day</caption>
            <thead className="text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Visits
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Unique visitors
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Previous period
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Visits then
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Unique visitors then
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {points.map((p) => (
                <tr key={p.day} data-day={p.day}>
                  <th scope="row" className="px-3 py-1.5 font-normal">
                    {formatShortDate(p.day)}
                  </th>
                  <td className="px-3 py-1.5 tabular-nums">{formatCount(p.views)}</td>
                  <td className="px-3 py-1.5 tabular-nums">{formatCount(p.visitors)}</td>
                  <td className="px-3 py-1.5">{formatShortDate(p.previousDay)}</td>
                  <td className="px-3 py-1.5 tabular-nums">{formatCount(p.previousViews)}</td>
                  <td className="px-3 py-1.5 tabular-nums">{formatCount(p.previousVisitors)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

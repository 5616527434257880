/**
 * The Analytics page's date range (docs/analytics.md, "The analytics page"), read from the URL by the page, its CSV
 * download and the range form alike: `?range=7|30|90` (the last n UTC days, today included; 30 by default) or
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD` (UTC days, both included). Days are UTC dates, as the daily aggregates are kept.
 */
import { z } from "zod";

/** The ranges the form offers, in days. */
export const ANALYTICS_RANGES = [7, 30, 90] as const;
export const DEFAULT_ANALYTICS_RANGE = 30;
/** The longest custom range: the aggregates are kept 25 months (docs/analytics.md, "Retention and scale"). */
export const MAX_ANALYTICS_DAYS = 762;

/** A span of UTC days, both ends included. */
export type DayRange = { from: string; to: string };

const DAY_MS = 86_400_000;

/** The UTC day ("YYYY-MM-DD") of a moment: the day every count, salt and report of the analytics belongs to. */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
}

/** How many days a range holds (both ends included). */
export function rangeLength({ from, to }: DayRange): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day of a range, in order. */
export function daysOf(range: DayRange): string[] {
  return Array.from({ length: rangeLength(range) }, (_, i) => addDays(range.from, i));
}

/** The period of the same length just before `range`: what the chart overlays and the totals compare with. */
export function previousRange(range: DayRange): DayRange {
  const length = rangeLength(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** The last `days` UTC days up to `today`, today included. */
export function lastDays(days: number, today: string): DayRange {
  return { from: addDays(today, 1 - days), to: today };
}

const isoDay = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `"${field}" must be a date (YYYY-MM-DD).`)
    .refine((day) => {
      const time = Date.parse(`${day}T00:00:00Z`);
      // 2026-02-31 parses in some engines: a real date is its own round trip.
      return !Number.isNaN(time) && utcDay(new Date(time)) === day;
    }, `"${field}" must be a real date.`);
const blankIsAbsent = (value: unknown) => (value === "" || value === null ? undefined : value);

/** The query of the page and of its CSV: a preset range, or a custom one (both ends, which then win over `range`). */
export const analyticsRangeSchema = z
  .object({
    range: z.preprocess(
      blankIsAbsent,
      z
        .enum(ANALYTICS_RANGES.map(String) as [string, ...string[]], {
          error: `"range" must be one of ${ANALYTICS_RANGES.join(", ")} (days).`,
        })
        .optional(),
    ),
    from: z.preprocess(blankIsAbsent, isoDay("from").optional()),
    to: z.preprocess(blankIsAbsent, isoDay("to").optional()),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: 'A custom range needs both "from" and "to".', path: ["from"] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '"from" must not be after "to".', path: ["from"] })
  .refine((q) => !q.from || !q.to || rangeLength({ from: q.from, to: q.to }) <= MAX_ANALYTICS_DAYS, {
    message: `A range is at most ${MAX_ANALYTICS_DAYS} days (the counts are kept 25 months).`,
    path: ["to"],
  });
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeSchema>;

/** The days a valid query names, `today` being the current UTC day; `preset` is the chosen preset (null: custom). */
export function rangeOfQuery(query: AnalyticsRangeQuery, today: string): DayRange & { preset: number | null } {
  if (query.from && query.to) return { from: query.from, to: query.to, preset: null };
  const days = Number(query.range ?? DEFAULT_ANALYTICS_RANGE);
  return { ...lastDays(days, today), preset: days };
}

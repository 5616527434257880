/**
 * The one place money, dates and durations are formatted: pages, the admin and e-mails all use it, in en-US
 * and in UTC (the editor's autosave status: the browser's zone). Money comes in a currency's minor units (Stripe's `amount`), so zero-decimal currencies are right.
 */

// Intl formatters are costly to build (a page formats dozens of dates): each is made once, on first use.
const LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const SHORT_DATE = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const DATE_TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", hourCycle: "h23", timeZone: "UTC" });
const DATE_TIME_SECONDS = new Intl.DateTimeFormat("en-US", {
  dateStyle: "medium",
  timeStyle: "medium",
  hourCycle: "h23",
  timeZone: "UTC",
});
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const COUNT = new Intl.NumberFormat("en-US");
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "March 5, 2025": a calendar date ("2025-03-05", or the day of an ISO timestamp) or a moment, its day in UTC. */
export function formatLongDate(value: string | Date) {
  // Dates are calendar dates (YYYY-MM-DD); format in UTC so no time zone shifts the day.
  const date = typeof value === "string" ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return LONG_DATE.format(date);
}

function toDate(value: string | Date) {
  return typeof value === "string" ? new Date(value) : value;
}

/** "Nov 24, 2026": the admin's short date, the day in UTC. */
export function formatShortDate(value: string | Date) {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : SHORT_DATE.format(date);
}

/** "Nov 24, 2026, 06:30 UTC" (or "06:30:15 UTC" with seconds): the admin's times, 24-hour, saying the zone. */
export function formatDateTimeUtc(value: string | Date, { seconds = false } = {}) {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${(seconds ? DATE_TIME_SECONDS : DATE_TIME).format(date)} UTC`;
}

const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/** A time-of-day formatter in `timeZone` (undefined: the browser's), made once per zone. */
function zonedTime(timeZone: string | undefined) {
  const key = timeZone ?? "";
  let format = zonedFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone });
    zonedFormats.set(key, format);
  }
  return format;
}

/** "10:42": the time of day in `timeZone` (undefined: the browser's), 24-hour; the editor's autosave status. */
export function formatTimeOfDay(value: string | Date, timeZone?: string) {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : zonedTime(timeZone).format(date);
}

export function formatUsd(amount: number) {
  return USD.format(amount);
}

/**
 * An amount in a currency's minor units (Stripe's `amount`: cents, or yen for a zero-decimal currency), e.g. "€30.00",
 * "¥4,900". With `code`, "$49.00 USD": the narrow symbol for reading, the ISO code because "$" alone is ambiguous
 * (receipts and the admin's orders, where the buyer's currency may not be the site's).
 */
export function formatMoney(minorUnits: number, currency: string, { code: withCode = false } = {}) {
  const code = currency.toUpperCase();
  const key = withCode ? `${code} code` : code;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency: code, currencyDisplay: withCode ? "narrowSymbol" : "symbol" });
    moneyFormats.set(key, format);
  }
  const amount = format.format(minorUnits / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  return withCode ? `${amount} ${code}` : amount;
}

export function formatClock(totalSeconds: number) {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The order reference on receipts and in the admin: the enrolment's id, e.g. "EL-000042". */
export function orderReference(enrollmentId: number) {
  return `EL-${String(enrollmentId).padStart(6, "0")}`;
}

/** A recording's transcript as paragraphs: stage directions ("[pause]", "[bell]") shape the audio, not the text. */
export function transcriptParagraphs(transcript: string) {
  return transcript
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\[[^\]]{1,40}\]\s*/g, " ").trim())
    .filter(Boolean);
}

/** A count as the admin writes it: "1,234" (one formatter, made once: `toLocaleString` builds one per call). */
export function formatCount(n: number) {
  return COUNT.format(n);
}

/** A count with its unit, singular for exactly one: "1 hour", "2 hours", "1.5 hours", "1 minute". */
export function countOf(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** A length in hours ("1 hour", "6 hours"). */
export function formatHours(hours: number) {
  return countOf(hours, "hour");
}

/** A length in minutes ("1 minute", "15 minutes"). */
export function formatMinutes(minutes: number) {
  return countOf(minutes, "minute");
}

/** A length given in minutes, in whole hours when it is some ("30 minutes", "1 hour", "2 hours", "90 minutes"). */
export function formatDuration(minutes: number) {
  return minutes >= 60 && minutes % 60 === 0 ? formatHours(minutes / 60) : formatMinutes(minutes);
}

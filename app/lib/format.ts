/** Formatting shared by pages: dates like "March 5, 2025", US dollars, m:ss. */

// Intl formatters are costly to build (a page formats dozens of dates): each is made once, on first use.
const LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatLongDate(isoDate: string) {
  // Dates are calendar dates (YYYY-MM-DD); format in UTC so no time zone shifts the day.
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return LONG_DATE.format(date);
}

export function formatUsd(amount: number) {
  return USD.format(amount);
}

/** An amount in a currency's minor units (Stripe's `amount`: cents, or yen for a zero-decimal currency), e.g. "€30.00". */
export function formatMoney(minorUnits: number, currency: string) {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    moneyFormats.set(code, format);
  }
  return format.format(minorUnits / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
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

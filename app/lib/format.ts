/** Formatting shared by pages: dates like "March 5, 2025", US dollars, m:ss. */

export function formatLongDate(isoDate: string) {
  // Dates are calendar dates (YYYY-MM-DD); format in UTC so no time zone shifts the day.
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(date);
}

export function formatUsd(amount: number) {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(amount);
}

export function formatClock(totalSeconds: number) {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * Shortens text to at most `max` characters, ellipsis included, cutting at a word boundary
 * (a single word longer than that is cut where it must be) and dropping punctuation left dangling.
 */
export function truncate(text: string, max: number) {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  // The text runs on past the cut: if it continues with a space, `room` already ends on a whole word.
  const wordEnd = /\s/.test(clean[max - 1] ?? "") ? room.length : room.search(/\s+\S*$/);
  const cut = wordEnd > 0 ? room.slice(0, wordEnd) : room;
  return `${cut.replace(/[\s,;:.\-–—]+$/, "")}…`;
}

/**
 * "by Plato", but an author line that already says how the work came about ("Traditionally attributed
 * to…", "Adapted from…") stands alone, so no reader meets "by Traditionally attributed to the Buddha".
 */
export function byline(author: string) {
  const text = author.trim();
  return /^(traditionally|attributed|adapted|after|from|based on|compiled|edited|translated)\b/i.test(text) ? text : `by ${text}`;
}

/** The course page's enrolment count: the real number, worded as an invitation while there is none. */
export function enrolmentLabel(count: number) {
  if (count <= 0) return "Be among the first to enrol";
  return count === 1 ? "1 student enrolled" : `${count} students enrolled`;
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

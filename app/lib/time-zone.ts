/**
 * Times in the owner's own time zone (a newsletter issue's scheduled send): the form shows a `datetime-local` in the
 * browser's zone and sends its IANA name with it ("Europe/Berlin"); the server turns the two into a UTC instant, which
 * is what is stored. Shared by the browser (showing a stored time) and the server (reading the form).
 */

import { formatDateTimeUtc } from "./format";

/** What a `datetime-local` field holds: "2026-12-01T09:00" (seconds optional). */
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** True for a time zone name the runtime knows ("UTC", "Europe/Berlin"). */
export function isTimeZone(name: string) {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The browser's time zone (UTC where it cannot say). */
export function browserTimeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string) {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock fields of an instant in a zone, as if they were UTC (milliseconds). */
function wallClockAsUtc(instant: number, timeZone: string) {
  const parts = Object.fromEntries(
    zoneFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
}

/**
 * The UTC instant (ISO) of a wall-clock time in a zone: "2026-12-01T09:00" in "Europe/Berlin" is 08:00Z. Null for text
 * that is not such a time, an impossible date (Feb 30) or an unknown zone. A time that does not exist (the hour skipped
 * when clocks go forward) is read with the offset before the change, so it lands just after it; a time that happens twice
 * (clocks go back) is the first of the two.
 */
export function zonedTimeToUtc(local: string, timeZone: string): string | null {
  const match = LOCAL_PATTERN.exec(local.trim());
  if (!match || !isTimeZone(timeZone)) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) {
    return null;
  }
  // The zone's offset a day before and after: the earlier reading of an ambiguous time, a shift past a gap.
  const offsetAt = (instant: number) => wallClockAsUtc(instant, timeZone) - instant;
  const candidates = [offsetAt(asUtc - 86_400_000), offsetAt(asUtc + 86_400_000)].map((offset) => asUtc - offset);
  const exact = candidates.filter((instant) => wallClockAsUtc(instant, timeZone) === asUtc).sort((a, b) => a - b);
  return new Date(exact[0] ?? (candidates[0] as number)).toISOString();
}

/** A stored instant as a `datetime-local` value in a zone ("2026-12-01T09:00"); "" for none. */
export function utcToZonedInput(iso: string | null | undefined, timeZone: string) {
  if (!iso || !isTimeZone(timeZone)) return "";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return new Date(wallClockAsUtc(time, timeZone)).toISOString().slice(0, 16);
}

const inZoneFormats = new Map<string, Intl.DateTimeFormat>();

/** "Dec 1, 2026, 09:00 CET" (with `seconds`, "09:00:15 CET"): an instant in a zone, saying the zone. */
export function formatInTimeZone(iso: string, timeZone: string, { seconds = false } = {}) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime()) || !isTimeZone(timeZone)) return iso;
  const key = `${timeZone} ${seconds}`;
  let format = inZoneFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      ...(seconds ? { second: "2-digit" } : {}),
      hourCycle: "h23",
      timeZone,
      timeZoneName: "short",
    });
    inZoneFormats.set(key, format);
  }
  return format.format(date);
}

/**
 * The admin's one way to show a stored instant: in the owner's time zone (Settings → Time zone), saying the zone; in
 * UTC when none is set ("Nov 24, 2026, 06:30 UTC"). The zone comes from the server (the admin layout's loader), so the
 * server's render and the browser's match.
 */
export function formatOwnerTime(iso: string, ownerZone: string, { seconds = false } = {}) {
  if (!ownerZone || ownerZone === "UTC" || !isTimeZone(ownerZone)) return formatDateTimeUtc(iso, { seconds });
  return formatInTimeZone(iso, ownerZone, { seconds });
}

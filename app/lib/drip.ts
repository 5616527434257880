/**
 * Drip release: when a course's lessons open for a learner (docs/courses-and-learning.md, "Drip release"). Pure, so the
 * lesson page, the server's checks, the cron's e-mail and the admin form compute the same moments.
 *
 * A module opens at 00:00 UTC of a day, so "opens on <date>" is true for the whole of that day, and the daily cron
 * (03:17 UTC) e-mails on the day it opened.
 */

import { countOf, formatLongDate } from "./format";

export const DRIP_MODES = ["all", "modules", "dates"] as const;
export type DripMode = (typeof DRIP_MODES)[number];

export const DRIP_MODE_LABELS: Record<DripMode, string> = {
  all: "All lessons at once",
  modules: "Module by module, every N days after enrolment",
  dates: "Each module on a fixed date (set in the outline)",
};

/** The longest gap between two modules the form accepts: a typo guard, not a business rule. */
export const DRIP_DAYS_MAX = 365;

export type DripSettings = { mode: string; days: number };
/** A module as the drip sees it: its place in the course (0 = the first) and its date for "dates". */
export type DripModule = { index: number; dripDate: string | null };

const DAY_MS = 24 * 60 * 60 * 1000;

/** 00:00 UTC of a moment's day. */
export function startOfUtcDay(moment: Date) {
  return new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));
}

/** The UTC day of a moment, YYYY-MM-DD. */
export const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

/**
 * When a module opens for a learner enrolled at `enrolledAt`, or null when it is open from enrolment: every module of
 * an "all" course, the first module of a "modules" course, and a "dates" module without a date.
 * "modules": module k opens k × days days after 00:00 UTC of the enrolment's day.
 */
export function moduleOpensAt(settings: DripSettings, module: DripModule, enrolledAt: string | Date): Date | null {
  if (settings.mode === "modules") {
    if (module.index <= 0 || settings.days <= 0) return null;
    const enrolled = new Date(enrolledAt);
    if (Number.isNaN(enrolled.getTime())) return null;
    return new Date(startOfUtcDay(enrolled).getTime() + module.index * settings.days * DAY_MS);
  }
  if (settings.mode === "dates") {
    if (!module.dripDate || !/^\d{4}-\d{2}-\d{2}$/.test(module.dripDate)) return null;
    const date = new Date(`${module.dripDate}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/**
 * When a lesson opens for a learner, or null when it is open now: the free preview is never dripped, and a lesson of a
 * module whose moment has come is open.
 */
export function lessonOpensAt(
  settings: DripSettings,
  module: DripModule,
  lesson: { freePreview: boolean },
  enrolledAt: string | Date,
  now: Date,
): Date | null {
  if (lesson.freePreview) return null;
  const opensAt = moduleOpensAt(settings, module, enrolledAt);
  return opensAt && opensAt.getTime() > now.getTime() ? opensAt : null;
}

/** "module 2 on December 9, 2026, module 3 on December 16, 2026": modules named by their place (the first is module 1). */
function openings(items: readonly { index: number; at: Date }[]) {
  return items.map(({ index, at }) => `module ${index + 1} on ${formatLongDate(at)}`).join(", ");
}

/**
 * When a course's modules open, in words, for the pages that sell it (the course page, the payment-success page), or
 * null when every module is open at enrolment (an "all" course, or a "dates" course whose dates have all come).
 * `enrolledAt`: the enrolment the dates count from (the success page's); without it, a "modules" course is described
 * by its rhythm.
 */
export function dripSummary(
  settings: DripSettings,
  dripDates: readonly (string | null)[],
  { now, enrolledAt }: { now: Date; enrolledAt?: string | Date },
): string | null {
  if (settings.mode === "modules" && dripDates.length > 1 && settings.days > 0) {
    if (enrolledAt === undefined) {
      return `Modules open one at a time: the first when you enrol, then one every ${countOf(settings.days, "day")}.`;
    }
    const later = dripDates.flatMap((dripDate, index) => {
      const at = moduleOpensAt(settings, { index, dripDate }, enrolledAt);
      return at && at.getTime() > now.getTime() ? [{ index, at }] : [];
    });
    if (later.length === 0) return null;
    // "module 2 opens on …, module 3 on …"
    return `Module 1 is open now; ${openings(later).replace(" on ", " opens on ")}.`;
  }
  if (settings.mode === "dates") {
    const later = dripDates.flatMap((dripDate, index) => {
      const at = moduleOpensAt(settings, { index, dripDate }, now);
      return at && at.getTime() > now.getTime() ? [{ index, at }] : [];
    });
    if (later.length === 0) return null;
    return `Modules open on set dates: ${openings(later)}; the others are open from enrolment.`;
  }
  return null;
}

/**
 * The same in a few words, for a course card and the course page's facts: null when every module is open at enrolment.
 * `lastDripDate`: a "dates" course's latest module date (YYYY-MM-DD), or null.
 */
export function dripLabel(settings: DripSettings, lastDripDate: string | null, now: Date): string | null {
  if (settings.mode === "modules" && settings.days > 0) return `A new module every ${countOf(settings.days, "day")}`;
  const last = settings.mode === "dates" && lastDripDate ? moduleOpensAt(settings, { index: 1, dripDate: lastDripDate }, now) : null;
  if (last && last.getTime() > now.getTime()) {
    return "Modules open on set dates";
  }
  return null;
}

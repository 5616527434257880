/** Drip release's moments (app/lib/drip.ts): module by module every N days, fixed dates, the preview, the enrolment's day. */
import { describe, expect, it } from "vitest";
import { lessonOpensAt, moduleOpensAt, utcDay } from "./drip";

const ENROLLED = "2026-11-02T15:40:00.000Z";
const day = (iso: string) => new Date(iso);
const lesson = { freePreview: false };

describe("moduleOpensAt", () => {
  it("all at once: every module open from enrolment", () => {
    for (const index of [0, 1, 5]) expect(moduleOpensAt({ mode: "all", days: 7 }, { index, dripDate: "2030-01-01" }, ENROLLED)).toBeNull();
  });

  it("module by module: module k opens k × N days after 00:00 UTC of the enrolment's day", () => {
    const settings = { mode: "modules", days: 7 };
    expect(moduleOpensAt(settings, { index: 0, dripDate: null }, ENROLLED)).toBeNull();
    expect(moduleOpensAt(settings, { index: 1, dripDate: null }, ENROLLED)?.toISOString()).toBe("2026-11-09T00:00:00.000Z");
    expect(moduleOpensAt(settings, { index: 3, dripDate: null }, ENROLLED)?.toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(moduleOpensAt({ mode: "modules", days: 2 }, { index: 2, dripDate: null }, ENROLLED)?.toISOString()).toBe(
      "2026-11-06T00:00:00.000Z",
    );
    // A module's date is ignored in this mode.
    expect(moduleOpensAt(settings, { index: 1, dripDate: "2030-01-01" }, ENROLLED)?.toISOString()).toBe("2026-11-09T00:00:00.000Z");
  });

  it("the basis is the enrolment's UTC day: enrolling late in the evening or just after midnight counts from that day", () => {
    const settings = { mode: "modules", days: 1 };
    expect(moduleOpensAt(settings, { index: 1, dripDate: null }, "2026-11-02T23:59:59.999Z")?.toISOString()).toBe(
      "2026-11-03T00:00:00.000Z",
    );
    expect(moduleOpensAt(settings, { index: 1, dripDate: null }, "2026-11-03T00:00:00.000Z")?.toISOString()).toBe(
      "2026-11-04T00:00:00.000Z",
    );
  });

  it("fixed dates: each module at 00:00 UTC of its date, whatever the enrolment; a module without a date is open", () => {
    const settings = { mode: "dates", days: 7 };
    expect(moduleOpensAt(settings, { index: 0, dripDate: "2026-12-01" }, ENROLLED)?.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(moduleOpensAt(settings, { index: 2, dripDate: "2026-12-01" }, "2027-05-01T00:00:00Z")?.toISOString()).toBe(
      "2026-12-01T00:00:00.000Z",
    );
    expect(moduleOpensAt(settings, { index: 1, dripDate: null }, ENROLLED)).toBeNull();
    expect(moduleOpensAt(settings, { index: 1, dripDate: "not a date" }, ENROLLED)).toBeNull();
  });
});

describe("lessonOpensAt", () => {
  const settings = { mode: "modules", days: 7 };
  const second = { index: 1, dripDate: null };

  it("locked before its moment, open from it on", () => {
    expect(lessonOpensAt(settings, second, lesson, ENROLLED, day(ENROLLED))?.toISOString()).toBe("2026-11-09T00:00:00.000Z");
    expect(lessonOpensAt(settings, second, lesson, ENROLLED, day("2026-11-08T23:59:59.999Z"))).not.toBeNull();
    expect(lessonOpensAt(settings, second, lesson, ENROLLED, day("2026-11-09T00:00:00.000Z"))).toBeNull();
    expect(lessonOpensAt(settings, second, lesson, ENROLLED, day("2027-01-01T00:00:00.000Z"))).toBeNull();
  });

  it("the free preview is never locked, in any mode", () => {
    for (const mode of ["modules", "dates"])
      expect(
        lessonOpensAt({ mode, days: 7 }, { index: 4, dripDate: "2099-01-01" }, { freePreview: true }, ENROLLED, day(ENROLLED)),
      ).toBeNull();
    expect(lessonOpensAt({ mode: "dates", days: 7 }, { index: 4, dripDate: "2099-01-01" }, lesson, ENROLLED, day(ENROLLED))).not.toBeNull();
  });

  it("a later enrolment opens later: the basis is the learner's own enrolment", () => {
    const now = day("2026-11-10T12:00:00Z");
    expect(lessonOpensAt(settings, second, lesson, "2026-11-02T10:00:00Z", now)).toBeNull();
    expect(lessonOpensAt(settings, second, lesson, "2026-11-05T10:00:00Z", now)?.toISOString()).toBe("2026-11-12T00:00:00.000Z");
  });
});

it("utcDay is the day in UTC", () => {
  expect(utcDay(day("2026-11-02T23:59:59Z"))).toBe("2026-11-02");
});

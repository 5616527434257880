import { describe, expect, it } from "vitest";
import { formatInTimeZone, isTimeZone, utcToZonedInput, zonedTimeToUtc } from "./time-zone";

describe("a wall-clock time in a time zone becomes UTC", () => {
  it("reads each zone's offset on that date (summer and winter time)", () => {
    expect(zonedTimeToUtc("2027-01-15T09:00", "Europe/Berlin")).toBe("2027-01-15T08:00:00.000Z");
    expect(zonedTimeToUtc("2027-07-15T09:00", "Europe/Berlin")).toBe("2027-07-15T07:00:00.000Z");
    expect(zonedTimeToUtc("2027-01-15T09:00", "America/New_York")).toBe("2027-01-15T14:00:00.000Z");
    expect(zonedTimeToUtc("2027-01-15T09:00", "Asia/Kolkata")).toBe("2027-01-15T03:30:00.000Z");
    expect(zonedTimeToUtc("2027-01-15T23:30", "Pacific/Auckland")).toBe("2027-01-15T10:30:00.000Z");
    expect(zonedTimeToUtc("2027-01-15T09:00", "UTC")).toBe("2027-01-15T09:00:00.000Z");
  });

  it("a time skipped by the clocks going forward lands after the change; one that happens twice is the first", () => {
    // Berlin, 28 March 2027: 02:00 CET jumps to 03:00 CEST.
    expect(zonedTimeToUtc("2027-03-28T02:30", "Europe/Berlin")).toBe("2027-03-28T01:30:00.000Z");
    // Berlin, 31 October 2027: 03:00 CEST goes back to 02:00 CET, so 02:30 happens twice.
    expect(zonedTimeToUtc("2027-10-31T02:30", "Europe/Berlin")).toBe("2027-10-31T00:30:00.000Z");
  });

  it("refuses what is not a time, an impossible date or an unknown zone", () => {
    expect(zonedTimeToUtc("2027-02-30T09:00", "UTC")).toBeNull();
    expect(zonedTimeToUtc("tomorrow", "UTC")).toBeNull();
    expect(zonedTimeToUtc("2027-01-15T25:00", "UTC")).toBeNull();
    expect(zonedTimeToUtc("2027-01-15T09:00", "Mars/Olympus")).toBeNull();
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("")).toBe(false);
  });

  it("a stored instant shows as the zone's wall clock, naming the zone", () => {
    expect(utcToZonedInput("2027-01-15T08:00:00.000Z", "Europe/Berlin")).toBe("2027-01-15T09:00");
    expect(utcToZonedInput(null, "Europe/Berlin")).toBe("");
    expect(formatInTimeZone("2027-01-15T08:00:00.000Z", "UTC")).toBe("Jan 15, 2027, 08:00 UTC");
    expect(formatInTimeZone("2027-01-15T14:00:00.000Z", "America/New_York")).toBe("Jan 15, 2027, 09:00 EST");
  });
});

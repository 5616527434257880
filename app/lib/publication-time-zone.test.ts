/**
 * Scheduling in the owner's time zone: the editor shows the stored UTC publish time in the zone and turns what is typed
 * there back into UTC (app/lib/publication.ts over app/lib/time-zone.ts); Settings accepts only zone names the runtime knows.
 */
import { describe, expect, it } from "vitest";
import { siteSettingsSchema } from "./admin-account-schemas";
import { formatPublishAtIn, parsePublishAt, publishAtFromZone, publishAtInZone } from "./publication";

describe("a publish time in America/New_York", () => {
  const zone = "America/New_York";

  it("typed in winter (EST, UTC-5) is stored as the right UTC instant and shown back as typed", () => {
    const stored = publishAtFromZone("2030-01-15T09:00", zone);
    expect(stored).toBe("2030-01-15T14:00");
    expect(parsePublishAt(stored)).toBe("2030-01-15T14:00:00.000Z");
    expect(publishAtInZone(stored, zone)).toBe("2030-01-15T09:00");
    expect(formatPublishAtIn(parsePublishAt(stored) as string, zone)).toBe("Jan 15, 2030, 09:00 EST");
  });

  it("typed in summer (EDT, UTC-4) too, across the day boundary", () => {
    expect(publishAtFromZone("2030-07-15T22:30", zone)).toBe("2030-07-16T02:30");
    expect(publishAtInZone("2030-07-16T02:30", zone)).toBe("2030-07-15T22:30");
  });

  it("the hour the clocks skip lands after the change; UTC is unchanged; an empty field stays empty", () => {
    // 2030-03-10 02:30 does not exist in New York (02:00 EST → 03:00 EDT): read with the offset before, 07:30Z = 03:30 EDT.
    expect(publishAtFromZone("2030-03-10T02:30", zone)).toBe("2030-03-10T07:30");
    expect(publishAtFromZone("2030-01-15T09:00", "UTC")).toBe("2030-01-15T09:00");
    expect(publishAtInZone("2030-01-15T09:00", "UTC")).toBe("2030-01-15T09:00");
    expect(formatPublishAtIn("2030-01-15T09:00:00.000Z", "UTC")).toBe("Jan 15, 2030, 09:00 UTC");
    expect(publishAtFromZone("", zone)).toBe("");
    expect(publishAtInZone("", zone)).toBe("");
  });
});

describe("the Time zone setting", () => {
  const settings = {
    name: "Site",
    email: "owner@example.com",
    phone: "",
    address: "",
    instagram: "",
    youtube: "",
    linkedin: "",
    operatorEmail: "",
  };

  it("takes a zone name, or empty (the browser's)", () => {
    expect(siteSettingsSchema.parse({ ...settings, timeZone: "America/New_York" }).timeZone).toBe("America/New_York");
    expect(siteSettingsSchema.parse({ ...settings, timeZone: "" }).timeZone).toBe("");
  });

  it.each(["Mars/Olympus", "EST5EDT; DROP TABLE", "x".repeat(65)])("refuses %s with a message naming the field", (timeZone) => {
    const parsed = siteSettingsSchema.safeParse({ ...settings, timeZone });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/Time zone/);
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDateTimeUtc, formatDuration, formatLongDate, formatMoney, formatShortDate, formatUsd } from "./format";

describe("formatters", () => {
  afterEach(() => vi.restoreAllMocks());

  it("format dates and money as before", () => {
    expect(formatLongDate("2025-03-05")).toBe("March 5, 2025");
    expect(formatLongDate("not a date")).toBe("not a date");
    expect(formatUsd(49)).toBe("$49.00");
    expect(formatMoney(3000, "eur")).toBe("€30.00");
    expect(formatMoney(3000, "JPY")).toBe("¥3,000");
  });

  it("money is given in minor units: a zero-decimal currency (JPY) is not divided by 100", () => {
    expect(formatMoney(4900, "jpy")).toBe("¥4,900");
    expect(formatMoney(4900, "jpy", { code: true })).toBe("¥4,900 JPY");
    expect(formatMoney(4900, "usd")).toBe("$49.00");
    expect(formatMoney(7900, "usd", { code: true })).toBe("$79.00 USD");
    expect(formatMoney(3050, "eur", { code: true })).toBe("€30.50 EUR");
    expect(formatMoney(1234567, "usd")).toBe("$12,345.67");
  });

  it("dates and times are en-US, in UTC, the admin's saying so", () => {
    expect(formatLongDate(new Date("2026-11-21T23:30:00Z"))).toBe("November 21, 2026");
    expect(formatShortDate("2026-11-24T23:30:00Z")).toBe("Nov 24, 2026");
    expect(formatDateTimeUtc("2026-11-24T06:30:15.000Z")).toBe("Nov 24, 2026, 06:30 UTC");
    expect(formatDateTimeUtc("2026-11-24T00:05:09.000Z", { seconds: true })).toBe("Nov 24, 2026, 00:05:09 UTC");
    expect(formatShortDate("nonsense")).toBe("nonsense");
  });

  it("are made once, not on every call (a page formats dozens of dates)", () => {
    formatMoney(100, "usd");
    const dateFormats = vi.spyOn(Intl, "DateTimeFormat");
    const numberFormats = vi.spyOn(Intl, "NumberFormat");
    for (let i = 0; i < 5; i++) {
      formatLongDate("2025-03-05");
      formatUsd(i);
      formatMoney(i * 100, "usd");
    }
    expect(dateFormats).not.toHaveBeenCalled();
    expect(numberFormats).not.toHaveBeenCalled();
  });
});

describe('durations (never "1 hours")', () => {
  it("are singular for exactly one", async () => {
    const { countOf, formatHours, formatMinutes } = await import("./format");
    expect(formatHours(1)).toBe("1 hour");
    expect(formatHours(6)).toBe("6 hours");
    expect(formatHours(1.5)).toBe("1.5 hours");
    expect(formatMinutes(1)).toBe("1 minute");
    expect(formatMinutes(15)).toBe("15 minutes");
    expect(countOf(1, "lesson")).toBe("1 lesson");
    expect(countOf(0, "module")).toBe("0 modules");
    expect(formatDuration(30)).toBe("30 minutes");
    expect(formatDuration(60)).toBe("1 hour");
    expect(formatDuration(120)).toBe("2 hours");
    expect(formatDuration(90)).toBe("90 minutes");
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { formatLongDate, formatMoney, formatUsd } from "./format";

describe("formatters", () => {
  afterEach(() => vi.restoreAllMocks());

  it("format dates and money as before", () => {
    expect(formatLongDate("2025-03-05")).toBe("March 5, 2025");
    expect(formatLongDate("not a date")).toBe("not a date");
    expect(formatUsd(49)).toBe("$49.00");
    expect(formatMoney(3000, "eur")).toBe("€30.00");
    expect(formatMoney(3000, "JPY")).toBe("¥3,000");
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
  });
});

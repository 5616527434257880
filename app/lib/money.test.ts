import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToText, moneyCents, parseMoneyCents } from "./money";

describe("parseMoneyCents: dollars and cents as whole cents, from the text", () => {
  it("reads the amounts a float check refused: $19.99, $79.99, $4.35, and a JSON number as written", () => {
    expect(parseMoneyCents("19.99")).toBe(1999);
    expect(parseMoneyCents("79.99")).toBe(7999);
    expect(parseMoneyCents("4.35")).toBe(435);
    expect(parseMoneyCents(4.35)).toBe(435);
    expect(parseMoneyCents(0.07)).toBe(7);
    expect(parseMoneyCents("$1,299.5")).toBe(129950);
    expect(parseMoneyCents(" 49 ")).toBe(4900);
    expect(parseMoneyCents("0")).toBe(0);
  });

  it("refuses what is not an amount: a third decimal, a sign, letters, exponents, infinities", () => {
    for (const bad of [
      "4.355",
      "-1",
      "+1",
      "1e3",
      "abc",
      "",
      ".5",
      "1.",
      "1,00",
      "12,3456",
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -0.5,
      1e21,
    ]) {
      expect(parseMoneyCents(bad), String(bad)).toBeNull();
    }
  });

  it("property: every whole number of cents round-trips through its text and its JSON number", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        const text = centsToText(cents);
        expect(parseMoneyCents(text)).toBe(cents);
        expect(parseMoneyCents(Number(text))).toBe(cents);
      }),
      { numRuns: 2000 },
    );
  });

  it("property: any text with three or more decimals is refused, never rounded", () => {
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), fc.stringMatching(/^\d{3,6}$/), (whole, decimals) => {
        expect(parseMoneyCents(`${whole}.${decimals}`)).toBeNull();
      }),
    );
  });
});

describe("moneyCents: the zod field every money form shares", () => {
  const price = moneyCents({
    required: "Please enter the price.",
    invalid: "A price is in dollars and cents, e.g. 99 or 99.50.",
    max: [100_000_000, "The price is too large."],
  });
  it("gives cents, or the field's message", () => {
    expect(price.parse("19.99")).toBe(1999);
    expect(price.safeParse("").error?.issues[0]?.message).toBe("Please enter the price.");
    expect(price.safeParse(undefined).error?.issues[0]?.message).toBe("Please enter the price.");
    expect(price.safeParse("1.999").error?.issues[0]?.message).toBe("A price is in dollars and cents, e.g. 99 or 99.50.");
    expect(price.safeParse("1000000.01").error?.issues[0]?.message).toBe("The price is too large.");
  });
});

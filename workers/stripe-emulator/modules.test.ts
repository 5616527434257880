// The emulator's modules on their own: pure card rules, per-account state, parameter readers, and the
// Stripe.js stand-in as a checked .js file served byte for byte. emulator.test.ts covers the HTTP behaviour.
import { describe, expect, it } from "vitest";
import { createAccount } from "./account";
import { cardBrand, evaluateCard, luhnValid, testPaymentMethodCard } from "./cards";
import { createStripeEmulator } from "./emulator";
import { mergeMetadata, textOrNull } from "./params";
import standin from "./stripe-js-standin.js?raw";

const OPTIONS = { secretKey: "sk_test_modules_12345678", webhookSecret: "whsec_modules_12345678" };
const JUNE_2030 = Date.UTC(2030, 5, 15);
const card = (number: string, extra: Partial<Parameters<typeof evaluateCard>[0]> = {}) => ({
  number,
  exp_month: 12,
  exp_year: 2031,
  cvc: "123",
  trusted: false,
  ...extra,
});

describe("cards", () => {
  it("checks numbers with Luhn and names brands", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(["378282246310005", "4242424242424242", "5555555555554444", "6011111111111117"].map(cardBrand)).toEqual([
      "amex",
      "visa",
      "mastercard",
      "discover",
    ]);
  });

  it("decides outcomes: success, test declines, bad number, expiry and CVC", () => {
    expect(evaluateCard(card("4242424242424242"), JUNE_2030)).toBeNull();
    expect(evaluateCard(card("4000000000009995"), JUNE_2030)).toMatchObject({
      code: "card_declined",
      decline_code: "insufficient_funds",
      charged: true,
    });
    expect(evaluateCard(card("4242424242424241"), JUNE_2030)).toMatchObject({ code: "incorrect_number", charged: false });
    expect(evaluateCard(card("4242424242424242", { exp_year: 2030, exp_month: 5 }), JUNE_2030)).toMatchObject({
      code: "expired_card",
      charged: false,
    });
    expect(evaluateCard(card("4242424242424242", { exp_month: 13 }), JUNE_2030)).toMatchObject({ code: "invalid_expiry_month" });
    expect(evaluateCard(card("378282246310005"), JUNE_2030)).toMatchObject({ code: "incorrect_cvc", param: "cvc" });
    expect(evaluateCard(card("378282246310005", { cvc: "1234" }), JUNE_2030)).toBeNull();
  });

  it("turns Stripe's test PaymentMethod ids into trusted cards valid for three more years", () => {
    expect(testPaymentMethodCard("pm_card_visa", JUNE_2030)).toEqual({
      number: "4242424242424242",
      exp_month: 12,
      exp_year: 2033,
      cvc: null,
      trusted: true,
    });
    expect(testPaymentMethodCard("pm_card_nonexistent", JUNE_2030)).toBeNull();
    expect(evaluateCard(testPaymentMethodCard("pm_card_chargeDeclined", JUNE_2030)!, JUNE_2030)).toMatchObject({
      decline_code: "generic_decline",
    });
  });
});

describe("account state", () => {
  it("is one object per account, shared with nothing", () => {
    const a = createAccount(OPTIONS);
    const b = createAccount(OPTIONS);
    expect(a.intents).not.toBe(b.intents);
    expect(a.events).not.toBe(b.events);
    expect(a.idempotency).not.toBe(b.idempotency);
    expect(() => createAccount({ ...OPTIONS, secretKey: "sk_live_12345678" })).toThrow(/sk_test_/);
  });
});

describe("parameter readers", () => {
  it("merge metadata and unset fields the way Stripe does", () => {
    expect(mergeMetadata({ a: "1", b: "" }, { b: "2", c: "3" })).toEqual({ a: "1", c: "3" });
    expect(mergeMetadata("", { c: "3" })).toEqual({});
    expect(mergeMetadata(undefined, { c: "3" })).toEqual({ c: "3" });
    expect([textOrNull({ x: "" }, "x"), textOrNull({}, "x"), textOrNull({ x: "v" }, "x")]).toEqual([null, undefined, "v"]);
  });
});

describe("the Stripe.js stand-in", () => {
  it("is a type-checked .js file, served as written", async () => {
    expect(standin.startsWith("// @ts-check\n")).toBe(true);
    const response = await createStripeEmulator(OPTIONS).fetch(new Request("http://localhost/__stripe/v3/stripe.js"));
    expect(await response.text()).toBe(standin);
  });
});

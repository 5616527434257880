import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { withVars } from "../../../tests/support/env";
import { ConfigError, config, forgetConfig, parseConfig } from "./config.server";

/** The error `parseConfig(source)` throws. */
function errorOf(source: Record<string, string>): ConfigError {
  try {
    parseConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("config", () => {
  it("has a default for every var a run may leave unset", () => {
    const defaults = parseConfig({});
    expect(defaults).toMatchObject({
      SITE_NAME: "",
      SITE_URL: "",
      SOCIAL_INSTAGRAM_URL: "",
      MAIL_FROM: "",
      DEV_MAILBOX: false,
      ON_CLOUDFLARE: false,
      PAGE_CACHE: true,
      ANALYTICS: true,
      BENCH_ROUTES: false,
      E2E_ROUTES: false,
      DEFERRED_READ_DELAY_MS: 0,
      RATE_LIMIT_NEWSLETTER_PER_HOUR: 10,
      RATE_LIMIT_CONTACT_PER_HOUR: 5,
      RATE_LIMIT_PAYMENT_INTENTS_PER_HOUR: 20,
      RATE_LIMIT_ACCESS_LINKS_PER_HOUR: 5,
      RATE_LIMIT_ACCESS_LINKS_PER_RECIPIENT_PER_HOUR: 3,
      RATE_LIMIT_NEWSLETTER_PER_RECIPIENT_PER_HOUR: 3,
      RATE_LIMIT_GIFT_SENDS_PER_HOUR: 10,
      RATE_LIMIT_GIFT_SENDS_PER_GIFT_PER_HOUR: 3,
      RATE_LIMIT_COUPON_CHECKS_PER_HOUR: 30,
      MAIL_TRANSPORT_TRANSACTIONAL: "email-service",
      MAIL_TRANSPORT_NEWSLETTER: "provider",
    });
    for (const name of [
      "ADMIN_USERNAME",
      "LEARNER_SESSION_SECRET",
      "STRIPE_SECRET_KEY",
      "STRIPE_EMULATOR_SECRET_KEY",
      "RESEND_API_KEY",
      "RESEND_WEBHOOK_SECRET",
      "MAIL_PROVIDER_EMULATOR_API_KEY",
    ] as const) {
      expect(defaults[name], name).toBeUndefined();
    }
    // Empty is unset too (wrangler.toml's empty vars).
    expect(
      parseConfig({ RATE_LIMIT_CONTACT_PER_HOUR: "", DEFERRED_READ_DELAY_MS: "", PAGE_CACHE: "", LEARNER_SESSION_SECRET: "  " }),
    ).toMatchObject({
      RATE_LIMIT_CONTACT_PER_HOUR: 5,
      DEFERRED_READ_DELAY_MS: 0,
      PAGE_CACHE: true,
      LEARNER_SESSION_SECRET: undefined,
    });
  });

  it("turns the strings into typed values", () => {
    const parsed = parseConfig({
      SITE_URL: "https://theexaminedlife.org/",
      SOCIAL_YOUTUBE_URL: " https://youtube.com/@examined ",
      DEV_MAILBOX: "on",
      ON_CLOUDFLARE: "true",
      PAGE_CACHE: "off",
      BENCH_ROUTES: "on",
      E2E_ROUTES: "on",
      DEFERRED_READ_DELAY_MS: "300",
      RATE_LIMIT_NEWSLETTER_PER_HOUR: "400",
      STRIPE_SECRET_KEY: " sk_live_x ",
      MAIL_TRANSPORT_TRANSACTIONAL: "provider",
      MAIL_TRANSPORT_NEWSLETTER: "email-service",
    });
    expect(parsed).toMatchObject({
      SITE_URL: "https://theexaminedlife.org/",
      SOCIAL_YOUTUBE_URL: "https://youtube.com/@examined",
      DEV_MAILBOX: true,
      ON_CLOUDFLARE: true,
      PAGE_CACHE: false,
      BENCH_ROUTES: true,
      E2E_ROUTES: true,
      DEFERRED_READ_DELAY_MS: 300,
      RATE_LIMIT_NEWSLETTER_PER_HOUR: 400,
      STRIPE_SECRET_KEY: "sk_live_x",
      MAIL_TRANSPORT_TRANSACTIONAL: "provider",
      MAIL_TRANSPORT_NEWSLETTER: "email-service",
    });
    expect(parseConfig({ ON_CLOUDFLARE: "false", DEV_MAILBOX: "off", PAGE_CACHE: "on" })).toMatchObject({
      ON_CLOUDFLARE: false,
      DEV_MAILBOX: false,
      PAGE_CACHE: true,
    });
    // The slow-network delay is capped at 10 s.
    expect(parseConfig({ DEFERRED_READ_DELAY_MS: "60000" }).DEFERRED_READ_DELAY_MS).toBe(10_000);
  });

  it("names the bad var and what it must be, for each kind of value", () => {
    const cases: [Record<string, string>, string][] = [
      [{ RATE_LIMIT_CONTACT_PER_HOUR: "abc" }, "RATE_LIMIT_CONTACT_PER_HOUR must be a whole number of at least 1"],
      [
        { RATE_LIMIT_ACCESS_LINKS_PER_RECIPIENT_PER_HOUR: "2.5" },
        "RATE_LIMIT_ACCESS_LINKS_PER_RECIPIENT_PER_HOUR must be a whole number of at least 1",
      ],
      [{ SITE_URL: "not a url" }, "SITE_URL must be an absolute http(s) URL"],
      [{ SITE_URL: "ftp://theexaminedlife.org" }, "SITE_URL must be an absolute http(s) URL"],
      [{ DEV_MAILBOX: "yes" }, 'DEV_MAILBOX must be "on", "off" or empty'],
      [{ ON_CLOUDFLARE: "1" }, 'ON_CLOUDFLARE must be "true", "false" or empty'],
      [{ PAGE_CACHE: "disabled" }, 'PAGE_CACHE must be "on", "off" or empty'],
      [{ ANALYTICS: "no" }, 'ANALYTICS must be "on", "off" or empty'],
      [{ DEFERRED_READ_DELAY_MS: "-5" }, "DEFERRED_READ_DELAY_MS must be a number of milliseconds, 0 or more"],
      [{ MAIL_TRANSPORT_NEWSLETTER: "resend" }, 'MAIL_TRANSPORT_NEWSLETTER must be "email-service", "provider" or empty'],
    ];
    for (const [source, message] of cases) {
      const error = errorOf(source);
      expect(error.message, message).toContain(message);
      expect(error.message).toMatch(/^Invalid configuration: /);
      expect(error.variables).toEqual(Object.keys(source));
    }
    // Every bad var at once, and never a value (some vars are secrets).
    const both = errorOf({ RATE_LIMIT_CONTACT_PER_HOUR: "abc", SITE_URL: "not a url" });
    expect(both.variables).toEqual(["SITE_URL", "RATE_LIMIT_CONTACT_PER_HOUR"]);
    expect(both.message).not.toContain("abc");
  });

  it("parses the Worker's env once per isolate, and a source object of its own once per object", () => {
    expect(config().SITE_NAME).toBe(env.SITE_NAME);
    expect(config()).toBe(config());
    const source = { RATE_LIMIT_CONTACT_PER_HOUR: "7" };
    const parsed = config(source);
    expect(parsed.RATE_LIMIT_CONTACT_PER_HOUR).toBe(7);
    // Kept for that object: a change to it is not parsed again until forgotten.
    source.RATE_LIMIT_CONTACT_PER_HOUR = "8";
    expect(config(source)).toBe(parsed);
    forgetConfig(source);
    expect(config(source).RATE_LIMIT_CONTACT_PER_HOUR).toBe(8);
    expect(config({ RATE_LIMIT_CONTACT_PER_HOUR: "9" }).RATE_LIMIT_CONTACT_PER_HOUR).toBe(9);
  });

  it("a var of the Worker's env that does not parse is named on every read, and a fixed one is read again", async () => {
    const configured = env.RATE_LIMIT_CONTACT_PER_HOUR;
    await withVars({ RATE_LIMIT_CONTACT_PER_HOUR: "abc" }, () => {
      expect(() => config()).toThrow("RATE_LIMIT_CONTACT_PER_HOUR must be a whole number of at least 1");
      expect(() => config()).toThrow(ConfigError);
    });
    await withVars({ RATE_LIMIT_CONTACT_PER_HOUR: "7" }, () => expect(config().RATE_LIMIT_CONTACT_PER_HOUR).toBe(7));
    expect(config().RATE_LIMIT_CONTACT_PER_HOUR).toBe(Number(configured));
  });
});

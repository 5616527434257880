import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { routeArgs, seedTestDb, testDb, buyerEmail } from "../../../tests/support/db";
import { bindStripeEmulatorPerTest } from "../../../tests/support/stripe";
import * as contact from "~/routes/contact";
import * as createPaymentIntent from "~/routes/api/create-payment-intent";
import * as newsletter from "~/routes/api/newsletter.subscribe";
import { RATE_LIMIT_WINDOW_MS, consumeRateLimit, rateLimitMessage, rateLimitPerHour } from "./rate-limit.server";

const counters = async () =>
  (await env.DB.prepare("SELECT bucket, client, window_start, count FROM rate_limits ORDER BY bucket, client, window_start").all()).results;

describe("consumeRateLimit (fixed one-hour window per bucket and client)", () => {
  const at = (iso: string) => new Date(iso);

  it("allows `limit` requests, then refuses with the seconds left in the window", async () => {
    const db = testDb();
    const input = { bucket: "newsletter", client: "203.0.113.9", limit: 3 } as const;
    for (let i = 0; i < 3; i++) expect(await consumeRateLimit(db, input, at("2030-01-01T10:15:00Z"))).toBeNull();
    const refusal = await consumeRateLimit(db, input, at("2030-01-01T10:40:30Z"));
    expect(refusal).toEqual({
      retryAfterSeconds: 19 * 60 + 30,
      message: "Too many requests. Please try again in 20 minutes.",
      headers: { "Retry-After": "1170" },
    });
    expect(await counters()).toEqual([
      { bucket: "newsletter", client: "203.0.113.9", window_start: Date.parse("2030-01-01T10:00:00Z"), count: 4 },
    ]);
  });

  it("counts each bucket and each client separately", async () => {
    const db = testDb();
    const now = at("2030-01-01T10:00:00Z");
    expect(await consumeRateLimit(db, { bucket: "contact", client: "a", limit: 1 }, now)).toBeNull();
    expect(await consumeRateLimit(db, { bucket: "contact", client: "a", limit: 1 }, now)).not.toBeNull();
    expect(await consumeRateLimit(db, { bucket: "contact", client: "b", limit: 1 }, now)).toBeNull();
    expect(await consumeRateLimit(db, { bucket: "newsletter", client: "a", limit: 1 }, now)).toBeNull();
  });

  it("a new window starts afresh and clears the counters of past windows", async () => {
    const db = testDb();
    const input = { bucket: "payment-intent", client: "198.51.100.1", limit: 1 } as const;
    await consumeRateLimit(db, input, at("2030-01-01T10:59:59Z"));
    expect(await consumeRateLimit(db, input, at("2030-01-01T10:59:59Z"))).toMatchObject({ retryAfterSeconds: 1 });
    expect(await consumeRateLimit(db, input, at("2030-01-01T11:00:00Z"))).toBeNull();
    expect(await counters()).toEqual([
      { bucket: "payment-intent", client: "198.51.100.1", window_start: Date.parse("2030-01-01T11:00:00Z"), count: 1 },
    ]);
  });

  it("is exact under concurrency: of 40 simultaneous requests with a limit of 7, exactly 7 pass", async () => {
    const db = testDb();
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 40 }, () => consumeRateLimit(db, { bucket: "newsletter", client: "c", limit: 7 }, now)),
    );
    expect(results.filter((result) => result === null)).toHaveLength(7);
    expect(await counters()).toEqual([expect.objectContaining({ count: 40 })]);
  });
});

describe("configuration and client keys", () => {
  it("reads RATE_LIMIT_*_PER_HOUR; missing values are the defaults, invalid ones an error naming the var", () => {
    expect(rateLimitPerHour("newsletter", {})).toBe(10);
    expect(rateLimitPerHour("contact", {})).toBe(5);
    expect(rateLimitPerHour("payment-intent", {})).toBe(20);
    expect(rateLimitPerHour("newsletter", { RATE_LIMIT_NEWSLETTER_PER_HOUR: "100000" })).toBe(100_000);
    for (const bad of ["0", "-3", "2.5", "lots"]) {
      expect(() => rateLimitPerHour("contact", { RATE_LIMIT_CONTACT_PER_HOUR: bad })).toThrow(
        "RATE_LIMIT_CONTACT_PER_HOUR must be a whole number of at least 1",
      );
    }
    // wrangler.toml's values are the defaults.
    expect(rateLimitPerHour("payment-intent")).toBe(20);
  });

  it("says minutes, rounded up", () => {
    expect(rateLimitMessage(1)).toBe("Too many requests. Please try again in 1 minute.");
    expect(rateLimitMessage(3600)).toBe("Too many requests. Please try again in 60 minutes.");
  });
});

describe("the public writes answer 429 past their limit (wrangler.toml's defaults)", () => {
  const stripe = bindStripeEmulatorPerTest();
  beforeEach(async () => {
    await seedTestDb();
  });

  const fromAddress = (address: string, path: string, body: BodyInit, contentType: string) =>
    new Request(`http://localhost${path}`, { method: "POST", headers: { "Content-Type": contentType, "CF-Connecting-IP": address }, body });
  const jsonFrom = (address: string, path: string, body: unknown) => fromAddress(address, path, JSON.stringify(body), "application/json");
  const count = async (table: string) => ((await env.DB.prepare(`SELECT count(*) n FROM ${table}`).first()) as { n: number }).n;

  it("newsletter: 10 signups an hour per address, then 429 JSON with Retry-After; others are unaffected", async () => {
    const subscribe = (address: string, email: string) =>
      newsletter.action(routeArgs(jsonFrom(address, "/api/newsletter/subscribe", { email })));
    for (let i = 0; i < 10; i++) expect((await subscribe("203.0.113.5", `reader${i}@example.com`)).status).toBe(202);
    const refused = await subscribe("203.0.113.5", "reader10@example.com");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ message: expect.stringMatching(/^Too many requests\. Please try again in \d+ minutes?\.$/) });
    expect((await subscribe("203.0.113.6", "reader10@example.com")).status).toBe(202);
    expect(await count("newsletter_subscribers")).toBe(11);
  });

  it("newsletter: invalid requests are answered 400 and do not use up the allowance", async () => {
    const subscribe = (email: string) => newsletter.action(routeArgs(jsonFrom("203.0.113.8", "/api/newsletter/subscribe", { email })));
    for (let i = 0; i < 15; i++) expect((await subscribe("not-an-email")).status).toBe(400);
    expect((await subscribe("typo-fixed@example.com")).status).toBe(202);
    // One count for the client, and one for the recipient of the confirmation e-mail.
    expect(await counters()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ bucket: "newsletter", count: 1 }),
        expect.objectContaining({ bucket: "newsletter-recipient", client: "typo-fixed@example.com", count: 1 }),
      ]),
    );
    expect(await counters()).toHaveLength(2);
  });

  it("contact: 5 messages an hour per address, then 429 with the message for the form; nothing more is stored", async () => {
    const send = () =>
      contact.action(
        routeArgs(
          fromAddress(
            "198.51.100.20",
            "/contact",
            new URLSearchParams({ name: "Ada", email: "ada@example.com", subject: "general", message: "Hello" }),
            "application/x-www-form-urlencoded",
          ),
        ),
      );
    for (let i = 0; i < 5; i++) expect(await send()).toEqual({ ok: true, message: "Thank you for your message!" });
    const refused = (await send()) as unknown as { init: ResponseInit; data: { ok: false; message: string } };
    expect(refused.init.status).toBe(429);
    expect(new Headers(refused.init.headers).get("Retry-After")).toMatch(/^\d+$/);
    // What was typed comes back with the refusal, so the form keeps it.
    expect(refused.data).toEqual({
      ok: false,
      message: expect.stringMatching(/^Too many requests\. Please try again in \d+ minutes?\.$/),
      values: { name: "Ada", email: "ada@example.com", subject: "general", message: "Hello" },
    });
    expect(await count("contact_messages")).toBe(5);
  });

  it("create-payment-intent: 20 an hour per address, then 429 before Stripe is called", async () => {
    const create = () =>
      createPaymentIntent.action(
        routeArgs(jsonFrom("192.0.2.44", "/api/create-payment-intent", { email: buyerEmail(), courseId: 1, amount: 49 })),
      );
    for (let i = 0; i < 20; i++) expect((await create()).status).toBe(200);
    expect(stripe.calls.filter((call) => call === "POST /v1/payment_intents")).toHaveLength(20);
    const refused = await create();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many requests/);
    expect(stripe.calls).toHaveLength(20);
  });
});

it("the window is one hour", () => {
  expect(RATE_LIMIT_WINDOW_MS).toBe(3_600_000);
});

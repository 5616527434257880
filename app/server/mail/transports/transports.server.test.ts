/**
 * Both transports classify every failure (retryable, deferred, permanent with a reason), and `transportFor` routes by
 * configuration: Email Service against a fake binding throwing Cloudflare's coded errors; Resend against the local
 * stand-in (workers/mail-provider-emulator) in-process, through an injected fetch.
 */
import { describe, expect, it } from "vitest";
import { createResendEmulator, newWebhookSecret } from "../../../../workers/mail-provider-emulator/emulator";
import type { TransportMessage } from "../transport.server";
import { classifyEmailServiceError, emailServiceTransport, secondsToUtcMidnight } from "./email-service.server";
import { providerMode, providerTransport, providerWebhookSecret, transportFor } from "./index.server";
import { classifyResendError, resendTransport, retryAfterSeconds } from "./resend.server";

const message = (to: string, tags?: Record<string, string>): TransportMessage => ({
  from: "The Examined Life <letters@example.org>",
  to,
  subject: "An issue",
  html: "<p>Hi</p>",
  text: "Hi",
  headers: { "List-Unsubscribe": "<https://example.org/u/x>" },
  ...(tags ? { tags } : {}),
});

function codedError(code: string, text = `send failed: ${code}`) {
  return Object.assign(new Error(text), { code });
}

describe("the Email Service transport", () => {
  const now = new Date("2026-11-24T18:00:00Z");

  it.each([
    ["E_DAILY_LIMIT_EXCEEDED", "deferred", undefined],
    ["E_RATE_LIMIT_EXCEEDED", "retryable", undefined],
    ["E_INTERNAL_SERVER_ERROR", "retryable", undefined],
    ["E_DELIVERY_FAILED", "retryable", undefined],
    ["E_RECIPIENT_SUPPRESSED", "permanent", "suppressed"],
    ["E_VALIDATION_ERROR", "permanent", "invalid-address"],
    ["E_FIELD_MISSING", "permanent", "invalid-address"],
    ["E_RECIPIENT_NOT_ALLOWED", "permanent", "rejected"],
    ["E_CONTENT_TOO_LARGE", "permanent", "rejected"],
    ["E_HEADER_NOT_ALLOWED", "permanent", "rejected"],
    ["E_SENDER_NOT_VERIFIED", "deferred", undefined],
    ["E_SENDER_DOMAIN_NOT_AVAILABLE", "deferred", undefined],
    ["E_SOMETHING_NEW", "retryable", undefined],
  ])("%s → %s", async (code, kind, reason) => {
    const transport = emailServiceTransport({ send: async () => Promise.reject(codedError(code)) }, () => now);
    const outcome = await transport.send(message("a@example.com"));
    expect(outcome).toMatchObject({ ok: false, failure: { class: kind, code } });
    if (!outcome.ok) expect(outcome.failure.reason).toBe(reason);
  });

  it("a daily limit waits for UTC midnight; a sender not verified waits an hour for the operator", () => {
    expect(classifyEmailServiceError(codedError("E_DAILY_LIMIT_EXCEEDED"), now)).toMatchObject({ retryAfterSeconds: 6 * 3600 });
    expect(secondsToUtcMidnight(new Date("2026-11-24T23:59:59.500Z"))).toBe(1);
    expect(classifyEmailServiceError(codedError("E_SENDER_NOT_VERIFIED"), now)).toMatchObject({ retryAfterSeconds: 3600 });
  });

  it("without a code: by the code or the words in the message; a network error or timeout is retryable", () => {
    expect(classifyEmailServiceError(new Error("E_RECIPIENT_SUPPRESSED: on the list"))).toMatchObject({
      class: "permanent",
      reason: "suppressed",
    });
    expect(classifyEmailServiceError(new Error("Daily sending limit reached"), now)).toMatchObject({ class: "deferred" });
    expect(classifyEmailServiceError(new Error("Rate limit exceeded"))).toMatchObject({
      class: "retryable",
      code: "E_RATE_LIMIT_EXCEEDED",
    });
    expect(classifyEmailServiceError(new TypeError("Network connection lost."))).toMatchObject({ class: "retryable", code: "unknown" });
    expect(classifyEmailServiceError(new DOMException("timed out", "TimeoutError"))).toMatchObject({ class: "retryable", code: "timeout" });
    expect(classifyEmailServiceError("weird")).toMatchObject({ class: "retryable" });
  });

  it("sends with the headers and gives the message id; a batch goes one by one and stops calling at a daily limit", async () => {
    const sent: { to: unknown; headers?: unknown }[] = [];
    let calls = 0;
    const binding = {
      send: async (input: { to: unknown; headers?: unknown }) => {
        calls++;
        if (calls === 2) throw codedError("E_DAILY_LIMIT_EXCEEDED");
        sent.push(input);
        return { messageId: `m${calls}` };
      },
    } as unknown as Pick<SendEmail, "send">;
    const transport = emailServiceTransport(binding, () => now);
    expect(transport).toMatchObject({ name: "email-service", maxBatch: 1 });
    const outcomes = await transport.sendBatch([message("a@example.com"), message("b@example.com"), message("c@example.com")]);
    expect(outcomes.map((outcome) => (outcome.ok ? outcome.providerId : outcome.failure.class))).toEqual(["m1", "deferred", "deferred"]);
    expect(calls).toBe(2);
    expect(sent[0]).toMatchObject({ to: "a@example.com", headers: { "List-Unsubscribe": "<https://example.org/u/x>" } });
  });
});

describe("the Resend transport, against the stand-in", () => {
  const apiKey = "re_test_transport_key";
  function setup(now = () => Date.parse("2026-11-24T22:00:00Z")) {
    const emulator = createResendEmulator({ apiKey, webhookSecret: newWebhookSecret(), now });
    const requests: { url: string; headers: Headers }[] = [];
    const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      requests.push({ url: request.url, headers: request.headers });
      return emulator.fetch(request);
    }) as typeof fetch;
    const transport = resendTransport({ apiKey, fetch: fetchFn, clock: () => new Date(now()) });
    return { emulator, transport, requests };
  }

  it("sends one message with its tags, headers and Idempotency-Key; the same key never sends twice", async () => {
    const { emulator, transport, requests } = setup();
    const first = await transport.send(message("a@example.com", { mail: "12" }), { idempotencyKey: "mail-12" });
    const again = await transport.send(message("a@example.com", { mail: "12" }), { idempotencyKey: "mail-12" });
    expect(first).toMatchObject({ ok: true });
    expect(again).toEqual(first);
    expect(emulator.emails()).toHaveLength(1);
    const [stored] = emulator.emails();
    expect(stored).toMatchObject({
      to: ["a@example.com"],
      tags: [{ name: "mail", value: "12" }],
      headers: { "List-Unsubscribe": "<https://example.org/u/x>" },
    });
    expect(requests[0]?.url).toBe("https://api.resend.com/emails");
    expect(requests[0]?.headers.get("Idempotency-Key")).toBe("mail-12");
    expect(requests[0]?.headers.get("Authorization")).toBe(`Bearer ${apiKey}`);
  });

  it("sends a batch permissively: one outcome per message, a suppressed or invalid one permanent for itself only", async () => {
    const { emulator, transport, requests } = setup();
    await emulator.control({ suppressed: ["gone@example.com"] });
    const outcomes = await transport.sendBatch(
      [
        message("a@example.com", { delivery: "1" }),
        message("gone@example.com", { delivery: "2" }),
        message("not an address"),
        message("d@example.com"),
      ],
      { idempotencyKey: "issue-3/1-4" },
    );
    expect(requests[0]?.headers.get("x-batch-validation")).toBe("permissive");
    expect(outcomes.map((outcome) => (outcome.ok ? "sent" : `${outcome.failure.class}:${outcome.failure.reason}`))).toEqual([
      "sent",
      "permanent:suppressed",
      "permanent:invalid-address",
      "sent",
    ]);
    const ids = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.providerId] : []));
    expect(new Set(emulator.emails().map((stored) => stored.id))).toEqual(new Set(ids));
  });

  it("splits more than 100 messages into calls of 100, each with its own key", async () => {
    const { emulator, transport, requests } = setup();
    const messages = Array.from({ length: 150 }, (_, i) => message(`r${i}@example.com`));
    const outcomes = await transport.sendBatch(messages, { idempotencyKey: "big" });
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(emulator.emails()).toHaveLength(150);
    expect(requests.map((request) => request.headers.get("Idempotency-Key"))).toEqual(["big/0", "big/1"]);
  });

  it("daily quota → deferred for every message of the call, Retry-After in seconds", async () => {
    const { emulator, transport } = setup();
    await emulator.control({ dailyQuota: 1 });
    const outcomes = await transport.sendBatch([message("a@example.com"), message("b@example.com")]);
    expect(outcomes).toHaveLength(2);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({
        ok: false,
        failure: { class: "deferred", code: "daily_quota_exceeded", retryAfterSeconds: 2 * 3600 },
      });
    }
    expect(emulator.emails()).toHaveLength(0);
  });

  it("rate limits, 5xx and outages are retryable; a refused key defers an hour; a validation error is permanent", async () => {
    const { emulator, transport } = setup();
    await emulator.control({ failRate: 1 });
    const failed = await transport.send(message("a@example.com"));
    expect(failed).toMatchObject({ ok: false, failure: { class: "retryable" } });
    await emulator.control({ failRate: 0, outage: true });
    expect(await transport.send(message("a@example.com"))).toMatchObject({
      ok: false,
      failure: { class: "retryable", code: "internal_server_error" },
    });
    await emulator.control({ outage: false });

    const wrongKey = resendTransport({ apiKey: "re_wrong", fetch: (input, init) => emulator.fetch(new Request(input, init)) });
    expect(await wrongKey.send(message("a@example.com"))).toMatchObject({
      ok: false,
      failure: { class: "deferred", code: "invalid_api_key", retryAfterSeconds: 3600 },
    });
    expect(await transport.send(message("a@example.com"))).toMatchObject({ ok: true });
  });

  it("classifies Resend's error names and statuses", () => {
    const headers = new Headers({ "Retry-After": "120" });
    const none = new Headers();
    const at = new Date("2026-11-24T18:00:00Z");
    expect(classifyResendError(429, { name: "daily_quota_exceeded", message: "q" }, headers, at)).toMatchObject({
      class: "deferred",
      retryAfterSeconds: 120,
    });
    expect(classifyResendError(429, { name: "daily_quota_exceeded", message: "q" }, none, at)).toMatchObject({
      retryAfterSeconds: 6 * 3600,
    });
    expect(classifyResendError(429, { name: "monthly_quota_exceeded", message: "q" }, none, at)).toMatchObject({ class: "deferred" });
    expect(classifyResendError(429, { name: "rate_limit_exceeded", message: "slow down" }, headers)).toMatchObject({ class: "retryable" });
    expect(classifyResendError(500, { name: "application_error", message: "x" }, none)).toMatchObject({ class: "retryable" });
    expect(classifyResendError(502, null, none)).toMatchObject({ class: "retryable", code: "http_502" });
    expect(classifyResendError(422, { name: "validation_error", message: "Invalid `to` field." }, none)).toMatchObject({
      class: "permanent",
      reason: "invalid-address",
    });
    expect(classifyResendError(422, { name: "validation_error", message: "The address is suppressed." }, none)).toMatchObject({
      reason: "suppressed",
    });
    expect(classifyResendError(422, { name: "missing_required_field", message: "Missing subject" }, none)).toMatchObject({
      reason: "rejected",
    });
    expect(classifyResendError(403, { name: "invalid_from_address", message: "x" }, none)).toMatchObject({ class: "deferred" });
    expect(retryAfterSeconds("Wed, 25 Nov 2026 00:00:00 GMT", new Date("2026-11-24T23:00:00Z"))).toBe(3600);
    expect(retryAfterSeconds("soon", at)).toBeUndefined();
  });

  it("a timeout or a network error is retryable", async () => {
    const hanging = resendTransport({
      apiKey,
      timeoutMs: 20,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason), { once: true })),
    });
    expect(await hanging.send(message("a@example.com"))).toMatchObject({ ok: false, failure: { class: "retryable", code: "timeout" } });
    const offline = resendTransport({ apiKey, fetch: async () => Promise.reject(new TypeError("fetch failed")) });
    const outcomes = await offline.sendBatch([message("a@example.com"), message("b@example.com")]);
    expect(outcomes).toEqual([
      { ok: false, failure: { class: "retryable", code: "network", message: "fetch failed" } },
      { ok: false, failure: { class: "retryable", code: "network", message: "fetch failed" } },
    ]);
  });
});

describe("transportFor: routing by configuration", () => {
  const fakeEmail = { send: async () => ({ messageId: "es-1" }) } as unknown as SendEmail;
  const emulator = createResendEmulator({ apiKey: "re_emulator_routing", webhookSecret: newWebhookSecret() });
  const binding = {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => emulator.fetch(new Request(input, init)),
  } as unknown as Fetcher;

  it("by default: transactional through Email Service, newsletters through the provider (the stand-in without RESEND_API_KEY)", async () => {
    const source = { EMAIL: fakeEmail, MAIL_PROVIDER_EMULATOR: binding, MAIL_PROVIDER_EMULATOR_API_KEY: "re_emulator_routing" };
    expect(transportFor("transactional", source).name).toBe("email-service");
    const newsletter = transportFor("newsletter", source);
    expect(newsletter).toMatchObject({ name: "provider", maxBatch: 100 });
    expect(providerMode(source)).toBe("emulator");
    expect(await newsletter.send(message("a@example.com"))).toMatchObject({ ok: true });
    expect(emulator.emails()).toHaveLength(1);
  });

  it("tells the stand-in where to deliver webhooks: the given origin, else SITE_URL's", async () => {
    const delivered: string[] = [];
    const local = createResendEmulator({
      apiKey: "re_emulator_hooks",
      webhookSecret: newWebhookSecret(),
      deliverWebhook: async (request) => delivered.push(request.url),
    });
    const hooks = { fetch: (input: RequestInfo | URL, init?: RequestInit) => local.fetch(new Request(input, init)) } as unknown as Fetcher;
    const source = { MAIL_PROVIDER_EMULATOR: hooks, MAIL_PROVIDER_EMULATOR_API_KEY: "re_emulator_hooks", SITE_URL: "https://site.example" };
    for (const transport of [transportFor("newsletter", source, { origin: "http://127.0.0.1:8787" }), transportFor("newsletter", source)]) {
      const sent = await transport.send(message("a@example.com"));
      if (!sent.ok) throw new Error("not sent");
      await local.trigger({ type: "email.complained", emailId: sent.providerId });
    }
    expect(delivered).toEqual(["http://127.0.0.1:8787/api/webhooks/mail-provider", "https://site.example/api/webhooks/mail-provider"]);
  });

  it("each kind can be routed to either transport", () => {
    const source = {
      EMAIL: fakeEmail,
      MAIL_PROVIDER_EMULATOR: binding,
      MAIL_PROVIDER_EMULATOR_API_KEY: "re_emulator_routing",
      MAIL_TRANSPORT_TRANSACTIONAL: "provider",
      MAIL_TRANSPORT_NEWSLETTER: "email-service",
    };
    expect(transportFor("transactional", source).name).toBe("provider");
    expect(transportFor("newsletter", source).name).toBe("email-service");
  });

  it("RESEND_API_KEY wins over the stand-in, and its webhook secret is Resend's", () => {
    const source = {
      MAIL_PROVIDER_EMULATOR: binding,
      MAIL_PROVIDER_EMULATOR_API_KEY: "re_x",
      MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET: "whsec_local",
      RESEND_API_KEY: "re_live",
      RESEND_WEBHOOK_SECRET: "whsec_live",
    };
    expect(providerMode(source)).toBe("resend");
    expect(providerWebhookSecret(source)).toBe("whsec_live");
    expect(providerWebhookSecret({ MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET: "whsec_local" })).toBe("whsec_local");
  });

  it("with no provider configured, provider mail is deferred an hour (never failed), saying what to set", async () => {
    expect(providerMode({})).toBe("unavailable");
    const outcome = await providerTransport({}).send(message("a@example.com"));
    expect(outcome).toMatchObject({ ok: false, failure: { class: "deferred", code: "provider_not_configured", retryAfterSeconds: 3600 } });
    if (!outcome.ok) expect(outcome.failure.message).toMatch(/RESEND_API_KEY/);
  });
});

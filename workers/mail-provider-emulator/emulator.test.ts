/**
 * The Resend stand-in on its own: sends, batches (strict and permissive), reads and lists, API keys, idempotency keys,
 * the failure controls (seeded fail rate, daily quota by its clock, outage, suppression) and signed webhooks that
 * `standardwebhooks` verifies.
 */
import type {
  CreateBatchSuccessResponse,
  CreateEmailOptions,
  ErrorResponse,
  GetEmailResponseSuccess,
  ListEmailsResponseSuccess,
} from "resend";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { createResendEmulator, type ResendEmulatorOptions } from "./emulator";
import worker from "./index";
import { newWebhookSecret } from "./webhooks";

const API_KEY = `re_test_${crypto.randomUUID().replaceAll("-", "")}`;

function setup(options: Partial<ResendEmulatorOptions> = {}) {
  const delivered: Request[] = [];
  const webhookSecret = newWebhookSecret();
  const emulator = createResendEmulator({
    apiKey: API_KEY,
    webhookSecret,
    deliverWebhook: async (request) => {
      delivered.push(request);
      return new Response("ok");
    },
    ...options,
  });
  const call = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; key?: string | null } = {}) =>
    emulator.fetch(
      new Request(`https://api.resend.com${path}`, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        headers: {
          ...(init.key === null ? {} : { Authorization: `Bearer ${init.key ?? API_KEY}` }),
          "Content-Type": "application/json",
          ...init.headers,
        },
        body: init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
      }),
    );
  return { emulator, call, delivered, webhookSecret };
}

const email = (to: string, extra: Partial<CreateEmailOptions> = {}): CreateEmailOptions =>
  ({
    from: "The Examined Life <letters@example.org>",
    to: [to],
    subject: "Hello",
    html: "<p>Hi</p>",
    text: "Hi",
    ...extra,
  }) as CreateEmailOptions;

describe("the Resend stand-in: sending and reading", () => {
  it("accepts a message, returns its id, shows it by id and in the list (newest first)", async () => {
    const { call } = setup();
    const first = await call("/emails", { body: email("a@example.com", { tags: [{ name: "mail", value: "7" }] }) });
    expect(first.status).toBe(200);
    const { id } = (await first.json()) as { id: string };
    const second = (await (await call("/emails", { body: email("b@example.com") })).json()) as { id: string };

    const got = (await (await call(`/emails/${id}`)).json()) as GetEmailResponseSuccess;
    expect(got).toMatchObject({ object: "email", id, to: ["a@example.com"], subject: "Hello", html: "<p>Hi</p>", text: "Hi" });
    expect(got.tags).toEqual([{ name: "mail", value: "7" }]);

    const list = (await (await call("/emails")).json()) as ListEmailsResponseSuccess;
    expect(list.object).toBe("list");
    expect(list.data.map((entry) => entry.id)).toEqual([second.id, id]);
    expect((await call("/emails/nope")).status).toBe(404);
  });

  it("refuses a missing key (401) and any key but its own (403), in Resend's error shape", async () => {
    const { call } = setup();
    const missing = await call("/emails", { body: email("a@example.com"), key: null });
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as ErrorResponse).name).toBe("missing_api_key");
    const wrong = await call("/emails", { body: email("a@example.com"), key: "re_someone_else" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ statusCode: 403, name: "invalid_api_key" });
    expect((await call("/__control", { body: { outage: true }, key: "re_other" })).status).toBe(403);
  });

  it("validates a message: 422 validation_error", async () => {
    const { call, emulator } = setup();
    const bad = await call("/emails", { body: email("not-an-address") });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ name: "validation_error" });
    expect((await call("/emails", { body: { from: "a@example.org", to: "b@example.org", subject: "x" } })).status).toBe(422);
    expect(emulator.emails()).toHaveLength(0);
  });

  it("batch: strict refuses the whole batch for one bad message; permissive sends the rest and names the bad indexes", async () => {
    const { call, emulator } = setup();
    await emulator.control({ suppressed: ["Gone@Example.com"] });
    const batch = [email("a@example.com"), email("bad address"), email("gone@example.com"), email("d@example.com")];

    const strict = await call("/emails/batch", { body: batch });
    expect(strict.status).toBe(422);
    expect(emulator.emails()).toHaveLength(0);

    const permissive = await call("/emails/batch", { body: batch, headers: { "x-batch-validation": "permissive" } });
    expect(permissive.status).toBe(200);
    const answer = (await permissive.json()) as CreateBatchSuccessResponse<{ batchValidation: "permissive" }>;
    expect(answer.data).toHaveLength(2);
    expect(answer.errors.map((error) => error.index)).toEqual([1, 2]);
    expect(answer.errors[1]?.message).toMatch(/suppression list/);
    expect(emulator.emails().map((stored) => stored.to[0])).toEqual(["d@example.com", "a@example.com"]);

    const single = await call("/emails", { body: email("gone@example.com") });
    expect(single.status).toBe(422);
    expect(((await single.json()) as ErrorResponse).message).toMatch(/suppression list/);

    const tooMany = await call("/emails/batch", { body: Array.from({ length: 101 }, (_, i) => email(`r${i}@example.com`)) });
    expect(tooMany.status).toBe(422);
  });

  it("Idempotency-Key: the same key and body give the same answer and send nothing twice; another body is 409", async () => {
    const { call, emulator } = setup();
    const batch = [email("a@example.com"), email("b@example.com")];
    const headers = { "Idempotency-Key": "issue-1/deliveries-1-2", "x-batch-validation": "permissive" };
    const first = await (await call("/emails/batch", { body: batch, headers })).json();
    const again = await call("/emails/batch", { body: batch, headers });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(first);
    expect(emulator.emails()).toHaveLength(2);

    const other = await call("/emails/batch", { body: [email("c@example.com")], headers });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ name: "invalid_idempotent_request" });
    expect(emulator.emails()).toHaveLength(2);
  });

  it("a failed call is not saved under its key: the retry runs", async () => {
    const { call, emulator } = setup();
    await emulator.control({ outage: true });
    const headers = { "Idempotency-Key": "k1" };
    expect((await call("/emails", { body: email("a@example.com"), headers })).status).toBe(503);
    await emulator.control({ outage: false });
    expect((await call("/emails", { body: email("a@example.com"), headers })).status).toBe(200);
    expect(emulator.emails()).toHaveLength(1);
  });
});

describe("the Resend stand-in: failure controls", () => {
  it("dailyQuota: N messages per UTC day by its clock (a batch counts each), then 429 daily_quota_exceeded with Retry-After", async () => {
    let now = Date.parse("2026-11-24T22:00:00Z");
    const { call, emulator } = setup({ now: () => now });
    await emulator.control({ dailyQuota: 3 });
    expect((await call("/emails/batch", { body: [email("a@example.com"), email("b@example.com")] })).status).toBe(200);
    const over = await call("/emails/batch", { body: [email("c@example.com"), email("d@example.com")] });
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ statusCode: 429, name: "daily_quota_exceeded" });
    expect(over.headers.get("Retry-After")).toBe(String(2 * 3600));
    expect((await call("/emails", { body: email("c@example.com") })).status).toBe(200);
    expect((await call("/emails", { body: email("d@example.com") })).status).toBe(429);
    expect(emulator.state()).toMatchObject({ sentToday: 3, dailyQuota: 3 });

    now = Date.parse("2026-11-25T00:00:01Z");
    expect((await call("/emails/batch", { body: [email("d@example.com"), email("e@example.com")] })).status).toBe(200);
    expect(emulator.state().sentToday).toBe(2);
  });

  it("failRate: seeded, so the same seed fails the same calls; each failure a retryable 500 or 429", async () => {
    const statuses = async (seed: number) => {
      const { call, emulator } = setup({ seed });
      await emulator.control({ failRate: 0.3 });
      const result: number[] = [];
      for (let i = 0; i < 60; i++) result.push((await call("/emails", { body: email(`r${i}@example.com`) })).status);
      return result;
    };
    const first = await statuses(7);
    // Reads draw nothing from the PRNG and never fail: the same seed fails the same sends.
    const { call: reader, emulator: withReads } = setup({ seed: 7 });
    await withReads.control({ failRate: 0.3 });
    const interleaved: number[] = [];
    for (let i = 0; i < 60; i++) {
      expect((await reader("/emails")).status).toBe(200);
      interleaved.push((await reader("/emails", { body: email(`r${i}@example.com`) })).status);
    }
    expect(interleaved).toEqual(first);
    expect(await statuses(7)).toEqual(first);
    expect(await statuses(8)).not.toEqual(first);
    const failed = first.filter((status) => status !== 200);
    expect(new Set(failed)).toEqual(new Set([429, 500]));
    expect(failed.length).toBeGreaterThan(5);
    expect(failed.length).toBeLessThan(35);

    const { call, emulator } = setup({ seed: 7 });
    await emulator.control({ failRate: 1 });
    const body = (await (await call("/emails", { body: email("a@example.com") })).json()) as ErrorResponse;
    expect(["rate_limit_exceeded", "application_error"]).toContain(body.name);
  });

  it("outage: every API call is 503 until it is switched off; control by HTTP works too", async () => {
    const { call } = setup();
    expect((await call("/__control", { body: { outage: true } })).status).toBe(200);
    expect((await call("/emails", { body: email("a@example.com") })).status).toBe(503);
    expect((await call("/emails")).status).toBe(503);
    const off = await call("/__control", { body: { outage: false } });
    expect(await off.json()).toMatchObject({ state: { outage: false } });
    expect((await call("/emails", { body: email("a@example.com") })).status).toBe(200);
    expect((await call("/__control", { body: { failRate: 2 } })).status).toBe(422);
  });
});

describe("the Resend stand-in: webhooks", () => {
  /** standardwebhooks wants webhook-* headers; Resend sends svix-*. */
  const verify = async (request: Request, secret: string, body?: string) => {
    const text = body ?? (await request.text());
    return new Webhook(secret).verify(text, {
      "webhook-id": request.headers.get("svix-id") ?? "",
      "webhook-timestamp": request.headers.get("svix-timestamp") ?? "",
      "webhook-signature": request.headers.get("svix-signature") ?? "",
    });
  };

  it("email.bounced (Permanent) with the message's tags and id, signed so standardwebhooks verifies it; tampering fails", async () => {
    const { call, emulator, delivered, webhookSecret } = setup();
    const { id } = (await (
      await call("/emails", {
        body: email("a@example.com", { tags: [{ name: "delivery", value: "42" }] }),
        headers: { "x-emulator-webhook-url": "http://127.0.0.1:5173/api/webhooks/mail-provider" },
      })
    ).json()) as { id: string };
    const fired = await emulator.trigger({ type: "email.bounced", emailId: id });
    expect(fired).toMatchObject({ delivered: true, status: 200 });
    const [request] = delivered;
    if (!request) throw new Error("no delivery");
    expect(request.url).toBe("http://127.0.0.1:5173/api/webhooks/mail-provider");
    const text = await request.clone().text();
    const event = (await verify(request, webhookSecret)) as { type: string; data: Record<string, unknown> };
    expect(event).toMatchObject({ type: "email.bounced", data: { email_id: id, tags: { delivery: "42" }, bounce: { type: "Permanent" } } });
    await expect(verify(request, webhookSecret, text.replace("Permanent", "Transient"))).rejects.toThrow();
    await expect(verify(request, newWebhookSecret(), text)).rejects.toThrow();
    expect((await (await call(`/emails/${id}`)).json()) as GetEmailResponseSuccess).toMatchObject({ last_event: "bounced" });
  });

  it("email.complained and email.suppressed (which suppresses the address); the URL from control; none: recorded, not delivered", async () => {
    const { call, emulator, delivered } = setup();
    const { id } = (await (await call("/emails", { body: email("b@example.com", { tags: [{ name: "mail", value: "9" }] }) })).json()) as {
      id: string;
    };
    expect(await emulator.trigger({ type: "email.complained", emailId: id })).toMatchObject({ delivered: false });
    await call("/__control", { body: { webhookUrl: "http://app.invalid/api/webhooks/mail-provider" } });
    const complained = await emulator.control({ trigger: { type: "email.complained", emailId: id } });
    expect(complained.trigger).toMatchObject({ delivered: true, event: { type: "email.complained", data: { tags: { mail: "9" } } } });
    await emulator.trigger({ type: "email.suppressed", emailId: id });
    expect(delivered.map((request) => request.url)).toEqual([
      "http://app.invalid/api/webhooks/mail-provider",
      "http://app.invalid/api/webhooks/mail-provider",
    ]);
    expect(emulator.state().suppressed).toEqual(["b@example.com"]);
    expect((await call("/emails", { body: email("b@example.com") })).status).toBe(422);
    expect(emulator.events().map((event) => event.type)).toEqual(["email.complained", "email.complained", "email.suppressed"]);
    await expect(emulator.trigger({ type: "email.bounced", emailId: "unknown" })).rejects.toThrow(/not found/);
  });
});

describe("the stand-in as a Worker", () => {
  it("refuses every call without its per-run secrets, and serves with them", async () => {
    const refused = await worker.fetch(new Request("http://x/emails"), {});
    expect(refused.status).toBe(503);
    expect(await refused.text()).toMatch(/MAIL_PROVIDER_EMULATOR_API_KEY/);
    const env = { MAIL_PROVIDER_EMULATOR_API_KEY: API_KEY, MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET: newWebhookSecret() };
    const listed = await worker.fetch(new Request("http://x/emails", { headers: { Authorization: `Bearer ${API_KEY}` } }), env);
    expect(listed.status).toBe(200);
  });

  it("throws without a whsec_ secret or with a blank key; without a key it takes any non-empty one", async () => {
    expect(() => createResendEmulator({ apiKey: " ", webhookSecret: newWebhookSecret() })).toThrow();
    expect(() => createResendEmulator({ apiKey: API_KEY, webhookSecret: "secret" })).toThrow();
    const open = createResendEmulator({ webhookSecret: newWebhookSecret() });
    const list = (key?: string) =>
      open.fetch(new Request("https://api.resend.com/emails", { headers: key ? { Authorization: `Bearer ${key}` } : {} }));
    expect((await list("re_anything")).status).toBe(200);
    expect((await list()).status).toBe(401);
  });
});

describe("the stand-in's secrets", () => {
  it("are made per run (scripts/dev-vars.mjs), in Resend's formats, and standardwebhooks takes the secret", async () => {
    const { generateEmulatorSecrets } = await import("../../scripts/dev-vars.mjs");
    const first = generateEmulatorSecrets();
    const second = generateEmulatorSecrets();
    expect(first.MAIL_PROVIDER_EMULATOR_API_KEY).toMatch(/^re_emulator_[0-9a-f]{48}$/);
    expect(first.MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(second.MAIL_PROVIDER_EMULATOR_API_KEY).not.toBe(first.MAIL_PROVIDER_EMULATOR_API_KEY);
    expect(second.MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET).not.toBe(first.MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET);
    expect(() => new Webhook(first.MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET)).not.toThrow();
  });

  it("have no constant in the stand-in's source or config", async () => {
    const sources = import.meta.glob(["./*.ts", "./wrangler.toml", "!./*.test.ts"], { query: "?raw", import: "default", eager: true });
    expect(Object.keys(sources).length).toBeGreaterThanOrEqual(4);
    for (const [name, source] of Object.entries(sources as Record<string, string>)) {
      expect(source, name).not.toMatch(/whsec_[A-Za-z0-9]/);
      expect(source, name).not.toMatch(/["'`]re_[A-Za-z0-9]/);
    }
  });
});

/**
 * POST /api/webhooks/mail-provider: only correctly signed events count (good, bad, tampered, missing, stale, replayed),
 * and each event has its effect once: a hard bounce or a complaint unsubscribes the subscriber with the reason and marks
 * the delivery; a suppression fails the delivery; a transactional mail is marked; a transient bounce and unknown
 * messages change nothing (200). Events come from the local stand-in, signed as Resend signs them.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { routeArgs, rowsOf } from "../../../tests/support/db";
import { createResendEmulator, newWebhookSecret, signWebhook, type ResendEmulator } from "../../../workers/mail-provider-emulator/emulator";
import { withVars } from "../../../tests/support/env";
import { failureReasonText } from "./transport.server";
import { resendTransport } from "./transports/resend.server";
import * as webhook from "~/routes/api/webhooks.mail-provider";

const URL_ = "http://localhost/api/webhooks/mail-provider";
const secret = () => env.MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET as string;

type Delivery = { id: number; status: string; error: string | null; unsubscribed_at: string | null; provider_id: string | null };
type Subscriber = { id: number; status: string; unsubscribe_reason: string | null; unsubscribed_at: string | null };

let answers: Response[];
let emulator: ResendEmulator;

beforeEach(async () => {
  await env.DB.batch(
    ["newsletter_deliveries", "newsletter_issues", "newsletter_subscribers", "mail_log"].map((table) =>
      env.DB.prepare(`DELETE FROM ${table}`),
    ),
  );
  answers = [];
  // The stand-in signs with this run's secret and delivers straight into the route's action.
  emulator = createResendEmulator({
    apiKey: "re_test_events",
    webhookSecret: secret(),
    deliverWebhook: async (request) => {
      const answer = await webhook.action(routeArgs(request));
      answers.push(answer.clone());
      return answer;
    },
  });
  await emulator.control({ webhookUrl: URL_ });
});

const transport = () => resendTransport({ apiKey: "re_test_events", fetch: (input, init) => emulator.fetch(new Request(input, init)) });

/** A confirmed subscriber with an issue sent to them through the stand-in (tagged with the delivery's id). */
async function sentDelivery(email = `reader-${crypto.randomUUID()}@example.com`) {
  const issue = await env.DB.prepare("INSERT INTO newsletter_issues (subject, body, sent_at) VALUES ('An issue', 'Body', ?) RETURNING id")
    .bind(new Date().toISOString())
    .first<{ id: number }>();
  const subscriber = await env.DB.prepare(
    "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at) VALUES (?, 'confirmed', ?, ?) RETURNING id",
  )
    .bind(email, crypto.randomUUID(), new Date().toISOString())
    .first<{ id: number }>();
  const delivery = await env.DB.prepare(
    "INSERT INTO newsletter_deliveries (issue_id, subscriber_id, status) VALUES (?, ?, 'handed') RETURNING id",
  )
    .bind(issue?.id, subscriber?.id)
    .first<{ id: number }>();
  const outcome = await transport().send({
    from: "Letters <letters@example.org>",
    to: email,
    subject: "An issue",
    html: "<p>Hi</p>",
    text: "Hi",
    tags: { delivery: String(delivery?.id) },
  });
  if (!outcome.ok) throw new Error("not sent");
  await env.DB.prepare("UPDATE newsletter_deliveries SET status = 'sent', provider_id = ?, sent_at = ? WHERE id = ?")
    .bind(outcome.providerId, new Date().toISOString(), delivery?.id)
    .run();
  return { deliveryId: delivery?.id as number, subscriberId: subscriber?.id as number, emailId: outcome.providerId };
}

/** A transactional mail_log row sent through the stand-in (tagged with its id). Works with or without the old body columns. */
async function sentMail(tagged = true) {
  const to = `buyer-${crypto.randomUUID()}@example.com`;
  const columns = (await rowsOf<{ name: string }>("PRAGMA table_info(mail_log)")).map((column) => column.name);
  const bodies: Record<string, string> = columns.includes("html") ? { text: "", html: "" } : {};
  const row: Record<string, string> = { to, subject: "Your receipt", kind: "receipt", status: "sent", ...bodies };
  const names = Object.keys(row);
  const mail = await env.DB.prepare(
    `INSERT INTO mail_log (${names.map((name) => `"${name}"`).join(", ")}) VALUES (${names.map(() => "?").join(", ")}) RETURNING id`,
  )
    .bind(...Object.values(row))
    .first<{ id: number }>();
  const outcome = await transport().send({
    from: "Courses <courses@example.org>",
    to,
    subject: "Your receipt",
    html: "<p>Thanks</p>",
    text: "Thanks",
    ...(tagged ? { tags: { mail: String(mail?.id) } } : {}),
  });
  if (!outcome.ok) throw new Error("not sent");
  await env.DB.prepare("UPDATE mail_log SET provider_id = ? WHERE id = ?").bind(outcome.providerId, mail?.id).run();
  return { mailId: mail?.id as number, emailId: outcome.providerId };
}

const delivery = async (id: number) => (await rowsOf<Delivery>("SELECT * FROM newsletter_deliveries WHERE id = ?", id))[0];
const subscriber = async (id: number) => (await rowsOf<Subscriber>("SELECT * FROM newsletter_subscribers WHERE id = ?", id))[0];
const mailRow = async (id: number) =>
  (await rowsOf<{ status: string; last_error: string | null }>("SELECT * FROM mail_log WHERE id = ?", id))[0];

function post(body: string, headers: Record<string, string>) {
  return webhook.action(
    routeArgs(new Request(URL_, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body })),
  );
}

describe("the mail provider's webhook: signatures", () => {
  const event = JSON.stringify({ type: "email.complained", created_at: new Date().toISOString(), data: { email_id: "unknown", tags: {} } });

  it("accepts a correctly signed event (200) and refuses a missing, bad, tampered or stale signature (400 { message })", async () => {
    const good = await post(event, signWebhook(secret(), "msg_1", new Date(), event));
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ received: true, type: "email.complained", effect: { ignored: expect.any(String) } });

    const missing = await post(event, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "Missing webhook signature." });

    const otherSecret = await post(event, signWebhook(newWebhookSecret(), "msg_2", new Date(), event));
    expect(otherSecret.status).toBe(400);
    expect(((await otherSecret.json()) as { message: string }).message).toMatch(/Invalid webhook signature/);

    const headers = signWebhook(secret(), "msg_3", new Date(), event);
    expect((await post(event.replace("unknown", "someone-else"), headers)).status).toBe(400);
    expect((await post(event, { ...headers, "svix-id": "msg_other" })).status).toBe(400);

    const stale = new Date(Date.now() - 10 * 60 * 1000);
    expect((await post(event, signWebhook(secret(), "msg_4", stale, event))).status).toBe(400);
    const early = new Date(Date.now() + 10 * 60 * 1000);
    expect((await post(event, signWebhook(secret(), "msg_5", early, event))).status).toBe(400);
  });

  it("a signed body that is not an event is 400; without a configured secret it is 503; a GET is refused", async () => {
    const notEvent = JSON.stringify({ hello: "world" });
    expect((await post(notEvent, signWebhook(secret(), "msg_6", new Date(), notEvent))).status).toBe(400);
    await withVars({ MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET: undefined }, async () => {
      expect((await post(event, signWebhook(newWebhookSecret(), "msg_7", new Date(), event))).status).toBe(503);
    });
    expect((await webhook.action(routeArgs(new Request(URL_)))).status).toBe(405);
  });

  it("never 5xx, never a change, for unsigned or forged events (fuzzed headers and bodies)", async () => {
    const sent = await sentDelivery();
    const forged = JSON.stringify({
      type: "email.bounced",
      created_at: new Date().toISOString(),
      data: { email_id: sent.emailId, tags: { delivery: String(sent.deliveryId) }, bounce: { type: "Permanent" } },
    });
    const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, "");
    const signature = fc.oneof(
      fc.constant(undefined),
      fc.string().map(printable),
      fc.base64String({ minLength: 44, maxLength: 44 }).map((mac) => `v1,${mac}`),
    );
    const timestamp = fc.oneof(fc.constant(String(Math.floor(Date.now() / 1000))), fc.string().map(printable));
    const payload = fc.oneof(
      fc.constant(forged),
      fc.jsonValue().map((value) => JSON.stringify(value) ?? ""),
      fc.string(),
    );
    await fc.assert(
      fc.asyncProperty(fc.record({ signature, timestamp, payload }), async ({ signature, timestamp, payload }) => {
        const headers: Record<string, string> = { "svix-id": "msg_forged", "svix-timestamp": timestamp };
        if (signature !== undefined) headers["svix-signature"] = signature;
        const answer = await post(payload, headers);
        expect(answer.status).toBe(400);
        expect(((await answer.json()) as { message: string }).message).toMatch(/signature/i);
      }),
      { numRuns: 60 },
    );
    expect(await delivery(sent.deliveryId)).toMatchObject({ status: "sent" });
    expect(await subscriber(sent.subscriberId)).toMatchObject({ status: "confirmed" });
  });

  it("refuses a body over 256 KiB (413)", async () => {
    const big = JSON.stringify({ type: "email.complained", data: { pad: "x".repeat(300 * 1024) } });
    expect((await post(big, signWebhook(secret(), "msg_8", new Date(), big))).status).toBe(413);
  });
});

describe("the mail provider's webhook: effects", () => {
  it("a hard bounce: the delivery is bounced and the subscriber unsubscribed with the reason; a replay changes nothing", async () => {
    const sent = await sentDelivery();
    const fired = await emulator.trigger({ type: "email.bounced", emailId: sent.emailId });
    expect(fired).toMatchObject({ delivered: true, status: 200 });
    expect(await answers[0]?.json()).toMatchObject({
      effect: { row: "delivery", id: sent.deliveryId, status: "bounced", unsubscribed: true },
    });
    expect(await delivery(sent.deliveryId)).toMatchObject({ status: "bounced", error: "bounced" });
    const after = await subscriber(sent.subscriberId);
    expect(after).toMatchObject({ status: "unsubscribed", unsubscribe_reason: "bounced" });
    expect(after?.unsubscribed_at).toBeTruthy();
    expect((await delivery(sent.deliveryId))?.unsubscribed_at).toBe(after?.unsubscribed_at);
    expect(failureReasonText((await delivery(sent.deliveryId))?.error)).toMatch(/hard bounce/);

    // The same event delivered again (Resend retries): 200, and the first time and reason stay.
    await emulator.trigger({ type: "email.bounced", emailId: sent.emailId });
    expect(answers[1]?.status).toBe(200);
    expect(await answers[1]?.json()).toMatchObject({ effect: { unsubscribed: false } });
    expect(await subscriber(sent.subscriberId)).toEqual(after);
  });

  it("a replayed request (same id, body and signature) is idempotent", async () => {
    const sent = await sentDelivery();
    const event = JSON.stringify({
      type: "email.complained",
      created_at: new Date().toISOString(),
      data: { email_id: sent.emailId, tags: { delivery: String(sent.deliveryId) } },
    });
    const headers = signWebhook(secret(), "msg_replay", new Date(), event);
    expect((await post(event, headers)).status).toBe(200);
    const once = { delivery: await delivery(sent.deliveryId), subscriber: await subscriber(sent.subscriberId) };
    expect((await post(event, headers)).status).toBe(200);
    expect({ delivery: await delivery(sent.deliveryId), subscriber: await subscriber(sent.subscriberId) }).toEqual(once);
    expect(once.subscriber).toMatchObject({ status: "unsubscribed", unsubscribe_reason: "complained" });
    expect(once.delivery).toMatchObject({ status: "complained", error: "complained" });
  });

  it("a complaint unsubscribes; a suppression fails the delivery with 'suppressed'; a transient bounce changes nothing", async () => {
    const complained = await sentDelivery();
    await emulator.trigger({ type: "email.complained", emailId: complained.emailId });
    expect(await subscriber(complained.subscriberId)).toMatchObject({ status: "unsubscribed", unsubscribe_reason: "complained" });

    const suppressed = await sentDelivery();
    await emulator.trigger({ type: "email.suppressed", emailId: suppressed.emailId });
    expect(await delivery(suppressed.deliveryId)).toMatchObject({ status: "failed", error: "suppressed" });
    expect(await subscriber(suppressed.subscriberId)).toMatchObject({ status: "unsubscribed", unsubscribe_reason: "suppressed" });

    const transient = await sentDelivery();
    await emulator.trigger({ type: "email.bounced", emailId: transient.emailId, bounceType: "Transient" });
    expect(answers.at(-1)?.status).toBe(200);
    expect(await answers.at(-1)?.json()).toMatchObject({ effect: { ignored: expect.stringMatching(/transient/) } });
    expect(await delivery(transient.deliveryId)).toMatchObject({ status: "sent", error: null });
    expect(await subscriber(transient.subscriberId)).toMatchObject({ status: "confirmed", unsubscribe_reason: null });
  });

  it("a transactional mail: bounced, complained or failed ('suppressed'), found by its tag or its provider id", async () => {
    const bounced = await sentMail();
    await emulator.trigger({ type: "email.bounced", emailId: bounced.emailId });
    expect(await mailRow(bounced.mailId)).toMatchObject({ status: "bounced", last_error: "bounced" });

    const untagged = await sentMail(false);
    await emulator.trigger({ type: "email.suppressed", emailId: untagged.emailId });
    expect(await mailRow(untagged.mailId)).toMatchObject({ status: "failed", last_error: "suppressed" });

    const complained = await sentMail();
    await emulator.trigger({ type: "email.complained", emailId: complained.emailId });
    expect(await mailRow(complained.mailId)).toMatchObject({ status: "complained", last_error: "complained" });
    // A later suppression of a complained mail keeps the complaint.
    await emulator.trigger({ type: "email.suppressed", emailId: complained.emailId });
    expect(await mailRow(complained.mailId)).toMatchObject({ status: "complained" });
  });

  it("unknown messages and other events are acknowledged (200) and ignored", async () => {
    const sent = await sentDelivery();
    for (const body of [
      { type: "email.bounced", data: { email_id: "re_unknown", tags: { delivery: "999999" }, bounce: { type: "Permanent" } } },
      { type: "email.complained", data: { email_id: "re_unknown", tags: { mail: "999999" } } },
      { type: "email.delivered", data: { email_id: sent.emailId, tags: { delivery: String(sent.deliveryId) } } },
    ]) {
      const text = JSON.stringify({ created_at: new Date().toISOString(), ...body });
      const answer = await post(text, signWebhook(secret(), `msg_${crypto.randomUUID()}`, new Date(), text));
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ received: true, effect: { ignored: expect.any(String) } });
    }
    expect(await delivery(sent.deliveryId)).toMatchObject({ status: "sent" });
    expect(await subscriber(sent.subscriberId)).toMatchObject({ status: "confirmed" });
  });
});

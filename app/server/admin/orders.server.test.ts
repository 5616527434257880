import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { buyerEmail, insertEnrollment, seedTestDb } from "../../../tests/support/db";
import { emulatorHoldingWebhooks, payInBrowser } from "../../../tests/support/stripe";
import type { createStripeEmulator } from "../../../workers/stripe-emulator/emulator";
import { getOrder, listOrders, refundOrder, refundWindow, resendAccessLink } from "./orders.server";
import type { Database } from "../core/db.server";
import { markLessonComplete } from "../learning/learning.server";
import { ownsCourse, redeemAccessToken } from "../learning/learner.server";
import { createPaymentIntentForCourse, handleStripeWebhook, recordEnrollmentForPaymentIntent } from "../payments/payments.server";
import { createStripeClient } from "../payments/stripe.server";
import { mailRows } from "../../../tests/support/mail";
import { CREDENTIAL_PLACEHOLDER } from "../mail/credentials.server";

const WEBHOOK_SECRET = "whsec_test_orders";
const SECRET_KEY = "sk_test_orders_server";

const mails = async (kind: string) =>
  mailRows<{ to: string; text: string }>('SELECT "to", subject, text FROM mail_log WHERE kind = ? ORDER BY id', kind);
const enrollmentRow = (id: number) =>
  env.DB.prepare("SELECT status, refund_id, refunded_at, keep_access FROM enrollments WHERE id = ?")
    .bind(id)
    .first<{ status: string; refund_id: string | null; refunded_at: string | null; keep_access: number }>();

describe("the Orders list", () => {
  it("lists buyer, course, amount, status and progress, newest first", async () => {
    const db = await seedTestDb();
    const first = await insertEnrollment(db, { email: "first@example.com", courseId: 1, name: "First" });
    await insertEnrollment(db, { email: "second@example.com", courseId: 2, status: "refunded" });
    await markLessonComplete(db, { email: "first@example.com", courseId: 1, lessonId: 2 });
    const rows = await listOrders(db);
    expect(rows.map((r) => r.email)).toEqual(["second@example.com", "first@example.com"]);
    expect(rows[1]).toMatchObject({ id: first.id, name: "First", course: "Foundations of Stoic Living", amountCents: 4900 });
    expect(rows[1]).toMatchObject({ status: "paid", completedLessons: 1, totalLessons: 9 });
    expect(rows[0]).toMatchObject({ status: "refunded", completedLessons: 0, totalLessons: 9 });
  });

  it("shows an automatic refund's reason, in the list and on the order's page (issue #24)", async () => {
    const db = await seedTestDb();
    const paid = await insertEnrollment(db, { email: "twice@example.com", courseId: 1 });
    const duplicate = await insertEnrollment(db, { email: "twice@example.com", courseId: 1, status: "refunded" });
    await env.DB.prepare("UPDATE enrollments SET refund_reason = 'duplicate' WHERE id = ?").bind(duplicate.id).run();
    const rows = await listOrders(db);
    expect(rows.map((row) => [row.id, row.status, row.refundReason])).toEqual([
      [duplicate.id, "refunded", "duplicate"],
      [paid.id, "paid", null],
    ]);
    expect(await getOrder(db, duplicate.id)).toMatchObject({ status: "refunded", refundReason: "duplicate", hasAccess: false });
    expect(await listOrders(db, { status: "refunded" })).toHaveLength(1);
  });

  it("filters by course, status and an inclusive date range", async () => {
    const db = await seedTestDb();
    await env.DB.prepare(
      `INSERT INTO enrollments (course_id, payment_intent_id, amount_cents, email, status, created_at) VALUES
        (1, 'pi_a', 4900, 'a@example.com', 'paid', '2026-03-01T10:00:00.000Z'),
        (2, 'pi_b', 7900, 'b@example.com', 'refunded', '2026-03-05T23:59:59.000Z'),
        (1, 'pi_c', 4900, 'c@example.com', 'refunded', '2026-03-09T00:00:00.000Z')`,
    ).run();
    const emails = async (filters: Parameters<typeof listOrders>[1]) => (await listOrders(db, filters)).map((r) => r.email);
    expect(await emails({ course: 1 })).toEqual(["c@example.com", "a@example.com"]);
    expect(await emails({ status: "refunded" })).toEqual(["c@example.com", "b@example.com"]);
    expect(await emails({ from: "2026-03-02", to: "2026-03-05" })).toEqual(["b@example.com"]);
    expect(await emails({ course: 1, status: "refunded", from: "2026-03-09", to: "2026-03-09" })).toEqual(["c@example.com"]);
  });
});

describe("one order", () => {
  it("gives the payment, progress, certificate, the buyer's e-mails and the 14-day window; null when unknown", async () => {
    const db = await seedTestDb();
    const email = buyerEmail();
    const order = await insertEnrollment(db, { email, courseId: 1 });
    await resendAccessLink(db, order.id, "http://localhost");
    const now = new Date(Date.parse(order.createdAt) + 15 * 24 * 60 * 60 * 1000);
    const detail = await getOrder(db, order.id, now);
    expect(detail).toMatchObject({ id: order.id, paymentIntentId: order.paymentIntentId, amountCents: 4900, status: "paid" });
    expect(detail).toMatchObject({ hasAccess: true, certificate: null, totalLessons: 9, completedLessons: 0 });
    expect(detail!.emails.map((m) => m.kind)).toEqual(["access-link"]);
    expect(detail!.refundWindow.within).toBe(false);
    expect(refundWindow(order.createdAt, new Date(Date.parse(order.createdAt) + 13 * 24 * 60 * 60 * 1000)).within).toBe(true);
    expect(await getOrder(db, 99999)).toBeNull();
  });

  it("shows each e-mail to the buyer with its status, why it was not delivered in words, and its text rendered on view", async () => {
    const db = await seedTestDb();
    const email = buyerEmail();
    const order = await insertEnrollment(db, { email, courseId: 1 });
    await resendAccessLink(db, order.id, "http://localhost");
    await resendAccessLink(db, order.id, "http://localhost");
    // The transactional transport refused the first for good: the provider suppresses the address.
    await env.DB.prepare(
      `UPDATE mail_log SET status = 'failed', last_error = 'suppressed: Recipient suppressed', attempts = 1
       WHERE id = (SELECT min(id) FROM mail_log WHERE "to" = ?)`,
    )
      .bind(email)
      .run();
    const detail = await getOrder(db, order.id);
    const [newer, suppressed] = detail?.emails ?? [];
    expect(suppressed).toMatchObject({ kind: "access-link", status: "failed" });
    expect(suppressed?.reason).toBe("The mail provider suppresses this address (an earlier bounce or complaint), so nothing was sent.");
    expect(newer).toMatchObject({ status: "queued", reason: null });
    // Never the link itself (issue #37): the page says where it was.
    expect(newer?.text).toContain(CREDENTIAL_PLACEHOLDER);
    expect(newer?.text).not.toMatch(/\/learn\/access\/[A-Za-z0-9_-]{43}/);
    expect(newer).not.toHaveProperty("data");
  });
});

describe("refunds", () => {
  let db: Database;
  let webhooks: Request[];
  let stripeCalls: string[];
  let stripe: ReturnType<typeof createStripeClient>;
  let emulator: ReturnType<typeof createStripeEmulator>;

  beforeEach(async () => {
    db = await seedTestDb();
    stripeCalls = [];
    ({ emulator, webhooks } = emulatorHoldingWebhooks(SECRET_KEY, WEBHOOK_SECRET));
    stripe = createStripeClient(SECRET_KEY, (input, init) => {
      const request = new Request(input, init);
      stripeCalls.push(`${request.method} ${new URL(request.url).pathname}`);
      return emulator.fetch(request);
    });
  });

  /** A real purchase through the emulator: the enrolment as the app records it. */
  async function buy(email = buyerEmail()) {
    const { clientSecret, paymentIntentId } = await createPaymentIntentForCourse({ db, stripe }, { email, courseId: 1, amount: 49 });
    expect((await payInBrowser(emulator, clientSecret)).status).toBe(200);
    const enrollment = await recordEnrollmentForPaymentIntent({ db, stripe }, await stripe.paymentIntents.retrieve(paymentIntentId));
    webhooks.length = 0;
    stripeCalls.length = 0;
    return { ...enrollment, paymentIntentId, email };
  }
  const deliver = (request: Request) => handleStripeWebhook({ db, stripe, webhookSecret: WEBHOOK_SECRET }, request);

  it("refunds the amount in D1 once through Stripe, marks the order refunded, removes access and e-mails the buyer once", async () => {
    const order = await buy();
    const result = await refundOrder({ db, stripe }, { enrollmentId: order.id, keepAccess: false });
    expect(result.transitioned).toBe(true);
    expect(stripeCalls).toEqual(["POST /v1/refunds"]);
    const refunds = await stripe.refunds.list({ payment_intent: order.paymentIntentId });
    expect(refunds.data.map((r) => [r.id, r.amount, r.metadata?.enrollmentId])).toEqual([[result.refundId, 4900, String(order.id)]]);
    expect(await enrollmentRow(order.id)).toMatchObject({ status: "refunded", refund_id: result.refundId, keep_access: 0 });
    expect(await ownsCourse(db, order.email, 1)).toBe(false);
    // The webhooks then arrive: nothing changes, no second e-mail.
    for (const hook of webhooks) expect((await deliver(hook)).ignored).toMatch(/already refunded/);
    const sent = await mails("refund");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: order.email });
    expect(sent[0]?.text).toContain("has ended");
  });

  it("keeps access when the admin chose so, and says so in the e-mail", async () => {
    const order = await buy();
    await refundOrder({ db, stripe }, { enrollmentId: order.id, keepAccess: true });
    expect(await enrollmentRow(order.id)).toMatchObject({ status: "refunded", keep_access: 1 });
    expect(await ownsCourse(db, order.email, 1)).toBe(true);
    expect((await getOrder(db, order.id))?.hasAccess).toBe(true);
    expect((await mails("refund"))[0]?.text).toContain("You keep access");
    await expect(resendAccessLink(db, order.id, "http://localhost")).resolves.toEqual({ email: order.email });
  });

  it("a double submit refunds once and e-mails once; a later submit answers 409 without calling Stripe", async () => {
    const order = await buy();
    const results = await Promise.allSettled([
      refundOrder({ db, stripe }, { enrollmentId: order.id, keepAccess: false }),
      refundOrder({ db, stripe }, { enrollmentId: order.id, keepAccess: false }),
    ]);
    const done = results.filter((r) => r.status === "fulfilled").map((r) => r.value);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(new Set(done.map((r) => r.refundId)).size).toBe(1);
    expect(done.filter((r) => r.transitioned)).toHaveLength(1);
    expect((await stripe.refunds.list({ payment_intent: order.paymentIntentId })).data).toHaveLength(1);
    expect(await mails("refund")).toHaveLength(1);
    stripeCalls.length = 0;
    await expect(refundOrder({ db, stripe }, { enrollmentId: order.id, keepAccess: false })).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/already refunded on \d{4}-\d{2}-\d{2}: nothing more was refunded/),
    });
    expect(stripeCalls).toEqual([]);
  });

  it("webhook first: the webhook makes the transition with the admin's stored choice; the action then sends nothing more", async () => {
    const order = await buy();
    // The admin's request stored the choice and Stripe refunded; its webhooks win the race to D1.
    await env.DB.prepare("UPDATE enrollments SET keep_access = 1 WHERE id = ?").bind(order.id).run();
    const refund = await stripe.refunds.create(
      {
        payment_intent: order.paymentIntentId,
        amount: 4900,
        reason: "requested_by_customer",
        metadata: { enrollmentId: String(order.id) },
      },
      { idempotencyKey: `refund-enrollment-${order.id}` },
    );
    const answers = [];
    for (const hook of webhooks) answers.push(await deliver(hook));
    expect(answers.map((a) => a.type)).toEqual(["charge.refunded", "refund.created"]);
    expect(answers.filter((a) => a.enrollmentId === order.id)).toHaveLength(1);
    expect(await enrollmentRow(order.id)).toMatchObject({ status: "refunded", refund_id: refund.id, keep_access: 1 });
    // The action, replaying the same idempotency key, finds the order already refunded.
    await expect(refundOrder({ db, stripe }, { enrollmentId: order.id, keepAccess: true })).rejects.toMatchObject({ status: 409 });
    const sent = await mails("refund");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain("You keep access");
  });

  it("a refund made in Stripe's dashboard (webhook only) refunds the order and removes access", async () => {
    const order = await buy();
    await stripe.refunds.create({ payment_intent: order.paymentIntentId });
    for (const hook of [...webhooks].reverse()) await deliver(hook);
    expect(await enrollmentRow(order.id)).toMatchObject({ status: "refunded", keep_access: 0 });
    expect(await mails("refund")).toHaveLength(1);
    expect(await ownsCourse(db, order.email, 1)).toBe(false);
  });

  it("a partial refund in Stripe leaves the order paid", async () => {
    const order = await buy();
    await stripe.refunds.create({ payment_intent: order.paymentIntentId, amount: 1000 });
    for (const hook of webhooks) expect((await deliver(hook)).enrollmentId).toBeUndefined();
    expect(await enrollmentRow(order.id)).toMatchObject({ status: "paid" });
    expect(await mails("refund")).toHaveLength(0);
  });

  it("answers 404 for an unknown order and 502 when Stripe refuses, leaving the order paid", async () => {
    await expect(refundOrder({ db, stripe }, { enrollmentId: 99999, keepAccess: false })).rejects.toMatchObject({ status: 404 });
    const order = await insertEnrollment(db, { email: buyerEmail(), courseId: 1 });
    await expect(refundOrder({ db, stripe }, { enrollmentId: order.id, keepAccess: true })).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(/Stripe refused the refund: No such payment_intent/),
    });
    expect(await enrollmentRow(order.id)).toMatchObject({ status: "paid", keep_access: 0 });
  });
});

describe("resend access link", () => {
  it("sends a fresh link to a paid order's buyer, and refuses orders refunded without access, or unknown", async () => {
    const db = await seedTestDb();
    const paid = await insertEnrollment(db, { email: "paid@example.com", courseId: 3 });
    const refunded = await insertEnrollment(db, { email: "gone@example.com", courseId: 3, status: "refunded" });
    expect(await resendAccessLink(db, paid.id, "http://localhost:8787")).toEqual({ email: "paid@example.com" });
    const [mail] = await mails("access-link");
    expect(mail).toMatchObject({ to: "paid@example.com" });
    const token = /http:\/\/localhost:8787\/learn\/access\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1];
    expect(await redeemAccessToken(db, token!)).toMatchObject({ ok: true, courseId: 3 });
    await expect(resendAccessLink(db, refunded.id, "http://localhost")).rejects.toMatchObject({ status: 400 });
    await expect(resendAccessLink(db, 99999, "http://localhost")).rejects.toMatchObject({ status: 404 });
  });
});

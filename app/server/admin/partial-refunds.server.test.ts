import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { buyerEmail, insertEnrollment, seedTestDb } from "../../../tests/support/db";
import { mailRows } from "../../../tests/support/mail";
import { emulatorHoldingWebhooks, payInBrowser } from "../../../tests/support/stripe";
import type { createStripeEmulator } from "../../../workers/stripe-emulator/emulator";
import type { Database } from "../core/db.server";
import { ownsCourse } from "../learning/learner.server";
import { createPaymentIntentForCourse, handleStripeWebhook, recordEnrollmentForPaymentIntent } from "../payments/payments.server";
import { createStripeClient } from "../payments/stripe.server";
import { getOrder, listOrders, ordersCsv, refundOrder, refundPart } from "./orders.server";

const WEBHOOK_SECRET = "whsec_test_partial";
const SECRET_KEY = "sk_test_partial_refunds";

const mails = (kind: string) =>
  mailRows<{ to: string; text: string }>('SELECT "to", subject, text FROM mail_log WHERE kind = ? ORDER BY id', kind);
const orderRow = (id: number) =>
  env.DB.prepare("SELECT status, refunded_cents, keep_access FROM enrollments WHERE id = ?")
    .bind(id)
    .first<{ status: string; refunded_cents: number; keep_access: number }>();

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

/** A real $49.00 purchase through the emulator, as the app records it. */
async function buy(email = buyerEmail()) {
  const { clientSecret, paymentIntentId } = await createPaymentIntentForCourse({ db, stripe }, { email, courseId: 1, amount: 49 });
  expect((await payInBrowser(emulator, clientSecret)).status).toBe(200);
  const enrollment = await recordEnrollmentForPaymentIntent({ db, stripe }, await stripe.paymentIntents.retrieve(paymentIntentId));
  webhooks.length = 0;
  stripeCalls.length = 0;
  return { ...enrollment, paymentIntentId, email };
}
const deliver = (request: Request) => handleStripeWebhook({ db, stripe, webhookSecret: WEBHOOK_SECRET }, request);
const part = (enrollmentId: number, amountCents: number, removeAccess = false) =>
  refundPart({ db, stripe }, { enrollmentId, amountCents, reason: "Module 3 was missing", removeAccess, by: "owner" });
/** What Stripe refunded for a payment, in cents. */
const stripeRefunded = async (paymentIntentId: string) =>
  (await stripe.refunds.list({ payment_intent: paymentIntentId })).data.reduce((sum, refund) => sum + refund.amount, 0);

describe("partial refunds", () => {
  it("two parts, each e-mailed with what remains; a third beyond what remains is a 400 that calls nobody", async () => {
    const order = await buy();
    expect(await part(order.id, 1000)).toMatchObject({ refundedCents: 1000, remainingCents: 3900, accessRemoved: false });
    expect(await part(order.id, 1500)).toMatchObject({ refundedCents: 1500, remainingCents: 2400 });
    expect(await orderRow(order.id)).toEqual({ status: "paid", refunded_cents: 2500, keep_access: 0 });
    expect(await stripeRefunded(order.paymentIntentId)).toBe(2500);
    expect(await ownsCourse(db, order.email, 1)).toBe(true);
    const sent = await mails("partial-refund");
    expect(sent.map((mail) => mail.to)).toEqual([order.email, order.email]);
    expect(sent[0]?.text).toContain("$10.00 USD");
    expect(sent[0]?.text).toContain("$39.00 USD");
    expect(sent[1]?.text).toContain("$24.00 USD");
    expect(sent[1]?.text).toContain("You keep access");
    expect(await mails("refund")).toHaveLength(0);

    stripeCalls.length = 0;
    await expect(part(order.id, 2401)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("At most $24.00 remains to be refunded"),
    });
    expect(stripeCalls).toEqual([]);
    expect(await orderRow(order.id)).toMatchObject({ refunded_cents: 2500 });

    const detail = await getOrder(db, order.id);
    expect(detail?.refunds.map((r) => [r.amountCents, r.reason, r.status, r.createdBy])).toEqual([
      [1000, "Module 3 was missing", "succeeded", "owner"],
      [1500, "Module 3 was missing", "succeeded", "owner"],
    ]);
    expect(detail?.refunds.every((r) => r.stripeRefundId?.startsWith("re_"))).toBe(true);
    // The webhooks of both refunds then arrive: nothing changes, no e-mail.
    for (const hook of webhooks) await deliver(hook);
    expect(await orderRow(order.id)).toEqual({ status: "paid", refunded_cents: 2500, keep_access: 0 });
    expect((await getOrder(db, order.id))?.refunds).toHaveLength(2);
    expect(await mails("refund")).toHaveLength(0);
  });

  it("racing parts whose sum exceeds the payment: never more than was paid, in D1 and at Stripe", async () => {
    const order = await buy();
    const results = await Promise.allSettled([3000, 3000, 1500, 1500, 1500].map((cents) => part(order.id, cents)));
    const done = results.flatMap((r) => (r.status === "fulfilled" ? [r.value.refundedCents] : []));
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as { status: number; message: string }] : []));
    const total = done.reduce((sum, cents) => sum + cents, 0);
    expect(total).toBeLessThanOrEqual(4900);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const refusal of refused) expect(refusal.status === 400 || refusal.status === 409).toBe(true);
    expect((await orderRow(order.id))?.refunded_cents).toBe(total);
    expect(await stripeRefunded(order.paymentIntentId)).toBe(total);
    expect((await getOrder(db, order.id))?.refunds.map((r) => r.amountCents).sort()).toEqual([...done].sort());
  });

  it("two parts of $30 racing on $49: exactly one is refunded", async () => {
    const order = await buy();
    const results = await Promise.allSettled([part(order.id, 3000), part(order.id, 3000)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 400, message: expect.stringContaining("At most $19.00 remains") });
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", refunded_cents: 3000 });
    expect(await stripeRefunded(order.paymentIntentId)).toBe(3000);
  });

  it("with 'remove access' the course closes and the e-mail says so; the rest can still be refunded", async () => {
    const order = await buy();
    expect(await part(order.id, 900, true)).toMatchObject({ accessRemoved: true, remainingCents: 4000 });
    expect(await orderRow(order.id)).toEqual({ status: "refunded", refunded_cents: 900, keep_access: 0 });
    expect(await ownsCourse(db, order.email, 1)).toBe(false);
    expect((await mails("partial-refund"))[0]?.text).toContain("has ended");
    const [listed] = await listOrders(db);
    expect(listed).toMatchObject({ id: order.id, refundedCents: 900, amountCents: 4900 });
    await part(order.id, 4000);
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refunded_cents: 4900 });
    await expect(part(order.id, 1)).rejects.toMatchObject({ status: 409 });
    expect(await stripeRefunded(order.paymentIntentId)).toBe(4900);
  });

  it("a part that takes the rest makes the order refunded, with the ordinary refund notice (once)", async () => {
    const order = await buy();
    await part(order.id, 1000);
    await part(order.id, 3900);
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refunded_cents: 4900, keep_access: 1 });
    expect(await ownsCourse(db, order.email, 1)).toBe(true);
    for (const hook of webhooks) await deliver(hook);
    expect(await mails("refund")).toHaveLength(1);
    expect(await mails("partial-refund")).toHaveLength(1);
  });

  it("the full refund after a part refunds only the rest", async () => {
    const order = await buy();
    await part(order.id, 1000);
    const result = await refundOrder({ db, stripe }, { enrollmentId: order.id, keepAccess: false });
    expect(result.transitioned).toBe(true);
    expect(await stripeRefunded(order.paymentIntentId)).toBe(4900);
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refunded_cents: 4900 });
    expect((await getOrder(db, order.id))?.refunds.map((r) => r.amountCents)).toEqual([1000, 3900]);
  });

  it("when Stripe refuses, the reservation is released and the history says failed (502)", async () => {
    const order = await insertEnrollment(db, { email: buyerEmail(), courseId: 1 });
    await expect(part(order.id, 1000)).rejects.toMatchObject({ status: 502, message: expect.stringMatching(/Stripe refused the refund/) });
    expect(await orderRow(order.id)).toMatchObject({ status: "paid", refunded_cents: 0 });
    expect((await getOrder(db, order.id))?.refunds.map((r) => r.status)).toEqual(["failed"]);
  });

  it("a partial refund made in Stripe's dashboard is reflected from the webhooks (amount_refunded) and in the history", async () => {
    const order = await buy();
    await stripe.refunds.create({ payment_intent: order.paymentIntentId, amount: 1200, reason: "requested_by_customer" });
    // Each event delivered twice (Stripe retries): one history row, the same total.
    for (const hook of webhooks) {
      await deliver(hook.clone() as Request);
      await deliver(hook);
    }
    expect(await orderRow(order.id)).toEqual({ status: "paid", refunded_cents: 1200, keep_access: 0 });
    const refunds = (await getOrder(db, order.id))?.refunds ?? [];
    expect(refunds.map((r) => [r.amountCents, r.createdBy, r.reason])).toEqual([
      [1200, "stripe", "Made in Stripe (requested by customer)"],
    ]);
    // The admin then refunds part of what remains: the reservation starts from Stripe's total.
    await expect(part(order.id, 3800)).rejects.toMatchObject({ status: 400, message: expect.stringContaining("At most $37.00") });
    await part(order.id, 3700);
    expect(await orderRow(order.id)).toMatchObject({ status: "refunded", refunded_cents: 4900 });
  });
});

describe("the Orders CSV", () => {
  /** RFC 4180 rows (quoted cells may hold commas and doubled quotes). */
  const parse = (csv: string) =>
    csv
      .trimEnd()
      .split("\r\n")
      .map((line) =>
        [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((m) => (m[1] ?? "").replace(/^"|"$/g, "").replace(/""/g, '"')),
      );

  it("one row per order the filters select; paid, refunded and net add up to D1's sums; formulas neutralised", async () => {
    const first = await buy();
    const second = await buy();
    await buy();
    await part(first.id, 1234);
    await refundOrder({ db, stripe }, { enrollmentId: second.id, keepAccess: false });
    const hostile = await insertEnrollment(db, { email: '=HYPERLINK("http://x")@example.com', courseId: 2 });

    const all = parse((await ordersCsv(db)).body);
    expect(all[0]).toEqual([
      "date",
      "reference",
      "email",
      "course",
      "list price",
      "coupon",
      "discount",
      "paid",
      "refunded",
      "net",
      "currency",
      "status",
    ]);
    expect(all).toHaveLength(5);
    const hostileRow = all.find((row) => row[1] === `EL-${String(hostile.id).padStart(6, "0")}`);
    expect(hostileRow?.[2]).toBe('\'=HYPERLINK("http://x")@example.com');
    const firstRow = all.find((row) => row[2] === first.email);
    expect(firstRow?.slice(4)).toEqual(["49.00", "", "0.00", "49.00", "12.34", "36.66", "USD", "paid"]);

    // Filtered like the page (course 1): the sums match D1's for the same filter.
    const { body, fileName } = await ordersCsv(db, { course: 1 });
    expect(fileName).toMatch(/^orders-all-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(body).slice(1);
    expect(rows).toHaveLength(3);
    const cents = (column: number) => rows.reduce((sum, row) => sum + Math.round(Number(row[column]) * 100), 0);
    const sums = await env.DB.prepare(
      "SELECT sum(amount_cents) AS paid, sum(refunded_cents) AS refunded, sum(amount_cents - refunded_cents) AS net FROM enrollments WHERE course_id = 1",
    ).first<{ paid: number; refunded: number; net: number }>();
    expect({ paid: cents(7), refunded: cents(8), net: cents(9) }).toEqual(sums);
    expect(sums).toEqual({ paid: 3 * 4900, refunded: 1234 + 4900, net: 3 * 4900 - 1234 - 4900 });
  });
});

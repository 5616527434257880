/**
 * Bundles (docs/payments.md, "Bundles"): the price is the same for every address; after payment, through the webhook,
 * the courses the address already owned are not enrolled again and their share of the price is refunded at once; a
 * bundle's refund takes (or keeps) the access to all its courses.
 */
import { env } from "cloudflare:test";
import { assert, beforeEach, describe, expect, it } from "vitest";
import type { createStripeEmulator } from "../../../workers/stripe-emulator/emulator";
import { buyerEmail, insertEnrollment, rowsOf, seedTestDb } from "../../../tests/support/db";
import { emulatorHoldingWebhooks, payInBrowser } from "../../../tests/support/stripe";
import { mailRows } from "../../../tests/support/mail";
import { bundleCreditCents } from "~/lib/bundles";
import type { Database } from "../core/db.server";
import { refundOrder, refundPart } from "../admin/orders.server";
import { ownsCourse } from "../learning/learner.server";
import { getPublicBundle, saveBundle } from "./bundles.server";
import { handleStripeWebhook, startBundlePurchase } from "./payments.server";
import { createStripeClient } from "./stripe.server";

const WEBHOOK_SECRET = "whsec_test_bundles";
const SECRET_KEY = "sk_test_bundles_server";

let db: Database;
let stripe: ReturnType<typeof createStripeClient>;
let emulator: ReturnType<typeof createStripeEmulator>;
let webhooks: Request[];

beforeEach(async () => {
  db = await seedTestDb();
  ({ emulator, webhooks } = emulatorHoldingWebhooks(SECRET_KEY, WEBHOOK_SECRET));
  stripe = createStripeClient(SECRET_KEY, (input, init) => emulator.fetch(new Request(input, init)));
});

const webhookDeps = () => ({ db, stripe, webhookSecret: WEBHOOK_SECRET });

type OrderRow = {
  id: number;
  course_id: number;
  amount_cents: number;
  credit_cents: number;
  credit_refund_id: string | null;
  bundle_id: number | null;
  order_id: number | null;
  status: string;
  refund_reason: string | null;
  keep_access: number;
};
const rowsOfBuyer = (email: string) =>
  rowsOf<OrderRow>(
    "SELECT id, course_id, amount_cents, credit_cents, credit_refund_id, bundle_id, order_id, status, refund_reason, keep_access FROM enrollments WHERE email = ? ORDER BY id",
    email,
  );

/** Courses 1, 2, 3 of the seed ($49, $79, $129: $257 separately) as one bundle at $199. */
async function seedBundle() {
  const { id } = await saveBundle(db, {
    title: "The Whole Stoa",
    description: "All three.",
    priceCents: 19900,
    courseIds: [1, 2, 3],
    published: true,
  });
  return id;
}

/** Pays the bundle with a card and delivers its `payment_intent.succeeded` webhook, as Stripe would. */
async function buyBundle(bundleId: number, email: string) {
  const { clientSecret, paymentIntentId } = await startBundlePurchase({ db, stripe }, { bundleId, amount: 199, email });
  await payInBrowser(emulator, clientSecret);
  const answer = await handleStripeWebhook(webhookDeps(), await webhookOf("payment_intent.succeeded", paymentIntentId));
  return { paymentIntentId, answer };
}

async function webhookOf(type: string, paymentIntentId: string, which = 0) {
  const found: Request[] = [];
  for (const request of webhooks) {
    const event = JSON.parse(await request.clone().text());
    const object = event.data.object;
    const intent = object.object === "payment_intent" ? object.id : object.payment_intent;
    if (event.type === type && intent === paymentIntentId) found.push(request.clone() as Request);
  }
  const request = found[which];
  assert(request, `webhook ${which} of type ${type} for ${paymentIntentId}`);
  return request;
}

describe("a bundle's page data", () => {
  it("lists its courses, its price and the saving against their list prices; an unpublished bundle is not found", async () => {
    const id = await seedBundle();
    const bundle = await getPublicBundle(db, id);
    expect(bundle).toMatchObject({ title: "The Whole Stoa", priceCents: 19900, listCents: 25700, savingsCents: 5800 });
    expect(bundle?.courses.map((course) => course.id)).toEqual([1, 2, 3]);
    await saveBundle(db, {
      id,
      version: "",
      title: "The Whole Stoa",
      description: "",
      priceCents: 19900,
      courseIds: [1, 2, 3],
      published: false,
    });
    expect(await getPublicBundle(db, id)).toBeUndefined();
  });
});

describe("buying a bundle", () => {
  it("charges the bundle's price whatever the address owns, and refuses another amount (400) or an unknown bundle (404)", async () => {
    const id = await seedBundle();
    const email = buyerEmail();
    await insertEnrollment(db, { email, courseId: 2 });
    const { paymentIntentId } = await startBundlePurchase({ db, stripe }, { bundleId: id, amount: 199, email });
    expect(await stripe.paymentIntents.retrieve(paymentIntentId)).toMatchObject({ amount: 19900, metadata: { bundleId: String(id) } });
    await expect(startBundlePurchase({ db, stripe }, { bundleId: id, amount: 120.83, email })).rejects.toMatchObject({ status: 400 });
    await expect(startBundlePurchase({ db, stripe }, { bundleId: 999, amount: 199, email })).rejects.toMatchObject({ status: 404 });
  });

  it("with one course already owned: one order row, the others enrolled, the owned course's share refunded at once (webhook path)", async () => {
    const id = await seedBundle();
    const email = buyerEmail();
    await insertEnrollment(db, { email, courseId: 2 });
    const { paymentIntentId, answer } = await buyBundle(id, email);

    const rows = await rowsOfBuyer(email);
    const order = rows.find((row) => row.order_id === null && row.bundle_id === id);
    assert(order, "the bundle's order row");
    expect(answer).toMatchObject({ received: true, enrollmentId: order.id });
    // $199 shared by list prices: course 2 is $79 of $257, rounded up to the cent in the buyer's favour.
    expect(bundleCreditCents(19900, 7900, 25700)).toBe(6118);
    expect(order).toMatchObject({ course_id: 1, amount_cents: 19900, credit_cents: 6118, status: "paid" });
    expect(order.credit_refund_id).toMatch(/^re_/);
    // Course 3 opened through the order; course 2 not bought again.
    expect(rows.filter((row) => row.order_id === order.id).map((row) => [row.course_id, row.amount_cents, row.status])).toEqual([
      [3, 0, "paid"],
    ]);
    expect(rows.filter((row) => row.course_id === 2)).toHaveLength(1);
    for (const courseId of [1, 2, 3]) expect(await ownsCourse(db, email, courseId)).toBe(true);

    const charge = (await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] })).latest_charge;
    expect(typeof charge === "object" && charge?.amount_refunded).toBe(6118);
    const [receipt] = await mailRows<{ text: string }>('SELECT text FROM mail_log WHERE kind = ? AND "to" = ?', "receipt", email);
    expect(receipt?.text).toContain("Already yours");
    expect(receipt?.text).toContain("$61.18");

    // The partial refund's own events leave the order paid; a second delivery of the payment changes nothing.
    expect(await handleStripeWebhook(webhookDeps(), await webhookOf("refund.created", paymentIntentId))).toMatchObject({
      ignored: expect.any(String),
    });
    expect(await handleStripeWebhook(webhookDeps(), await webhookOf("charge.refunded", paymentIntentId))).toMatchObject({
      ignored: expect.any(String),
    });
    await handleStripeWebhook(webhookDeps(), await webhookOf("payment_intent.succeeded", paymentIntentId));
    expect(await rowsOfBuyer(email)).toEqual(rows);
  });

  it("an address that owned every course: the whole payment is refunded, nothing enrolled", async () => {
    const id = await seedBundle();
    const email = buyerEmail();
    for (const courseId of [1, 2, 3]) await insertEnrollment(db, { email, courseId });
    const { answer } = await buyBundle(id, email);
    expect(answer).toMatchObject({ refunded: "duplicate" });
    const order = (await rowsOfBuyer(email)).filter((row) => row.bundle_id === id);
    expect(order.map((row) => [row.status, row.refund_reason, row.credit_cents])).toEqual([["refunded", "duplicate", 0]]);
  });
});

describe("refunding a bundle", () => {
  it("with access removed: what is left of the payment goes back and every course of the order closes", async () => {
    const id = await seedBundle();
    const email = buyerEmail();
    await insertEnrollment(db, { email, courseId: 2 });
    const { paymentIntentId } = await buyBundle(id, email);
    const order = (await rowsOfBuyer(email)).find((row) => row.bundle_id === id && row.order_id === null);
    assert(order);

    const child = (await rowsOfBuyer(email)).find((row) => row.order_id === order.id);
    assert(child);
    // A course of the bundle is never refunded alone.
    await expect(refundOrder({ db, stripe }, { enrollmentId: child.id, keepAccess: false })).rejects.toMatchObject({ status: 409 });

    const result = await refundOrder({ db, stripe }, { enrollmentId: order.id, keepAccess: false });
    expect(result.transitioned).toBe(true);
    const charge = (await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] })).latest_charge;
    expect(typeof charge === "object" && charge?.amount_refunded).toBe(19900);
    const bundleRows = (await rowsOfBuyer(email)).filter((row) => row.bundle_id === id);
    expect(bundleRows.map((row) => [row.course_id, row.status, row.keep_access])).toEqual([
      [1, "refunded", 0],
      [3, "refunded", 0],
    ]);
    expect(await ownsCourse(db, email, 1)).toBe(false);
    expect(await ownsCourse(db, email, 3)).toBe(false);
    // The course bought on its own before is untouched.
    expect(await ownsCourse(db, email, 2)).toBe(true);
  });

  it("in parts: the credit counts as refunded, so at most what is left can go back; a course of the bundle alone is refused", async () => {
    const id = await seedBundle();
    const email = buyerEmail();
    await insertEnrollment(db, { email, courseId: 2 });
    const { paymentIntentId } = await buyBundle(id, email);
    const order = (await rowsOfBuyer(email)).find((row) => row.bundle_id === id && row.order_id === null);
    const child = (await rowsOfBuyer(email)).find((row) => row.order_id === order?.id);
    assert(order && child);
    const [stored] = await rowsOf<{ refunded_cents: number }>("SELECT refunded_cents FROM enrollments WHERE id = ?", order.id);
    expect(stored?.refunded_cents).toBe(6118);
    const part = { reason: "Goodwill", removeAccess: false, by: "owner" };
    await expect(refundPart({ db, stripe }, { ...part, enrollmentId: child.id, amountCents: 100 })).rejects.toMatchObject({ status: 409 });
    // $199 paid, $61.18 already back: $137.82 is left, so $137.83 is refused and nothing moves.
    await expect(refundPart({ db, stripe }, { ...part, enrollmentId: order.id, amountCents: 13783 })).rejects.toMatchObject({
      status: 400,
    });
    const first = await refundPart({ db, stripe }, { ...part, enrollmentId: order.id, amountCents: 3782 });
    expect(first.remainingCents).toBe(10000);
    await refundOrder({ db, stripe }, { enrollmentId: order.id, keepAccess: true });
    const charge = (await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] })).latest_charge;
    expect(typeof charge === "object" && charge?.amount_refunded).toBe(19900);
  });

  it("with access kept: the money goes back and every course of the order stays open", async () => {
    const id = await seedBundle();
    const email = buyerEmail();
    await buyBundle(id, email);
    const order = (await rowsOfBuyer(email)).find((row) => row.bundle_id === id && row.order_id === null);
    assert(order);
    await refundOrder({ db, stripe }, { enrollmentId: order.id, keepAccess: true });
    const bundleRows = (await rowsOfBuyer(email)).filter((row) => row.bundle_id === id);
    expect(bundleRows.map((row) => [row.course_id, row.status, row.keep_access])).toEqual([
      [1, "refunded", 1],
      [2, "refunded", 1],
      [3, "refunded", 1],
    ]);
    for (const courseId of [1, 2, 3]) expect(await ownsCourse(db, email, courseId)).toBe(true);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM enrollments WHERE bundle_id = ?").bind(id).first("n")).toBe(3);
  });
});

import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { type createStripeEmulator, signWebhookPayload } from "../../../workers/stripe-emulator/emulator";
import { seedTestDb } from "../../../tests/support/db";
import { emulatorHoldingWebhooks, payInBrowser } from "../../../tests/support/stripe";
import { mailRows } from "../../../tests/support/mail";
import { couponDiscountCents, couponFormSchema, COUPON_REFUSALS } from "~/lib/coupons";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";
import { eraseLearner, learnerErasurePreview } from "../learning/learner-data.server";
import { erasureSubject } from "~/lib/learner-data";
import { createCoupon, listCoupons, quoteCoupon } from "./coupons.server";
import { handleStripeWebhook, startCoursePurchase } from "./payments.server";
import { createStripeClient } from "./stripe.server";

const WEBHOOK_SECRET = "whsec_test_coupons";
const SECRET_KEY = "sk_test_coupons_server";

let db: Database;
let stripe: ReturnType<typeof createStripeClient>;
let emulator: ReturnType<typeof createStripeEmulator>;
let webhooks: Request[];

beforeEach(async () => {
  db = await seedTestDb();
  // The seed knows no coupons; D1 outlives each test here, so each starts without the last one's.
  await env.DB.batch([
    env.DB.prepare("DELETE FROM coupon_redemptions"),
    env.DB.prepare("DELETE FROM coupons"),
    env.DB.prepare("UPDATE enrollments SET coupon_code = NULL WHERE coupon_code IS NOT NULL"),
  ]);
  ({ emulator, webhooks } = emulatorHoldingWebhooks(SECRET_KEY, WEBHOOK_SECRET));
  stripe = createStripeClient(SECRET_KEY, (input, init) => emulator.fetch(new Request(input, init)));
});

const deps = () => ({ db, stripe });
const webhookDeps = () => ({ db, stripe, webhookSecret: WEBHOOK_SECRET });
const buyer = () => `buyer-${crypto.randomUUID()}@example.com`;
const HOUR = 3_600_000;

/** A coupon through the admin form's own schema, as the owner would save it. */
async function coupon(fields: Record<string, unknown>) {
  return createCoupon(db, couponFormSchema.parse({ kind: "percent", value: "25", active: "on", ...fields }));
}

/** Course 1 costs $49 in the seed; `amount` is what the buyer's page sends, in dollars. */
const purchase = (code: string, amount: number, email = buyer(), courseId = 1) =>
  startCoursePurchase(deps(), { courseId, amount, email, couponCode: code, attemptId: crypto.randomUUID() });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).status, message: (error as HttpError).message };
}

const redemptionStatuses = async () =>
  (await env.DB.prepare("SELECT status FROM coupon_redemptions ORDER BY id").all<{ status: string }>()).results.map((row) => row.status);

async function signed(event: unknown) {
  const body = JSON.stringify(event);
  return new Request("http://localhost/api/stripe/webhook", {
    method: "POST",
    headers: { "Stripe-Signature": await signWebhookPayload(body, WEBHOOK_SECRET, Math.floor(Date.now() / 1000)) },
    body,
  });
}

async function succeededDelivery() {
  for (const request of webhooks) {
    const body = await request.clone().text();
    if ((JSON.parse(body) as { type: string }).type === "payment_intent.succeeded") return request.clone();
  }
  throw new Error("no payment_intent.succeeded was sent");
}

describe("the discount", () => {
  it("rounds a percentage to the nearest cent, half a cent in the buyer's favour, and never goes below zero", () => {
    expect(couponDiscountCents(4900, { kind: "percent", value: 25 })).toBe(1225);
    expect(couponDiscountCents(5, { kind: "percent", value: 10 })).toBe(1);
    expect(couponDiscountCents(4, { kind: "percent", value: 10 })).toBe(0);
    expect(couponDiscountCents(1999, { kind: "percent", value: 33 })).toBe(660);
    expect(couponDiscountCents(4900, { kind: "percent", value: 100 })).toBe(4900);
    expect(couponDiscountCents(4900, { kind: "amount", value: 10_000 })).toBe(4900);
  });

  it("charges the price from D1 less the discount, with the coupon in the PaymentIntent's metadata", async () => {
    await coupon({ code: "spring-25" });
    const started = await purchase(" Spring-25 ", 36.75);
    if ("free" in started) throw new Error("expected a payment");
    const intent = await stripe.paymentIntents.retrieve(started.paymentIntentId);
    expect(intent).toMatchObject({ amount: 3675, metadata: { couponCode: "SPRING-25", discountCents: "1225", priceCents: "4900" } });
    // The browser's amount is only checked: the full price with a valid code is refused, not charged.
    expect(await refusal(purchase("SPRING-25", 49))).toMatchObject({ status: 400, message: expect.stringMatching(/\$36\.75/) });
  });
});

describe("a code is refused, and says why", () => {
  it("unknown, inactive, not started, expired, not for this course", async () => {
    const now = Date.now();
    await coupon({ code: "OFF", active: "" });
    await coupon({ code: "SOON", startsAt: new Date(now + HOUR).toISOString() });
    await coupon({ code: "GONE", startsAt: new Date(now - 2 * HOUR).toISOString(), endsAt: new Date(now - HOUR).toISOString() });
    await coupon({ code: "TWO", courseIds: ["2"] });
    expect(await refusal(purchase("NOPE", 36.75))).toEqual({ status: 400, message: COUPON_REFUSALS.unknown });
    expect(await refusal(purchase("OFF", 36.75))).toEqual({ status: 400, message: COUPON_REFUSALS.unknown });
    expect(await refusal(purchase("SOON", 36.75))).toEqual({ status: 400, message: COUPON_REFUSALS["not-started"] });
    expect(await refusal(purchase("GONE", 36.75))).toEqual({ status: 400, message: COUPON_REFUSALS.expired });
    expect(await refusal(purchase("TWO", 36.75))).toEqual({ status: 400, message: COUPON_REFUSALS["wrong-course"] });
    expect(await quoteCoupon(db, { code: "two", courseId: 2, priceCents: 7900 })).toMatchObject({ ok: true, amountCents: 5925 });
    expect(await redemptionStatuses()).toEqual([]);
  });

  it("used up once its uses are taken; a cancelled payment gives its use back", async () => {
    await coupon({ code: "ONCE", maxUses: "1" });
    const first = await purchase("ONCE", 36.75);
    expect(await refusal(purchase("ONCE", 36.75))).toEqual({ status: 400, message: COUPON_REFUSALS["used-up"] });
    if ("free" in first) throw new Error("expected a payment");
    const canceled = await stripe.paymentIntents.cancel(first.paymentIntentId);
    await handleStripeWebhook(
      webhookDeps(),
      await signed({ id: "evt_cancel", object: "event", type: "payment_intent.canceled", data: { object: canceled } }),
    );
    expect(await purchase("ONCE", 36.75)).toHaveProperty("clientSecret");
    expect(await redemptionStatuses()).toEqual(["released", "reserved"]);
  });
});

describe("no limit per address (ADR 0008: no check against an unproven address can enforce one without telling what it bought)", () => {
  /** Checkout with `code`, the card 4242 and the webhook: the answers, and the e-mails the address got. (The return page: repeat-purchases.server.test.ts.) */
  async function payWithCode(code: string, email: string, courseId: number, amount: number) {
    webhooks.length = 0;
    const started = await purchase(code, amount, email, courseId);
    if ("free" in started) throw new Error("expected a payment");
    await payInBrowser(emulator, started.clientSecret);
    const webhook = await handleStripeWebhook(webhookDeps(), await succeededDelivery());
    const [receipt] = await mailRows<{ text: string }>(
      'SELECT text FROM mail_log WHERE kind = ? AND "to" = ? ORDER BY id DESC',
      "receipt",
      email,
    );
    const mails = await mailRows<{ kind: string }>('SELECT kind FROM mail_log WHERE "to" = ? ORDER BY id', email);
    return { checkout: Object.keys(started).sort(), webhook, receipt: receipt?.text ?? "", mails };
  }
  /** Ids, addresses, links, dates and tokens differ by nature; the rest must not. */
  const normalised = (text: string) =>
    text
      .replace(/EL-\d+/g, "EL-n")
      .replace(/[\w.+-]+@example\.com/g, "ADDRESS")
      .replace(/https?:\/\/\S+/g, "URL")
      .replace(/=[\w.-]{20,}/g, "=TOKEN")
      .replace(/\d{1,2} \w+ \d{4}|\w+ \d{1,2}, \d{4}/g, "DATE");

  it("a second use of a code by one address gets the same checkout answer, a paid order and an ordinary receipt", async () => {
    await coupon({ code: "SPRING-25" });
    const email = buyer();
    await payWithCode("SPRING-25", email, 1, 36.75);
    const second = await payWithCode("SPRING-25", email, 2, 59.25);
    const first = await payWithCode("SPRING-25", buyer(), 2, 59.25);
    expect(second.checkout).toEqual(first.checkout);
    expect(second.webhook).toEqual({ ...first.webhook, enrollmentId: expect.any(Number) });
    expect(second.webhook).not.toHaveProperty("refunded");
    // The inbox gets the same receipt as anyone's first use: nothing about the code's earlier use.
    expect(normalised(second.receipt)).toBe(normalised(first.receipt));
    expect(second.receipt).toContain("Coupon SPRING-25");
    expect(second.mails.map((mail) => mail.kind)).toEqual(["receipt", "receipt"]);
    const orders = await env.DB.prepare("SELECT course_id, status, refund_reason, coupon_code FROM enrollments WHERE email = ? ORDER BY id")
      .bind(email)
      .all();
    expect(orders.results).toEqual([
      { course_id: 1, status: "paid", refund_reason: null, coupon_code: "SPRING-25" },
      { course_id: 2, status: "paid", refund_reason: null, coupon_code: "SPRING-25" },
    ]);
    expect(await redemptionStatuses()).toEqual(["redeemed", "redeemed", "redeemed"]);
  });

  it("a 100% code used twice by one address, on two courses, enrols both with the same answer", async () => {
    await coupon({ code: "FREE-TWICE", value: "100" });
    const email = buyer();
    expect(await purchase("FREE-TWICE", 0, email, 1)).toEqual({ free: true, couponCode: "FREE-TWICE" });
    expect(await purchase("FREE-TWICE", 0, email, 2)).toEqual({ free: true, couponCode: "FREE-TWICE" });
    const orders = await env.DB.prepare("SELECT course_id, status FROM enrollments WHERE email = ? ORDER BY id").bind(email).all();
    expect(orders.results).toEqual([
      { course_id: 1, status: "paid" },
      { course_id: 2, status: "paid" },
    ]);
    expect(await mailRows('SELECT kind FROM mail_log WHERE "to" = ? AND kind <> ?', email, "receipt")).toEqual([]);
  });

  it("the admin form has no per-address field any more: the coupon keeps only its total", () => {
    const parsed = couponFormSchema.parse({ code: "X", kind: "percent", value: "10", active: "on", perEmailLimit: "1" });
    expect(parsed).not.toHaveProperty("perEmailLimit");
  });
});

describe("the last use", () => {
  it("raced by 10 buyers at once gives exactly one discounted PaymentIntent", async () => {
    await coupon({ code: "LAST", maxUses: "1" });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => purchase("LAST", 36.75)));
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost.map((result) => (result.reason as HttpError).message)).toEqual(Array(9).fill(COUPON_REFUSALS["used-up"]));
    expect(await redemptionStatuses()).toEqual(["reserved"]);
  });
});

describe("paying with a coupon", () => {
  it("records the coupon and the discount on the order, redeems the use, and the receipt shows both", async () => {
    await coupon({ code: "SPRING-25" });
    const email = buyer();
    const started = await purchase("SPRING-25", 36.75, email);
    if ("free" in started) throw new Error("expected a payment");
    await payInBrowser(emulator, started.clientSecret);
    expect(await handleStripeWebhook(webhookDeps(), await succeededDelivery())).toMatchObject({ enrollmentId: expect.any(Number) });
    const order = await env.DB.prepare("SELECT status, amount_cents, coupon_code, discount_cents FROM enrollments WHERE email = ?")
      .bind(email)
      .first();
    expect(order).toEqual({ status: "paid", amount_cents: 3675, coupon_code: "SPRING-25", discount_cents: 1225 });
    expect(await redemptionStatuses()).toEqual(["redeemed"]);
    const [receipt] = await mailRows<{ text: string }>('SELECT text FROM mail_log WHERE kind = ? AND "to" = ?', "receipt", email);
    expect(receipt?.text).toContain("Coupon SPRING-25: −$12.25 USD");
    expect(receipt?.text).toContain("Amount: $36.75 USD");
    expect(await listCoupons(db)).toMatchObject([{ code: "SPRING-25", uses: 1, revenueCents: 3675, discountCents: 1225 }]);
  });

  it("a tampered amount is refused by the webhook: the order is recorded as a price mismatch and refunded, not dropped", async () => {
    await coupon({ code: "SPRING-25" });
    const email = buyer();
    const started = await purchase("SPRING-25", 36.75, email);
    if ("free" in started) throw new Error("expected a payment");
    await payInBrowser(emulator, started.clientSecret);
    const event = JSON.parse(await (await succeededDelivery()).text());
    // Stripe took less than the coupon's terms when the intent was made (a forged or altered intent).
    event.data.object.amount = 100;
    event.data.object.amount_received = 100;
    expect(await handleStripeWebhook(webhookDeps(), await signed(event))).toMatchObject({ refunded: "price-mismatch" });
    const order = await env.DB.prepare("SELECT status, refund_reason, discount_cents FROM enrollments WHERE email = ?").bind(email).first();
    expect(order).toEqual({ status: "refunded", refund_reason: "price-mismatch", discount_cents: 0 });
    expect(await redemptionStatuses()).toEqual(["released"]);
  });
});

describe("a 100% coupon", () => {
  it("enrols without a payment and still sends the receipt with the coupon", async () => {
    await coupon({ code: "FREE", value: "100" });
    const email = buyer();
    expect(await purchase("FREE", 0, email)).toEqual({ free: true, couponCode: "FREE" });
    const order = await env.DB.prepare(
      "SELECT status, amount_cents, coupon_code, discount_cents, payment_intent_id FROM enrollments WHERE email = ?",
    )
      .bind(email)
      .first();
    expect(order).toMatchObject({
      status: "paid",
      amount_cents: 0,
      coupon_code: "FREE",
      discount_cents: 4900,
      payment_intent_id: expect.stringMatching(/^coupon-\d+$/),
    });
    const [receipt] = await mailRows<{ text: string }>('SELECT text FROM mail_log WHERE kind = ? AND "to" = ?', "receipt", email);
    expect(receipt?.text).toContain("Coupon FREE: −$49.00 USD");
    expect(webhooks).toEqual([]);
    expect(await redemptionStatuses()).toEqual(["redeemed"]);
  });

  it("for an address that already has the course: the same answer, no second order, the use given back", async () => {
    await coupon({ code: "FREE", value: "100" });
    const email = buyer();
    await purchase("FREE", 0, email);
    expect(await purchase("FREE", 0, email)).toEqual({ free: true, couponCode: "FREE" });
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM enrollments WHERE email = ?").bind(email).first<{ n: number }>()) ?? {
      n: -1,
    };
    expect(n).toBe(1);
    expect(await redemptionStatuses()).toEqual(["redeemed", "released"]);
  });
});

describe("erasing a learner", () => {
  it("blanks the address on their coupon uses (kept as counts), as on their orders", async () => {
    await coupon({ code: "FREE", value: "100" });
    const email = buyer();
    await purchase("FREE", 0, email);
    const preview = await learnerErasurePreview(db, email);
    await eraseLearner(db, email, erasureSubject(preview.orders));
    const uses = await env.DB.prepare("SELECT email, status FROM coupon_redemptions").all();
    expect(uses.results).toEqual([{ email: "", status: "redeemed" }]);
  });
});

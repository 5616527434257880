import { env } from "cloudflare:test";
import { assert, beforeEach, describe, expect, it, vi } from "vitest";
import { type createStripeEmulator, signWebhookPayload } from "../../../workers/stripe-emulator/emulator";
import { rowsOf, seedTestDb } from "../../../tests/support/db";
import { emulatorHoldingWebhooks, payInBrowser as payWithCard } from "../../../tests/support/stripe";
import type { Database } from "../core/db.server";
import { refundOrder } from "../admin/orders.server";
import { HttpError } from "../core/http.server";
import { ownsCourse } from "../learning/learner.server";
import {
  PaymentRefundedError,
  type RecordedEnrollment,
  confirmEnrollmentAfterPayment,
  createPaymentIntentForCourse,
  handleStripeWebhook,
} from "./payments.server";
import { refundRepeatPurchase, repeatPurchaseByToken } from "./repeat-purchases.server";
import { REPEAT_REFUND_DAYS } from "./repeat-refund-links.server";
import { createStripeClient } from "./stripe.server";
import { mailRows, refundToken } from "../../../tests/support/mail";

const WEBHOOK_SECRET = "whsec_test_payments";
const SECRET_KEY = "sk_test_payments_server";

let db: Database;
let stripe: ReturnType<typeof createStripeClient>;
let emulator: ReturnType<typeof createStripeEmulator>;
/** Webhooks the emulator sent, held back so tests choose when (and in which order) they arrive. */
let webhooks: Request[];
/** When set, Stripe refuses every refund (as an outage would), so that automatic refunds stay due. */
let failRefunds: boolean;

beforeEach(async () => {
  db = await seedTestDb();
  ({ emulator, webhooks } = emulatorHoldingWebhooks(SECRET_KEY, WEBHOOK_SECRET));
  failRefunds = false;
  stripe = createStripeClient(SECRET_KEY, (input, init) => {
    const request = new Request(input, init);
    if (failRefunds && request.method === "POST" && new URL(request.url).pathname === "/v1/refunds") {
      const error = { error: { type: "invalid_request_error", message: "Simulated: refunds are failing." } };
      return Promise.resolve(Response.json(error, { status: 400 }));
    }
    return emulator.fetch(request);
  });
});

const deps = () => ({ db, stripe });
const buyer = () => `buyer-${crypto.randomUUID()}@example.com`;
/** A PaymentIntent for one course at its price, for a buyer no other test uses. */
const intentFor = (courseId: number, amount: number) => createPaymentIntentForCourse(deps(), { email: buyer(), courseId, amount });
const enrollmentRows = async () =>
  (await env.DB.prepare("SELECT course_id, payment_intent_id, amount_cents FROM enrollments ORDER BY id").all()).results;

/** Confirms a PaymentIntent the way the browser's Stripe.js does, with the client secret and a card. */
const payInBrowser = (clientSecret: string, cardNumber: string) => payWithCard(emulator, clientSecret, cardNumber);

async function expectHttpError(promise: Promise<unknown>, status: number, message?: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).status).toBe(status);
  if (message) expect((error as HttpError).message).toMatch(message);
}

const webhookDeps = () => ({ db, stripe, webhookSecret: WEBHOOK_SECRET });

describe("creating a PaymentIntent", () => {
  it("charges the course price from D1 in cents, in USD, with the course id in metadata", async () => {
    const { clientSecret, paymentIntentId } = await intentFor(1, 49);
    expect(clientSecret).toMatch(/^pi_.+_secret_.+/);
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
    expect(intent).toMatchObject({ amount: 4900, currency: "usd", metadata: { courseId: "1" }, status: "requires_payment_method" });
  });

  it("refuses an amount that disagrees with the price (tampering) with 400", async () => {
    await expectHttpError(
      createPaymentIntentForCourse(deps(), { email: buyer(), courseId: 1, amount: 0.5 }),
      400,
      /does not match the course price/,
    );
    await expectHttpError(createPaymentIntentForCourse(deps(), { email: buyer(), courseId: 1, amount: 129 }), 400);
  });

  it("answers 404 for an unknown course", async () => {
    await expectHttpError(createPaymentIntentForCourse(deps(), { email: buyer(), courseId: 999, amount: 49 }), 404, /Course not found/);
  });

  it("is idempotent per enrol-page attempt", async () => {
    const attemptId = crypto.randomUUID();
    const email = buyer();
    const first = await createPaymentIntentForCourse(deps(), { email, courseId: 2, amount: 79, attemptId });
    const again = await createPaymentIntentForCourse(deps(), { email, courseId: 2, amount: 79, attemptId });
    expect(again.paymentIntentId).toBe(first.paymentIntentId);
    const other = await createPaymentIntentForCourse(deps(), {
      email: buyer(),
      courseId: 2,
      amount: 79,
      attemptId: crypto.randomUUID(),
    });
    expect(other.paymentIntentId).not.toBe(first.paymentIntentId);
  });
});

describe("confirming after payment (the return page)", () => {
  it("a successful card enrols exactly once, however often the page is reopened", async () => {
    const { clientSecret, paymentIntentId } = await intentFor(1, 49);
    expect((await payInBrowser(clientSecret, "4242424242424242")).status).toBe(200);
    const first = await confirmEnrollmentAfterPayment(deps(), { paymentIntentId, paymentIntentClientSecret: clientSecret });
    const replay = await confirmEnrollmentAfterPayment(deps(), { paymentIntentId, paymentIntentClientSecret: clientSecret });
    expect(first).toMatchObject({ id: expect.any(Number), courseId: 1, status: "paid" });
    expect(replay).toEqual(first);
    expect(await enrollmentRows()).toEqual([{ course_id: 1, payment_intent_id: paymentIntentId, amount_cents: 4900 }]);
  });

  it("a declined card or an unpaid intent enrols nobody", async () => {
    const { clientSecret, paymentIntentId } = await intentFor(1, 49);
    const declined = await payInBrowser(clientSecret, "4000000000000002");
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ error: { type: "card_error", code: "card_declined" } });
    await expectHttpError(confirmEnrollmentAfterPayment(deps(), { paymentIntentId, paymentIntentClientSecret: clientSecret }), 402);

    const insufficient = await payInBrowser(clientSecret, "4000000000009995");
    expect(await insufficient.json()).toMatchObject({ error: { decline_code: "insufficient_funds" } });
    expect(await enrollmentRows()).toEqual([]);
  });

  it("someone else's client secret, or an unknown intent, is refused", async () => {
    const mine = await createPaymentIntentForCourse(deps(), { email: buyer(), courseId: 1, amount: 49 });
    const theirs = await intentFor(3, 129);
    await payInBrowser(theirs.clientSecret, "4242424242424242");
    await expectHttpError(
      confirmEnrollmentAfterPayment(deps(), { paymentIntentId: theirs.paymentIntentId, paymentIntentClientSecret: mine.clientSecret }),
      403,
    );
    await expectHttpError(
      confirmEnrollmentAfterPayment(deps(), { paymentIntentId: "pi_doesnotexist", paymentIntentClientSecret: "x" }),
      404,
    );
    expect(await enrollmentRows()).toEqual([]);
  });

  it("a PaymentIntent created outside the app for a lower amount does not enrol: it is refunded at once (409 here)", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 100, currency: "usd", metadata: { courseId: "3" } });
    await payInBrowser(intent.client_secret!, "4242424242424242");
    await expectHttpError(
      confirmEnrollmentAfterPayment(deps(), { paymentIntentId: intent.id, paymentIntentClientSecret: intent.client_secret! }),
      409,
      /refunded in full/,
    );
    expect(await enrollmentRows()).toEqual([{ course_id: 3, payment_intent_id: intent.id, amount_cents: 100 }]);
    expect(await env.DB.prepare("SELECT status, refund_reason FROM enrollments").first()).toEqual({
      status: "refunded",
      refund_reason: "price-mismatch",
    });
  });
});

describe("webhooks", () => {
  it("payment_intent.succeeded enrols once; duplicates and the return page in any order add nothing", async () => {
    const { clientSecret, paymentIntentId } = await intentFor(2, 79);
    await payInBrowser(clientSecret, "4242424242424242");
    expect(webhooks).toHaveLength(1);
    const delivery = firstWebhook();
    const body = await delivery.clone().text();
    expect(JSON.parse(body)).toMatchObject({ type: "payment_intent.succeeded" });

    const first = await handleStripeWebhook(webhookDeps(), delivery.clone());
    expect(first).toMatchObject({ received: true, type: "payment_intent.succeeded" });
    await handleStripeWebhook(webhookDeps(), delivery.clone()); // duplicate delivery
    const fromReturnPage = await confirmEnrollmentAfterPayment(deps(), { paymentIntentId, paymentIntentClientSecret: clientSecret });
    expect(fromReturnPage.id).toBe((first as { enrollmentId: number }).enrollmentId);
    expect(await enrollmentRows()).toHaveLength(1);
  });

  it("out of order: the return page first, then the webhook", async () => {
    const { clientSecret, paymentIntentId } = await intentFor(3, 129);
    await payInBrowser(clientSecret, "4242424242424242");
    await confirmEnrollmentAfterPayment(deps(), { paymentIntentId, paymentIntentClientSecret: clientSecret });
    const delivery = firstWebhook();
    await handleStripeWebhook(webhookDeps(), delivery);
    expect(await enrollmentRows()).toEqual([{ course_id: 3, payment_intent_id: paymentIntentId, amount_cents: 12900 }]);
  });

  it("payment_intent.payment_failed is acknowledged and enrols nobody", async () => {
    const { clientSecret } = await intentFor(1, 49);
    await payInBrowser(clientSecret, "4000000000000002");
    expect(webhooks).toHaveLength(1);
    const delivery = firstWebhook();
    expect(await handleStripeWebhook(webhookDeps(), delivery)).toMatchObject({ type: "payment_intent.payment_failed" });
    expect(await enrollmentRows()).toEqual([]);
  });

  it("a bad or missing signature is refused with 400 and changes nothing", async () => {
    const { clientSecret } = await intentFor(1, 49);
    await payInBrowser(clientSecret, "4242424242424242");
    const delivery = firstWebhook();
    const body = await delivery.clone().text();
    const forged = new Request("http://localhost/api/stripe/webhook", {
      method: "POST",
      headers: { "Stripe-Signature": await signWebhookPayload(body, "whsec_wrong_secret", Math.floor(Date.now() / 1000)) },
      body,
    });
    await expectHttpError(handleStripeWebhook(webhookDeps(), forged), 400, /signature/i);
    const unsigned = new Request("http://localhost/api/stripe/webhook", { method: "POST", body });
    await expectHttpError(handleStripeWebhook(webhookDeps(), unsigned), 400);
    const event = JSON.parse(body);
    event.data.object.amount = 1;
    const tamperedBody = JSON.stringify(event);
    expect(tamperedBody).not.toBe(body);
    const tampered = new Request("http://localhost/api/stripe/webhook", {
      method: "POST",
      headers: { "Stripe-Signature": delivery.headers.get("Stripe-Signature")! },
      body: tamperedBody,
    });
    await expectHttpError(handleStripeWebhook(webhookDeps(), tampered), 400);
    expect(await enrollmentRows()).toEqual([]);
  });
});

describe("the buyer, and one purchase per address and course", () => {
  it("records the buyer from the PaymentIntent (trimmed, lower-cased), and sends one receipt with an access link", async () => {
    const { clientSecret, paymentIntentId } = await createPaymentIntentForCourse(deps(), {
      email: "  Reader@Example.COM ",
      name: " Ada ",
      courseId: 2,
      amount: 79,
    });
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
    expect(intent.receipt_email).toBe("reader@example.com");
    expect(intent.metadata).toMatchObject({ courseId: "2", email: "reader@example.com" });
    await payInBrowser(clientSecret, "4242424242424242");
    await confirmEnrollmentAfterPayment(
      { ...deps(), origin: "http://localhost:9000" },
      { paymentIntentId, paymentIntentClientSecret: clientSecret },
    );
    await confirmEnrollmentAfterPayment(deps(), { paymentIntentId, paymentIntentClientSecret: clientSecret });
    const row = await env.DB.prepare("SELECT email, name, amount_cents, currency, status FROM enrollments").first();
    expect(row).toEqual({ email: "reader@example.com", name: "Ada", amount_cents: 7900, currency: "usd", status: "paid" });
    // The buyer's mail (the owner's notice of the sale is owner-notices.server.test.ts's).
    const mails = await mailRows<{ to: string; kind: string; text: string }>(
      `SELECT "to", kind, text FROM mail_log WHERE kind <> 'owner-notice'`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "reader@example.com", kind: "receipt" });
    // Links use the origin the site is served on.
    expect(mails[0]?.text).toMatch(/http:\/\/localhost:9000\/learn\/access\/[A-Za-z0-9_-]{43}/);
  });

  it("a refunded enrolment does not block buying the course again", async () => {
    await env.DB.prepare(
      "INSERT INTO enrollments (course_id, payment_intent_id, amount_cents, email, status) VALUES (1, 'pi_old', 4900, 'back@example.com', 'refunded')",
    ).run();
    await createPaymentIntentForCourse(deps(), { email: "back@example.com", courseId: 1, amount: 49 });
  });
});

/** The emulator's own records, as Stripe's dashboard would show them. */
const listAtStripe = async (path: string) =>
  (
    (await (
      await emulator.fetch(new Request(`http://localhost/v1/${path}?limit=100`, { headers: { Authorization: `Bearer ${SECRET_KEY}` } }))
    ).json()) as { data: { id: string; amount: number; payment_intent: string }[] }
  ).data;
const paymentIntentCount = async () => (await listAtStripe("payment_intents")).length;
const mails = () =>
  // The buyers' mail: the owner's notice of each sale is owner-notices.server.test.ts's.
  mailRows<{ to: string; kind: string; subject: string; text: string }>(
    `SELECT "to", kind, subject, text FROM mail_log WHERE kind <> 'owner-notice' ORDER BY id`,
  );
const orders = () =>
  rowsOf<{
    id: number;
    email: string;
    course_id: number;
    status: string;
    refund_reason: string | null;
    refund_id: string | null;
    keep_access: number;
  }>("SELECT id, email, course_id, status, refund_reason, refund_id, keep_access FROM enrollments ORDER BY id");
/** The webhooks of one type the emulator has sent so far, for one PaymentIntent. */
async function webhooksOf(type: string, paymentIntentId: string) {
  const found: (typeof webhooks)[number][] = [];
  for (const request of webhooks) {
    const event = JSON.parse(await request.clone().text());
    const object = event.data.object;
    const intent = object.object === "payment_intent" ? object.id : object.payment_intent;
    if (event.type === type && intent === paymentIntentId) found.push(request.clone() as (typeof webhooks)[number]);
  }
  return found;
}

/** The first webhook the emulator delivered; the test fails here when there is none. */
function firstWebhook() {
  const [request] = webhooks;
  assert(request, "a delivered webhook");
  return request;
}

/** The first webhook of `type` for the intent; the test fails here when there is none. */
async function webhookOf(type: string, paymentIntentId: string) {
  const [request] = await webhooksOf(type, paymentIntentId);
  assert(request, `a ${type} webhook for ${paymentIntentId}`);
  return request;
}
/** An intent created and paid through the app's own flow. */
async function paid(email: string, courseId = 1, amount = 49) {
  const intent = await createPaymentIntentForCourse(deps(), { email, courseId, amount, attemptId: crypto.randomUUID() });
  expect((await payInBrowser(intent.clientSecret, "4242424242424242")).status).toBe(200);
  return { paymentIntentId: intent.paymentIntentId, paymentIntentClientSecret: intent.clientSecret };
}
const CONTACT = () => env.CONTACT_EMAIL;

describe("checkout tells nobody what an address owns (issue #24, item 1)", () => {
  it("an address that owns the course gets the same answer as one that does not, and a PaymentIntent", async () => {
    await confirmEnrollmentAfterPayment(deps(), await paid("owner@example.com"));
    const before = await paymentIntentCount();
    const owner = await createPaymentIntentForCourse(deps(), { email: "OWNER@example.com", courseId: 1, amount: 49 });
    const stranger = await createPaymentIntentForCourse(deps(), { email: "stranger@example.com", courseId: 1, amount: 49 });
    expect(Object.keys(owner).sort()).toEqual(Object.keys(stranger).sort());
    expect(owner).toEqual({ clientSecret: expect.stringMatching(/^pi_.+_secret_/), paymentIntentId: expect.stringMatching(/^pi_/) });
    expect(await paymentIntentCount()).toBe(before + 2);
  });

  it("two concurrent calls for the same address and course both succeed, with the same shape", async () => {
    const email = buyer();
    const answers = await Promise.all([
      createPaymentIntentForCourse(deps(), { email, courseId: 2, amount: 79, attemptId: crypto.randomUUID() }),
      createPaymentIntentForCourse(deps(), { email, courseId: 2, amount: 79, attemptId: crypto.randomUUID() }),
    ]);
    expect(answers.map((answer) => Object.keys(answer).sort())).toEqual([
      ["clientSecret", "paymentIntentId"],
      ["clientSecret", "paymentIntentId"],
    ]);
    expect(answers[0].paymentIntentId).not.toBe(answers[1].paymentIntentId);
  });
});

describe("a repeat purchase is honoured (issue #37; ADR 0008)", () => {
  it("two payments by one address confirmed concurrently (return pages and webhooks): two paid orders, no refund, and the later one's receipt offers its refund", async () => {
    const email = buyer();
    const first = await paid(email);
    const second = await paid(email);
    const firstSucceeded = await webhookOf("payment_intent.succeeded", first.paymentIntentId);
    const secondSucceeded = await webhookOf("payment_intent.succeeded", second.paymentIntentId);
    const results = await Promise.all([
      confirmEnrollmentAfterPayment(deps(), first),
      handleStripeWebhook(webhookDeps(), secondSucceeded),
      confirmEnrollmentAfterPayment(deps(), second),
      handleStripeWebhook(webhookDeps(), firstSucceeded),
    ]);
    const rows = await orders();
    expect(rows.map((row) => [row.status, row.refund_reason])).toEqual([
      ["paid", null],
      ["paid", null],
    ]);
    expect(await listAtStripe("refunds")).toEqual([]);
    // The return page's answers are alike: nothing in them tells which payment came second.
    const [firstPage, secondWebhook, secondPage] = results;
    const shape = ({ id: _id, createdAt: _at, ...rest }: RecordedEnrollment) => rest;
    expect(shape(firstPage)).toEqual(shape(secondPage));
    expect(secondWebhook).not.toHaveProperty("refunded");
    // Two receipts; the later order's (only) says the address had the course and carries its refund link.
    const sent = await mails();
    expect(sent.map((mail) => mail.kind)).toEqual(["receipt", "receipt"]);
    const offers = sent.filter((mail) => /you bought .+ again/i.test(mail.text));
    expect(offers).toHaveLength(1);
    expect(offers[0]?.text).toMatch(/\/orders\/refund\/[A-Za-z0-9_-]{43}/);
    const withLink = await rowsOf<{ id: number }>("SELECT id FROM enrollments WHERE refund_link_hash IS NOT NULL");
    expect(withLink).toEqual([{ id: Math.max(...rows.map((row) => row.id)) }]);
  });

  it("the receipt's link refunds that order once (a double click too): access removed from it only, the first order open, one refund e-mail", async () => {
    const email = buyer();
    const first = await confirmEnrollmentAfterPayment(deps(), await paid(email, 2, 79));
    const again = await confirmEnrollmentAfterPayment(deps(), await paid(email, 2, 79));
    expect([first.status, again.status]).toEqual(["paid", "paid"]);
    const token = await refundToken(email);
    expect(await repeatPurchaseByToken(db, token)).toMatchObject({ state: "open", amount: "$79.00" });
    const clicks = await Promise.allSettled([refundRepeatPurchase(deps(), token), refundRepeatPurchase(deps(), token)]);
    expect(clicks.filter((click) => click.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    const refunds = await listAtStripe("refunds");
    expect(refunds).toEqual([expect.objectContaining({ amount: 7900 })]);
    const rows = await orders();
    expect(rows.find((row) => row.id === again.id)).toMatchObject({
      status: "refunded",
      refund_reason: "repeat-purchase",
      keep_access: 0,
      refund_id: refunds[0]?.id,
    });
    expect(rows.find((row) => row.id === first.id)).toMatchObject({ status: "paid" });
    expect(await ownsCourse(db, email, 2)).toBe(true);
    expect((await mails()).map((mail) => mail.kind)).toEqual(["receipt", "receipt", "refund"]);
    // The link is spent; Stripe's events about the refund, delivered later, change nothing and send nothing more.
    expect(await repeatPurchaseByToken(db, token)).toMatchObject({ state: "refunded" });
    await expectHttpError(refundRepeatPurchase(deps(), token), 409, /already been refunded/);
    for (const event of [
      ...(await webhooksOf("charge.refunded", refunds[0]!.payment_intent)),
      ...(await webhooksOf("refund.created", refunds[0]!.payment_intent)),
    ]) {
      await handleStripeWebhook(webhookDeps(), event);
    }
    expect(await orders()).toEqual(rows);
    expect(await mails()).toHaveLength(3);
    await expectHttpError(refundRepeatPurchase(deps(), "x".repeat(43)), 404);
  });

  it("when Stripe refuses, the link answers 502 and the order stays paid; it works once Stripe does; after its window it is closed", async () => {
    const email = buyer();
    await confirmEnrollmentAfterPayment(deps(), await paid(email));
    const again = await confirmEnrollmentAfterPayment(deps(), await paid(email));
    const token = await refundToken(email);
    failRefunds = true;
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expectHttpError(refundRepeatPurchase(deps(), token), 502);
    expect((await orders()).find((row) => row.id === again.id)).toMatchObject({ status: "paid" });
    const late = new Date(Date.parse(again.createdAt) + (REPEAT_REFUND_DAYS + 1) * 86_400_000);
    failRefunds = false;
    expect(await repeatPurchaseByToken(db, token, late)).toMatchObject({ state: "closed" });
    await expectHttpError(refundRepeatPurchase(deps(), token, late), 409, /days after the payment/);
    await refundRepeatPurchase(deps(), token);
    expect((await orders()).find((row) => row.id === again.id)).toMatchObject({ status: "refunded" });
    vi.restoreAllMocks();
  });

  it("a first purchase, and a purchase after a refunded one, get no refund link", async () => {
    const email = buyer();
    const first = await confirmEnrollmentAfterPayment(deps(), await paid(email));
    await refundOrder(deps(), { enrollmentId: first.id, keepAccess: false });
    await confirmEnrollmentAfterPayment(deps(), await paid(email));
    const sent = (await mails()).filter((mail) => mail.kind === "receipt");
    expect(sent).toHaveLength(2);
    for (const mail of sent) expect(mail.text).not.toMatch(/\/orders\/refund\/|again/);
  });

  it("the admin's Refund on a 'refund-due' order retries the automatic refund: no access is kept or ended by it", async () => {
    const email = buyer();
    const intent = await stripe.paymentIntents.create({ amount: 3900, currency: "usd", metadata: { courseId: "2", email } });
    await payInBrowser(intent.client_secret!, "4242424242424242");
    failRefunds = true;
    vi.spyOn(console, "error").mockImplementation(() => {});
    const error = await confirmEnrollmentAfterPayment(deps(), {
      paymentIntentId: intent.id,
      paymentIntentClientSecret: intent.client_secret!,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "price-mismatch", refundPending: true });
    const [due] = await orders();
    expect(due).toMatchObject({ status: "refund-due" });
    failRefunds = false;
    // "keeps access" as the form would send it: an automatic refund ignores it, and says it made the refund.
    expect(await refundOrder(deps(), { enrollmentId: due!.id, keepAccess: true })).toMatchObject({ automatic: true, transitioned: true });
    expect((await orders())[0]).toMatchObject({ status: "refunded", refund_reason: "price-mismatch", keep_access: 0 });
    expect(await listAtStripe("refunds")).toHaveLength(1);
    vi.restoreAllMocks();
  });
});

describe("a price changed while the buyer pays (issue #24, item 3)", () => {
  it("the price recorded on the PaymentIntent is honoured although the course's price changed meanwhile", async () => {
    const email = buyer();
    const intent = await createPaymentIntentForCourse(deps(), { email, courseId: 1, amount: 49 });
    await env.DB.prepare("UPDATE courses SET price_cents = 5900 WHERE id = 1").run();
    await payInBrowser(intent.clientSecret, "4242424242424242");
    const order = await confirmEnrollmentAfterPayment(deps(), {
      paymentIntentId: intent.paymentIntentId,
      paymentIntentClientSecret: intent.clientSecret,
    });
    expect(order).toMatchObject({ status: "paid" });
    expect(await ownsCourse(db, email, 1)).toBe(true);
    expect(await listAtStripe("refunds")).toEqual([]);
    expect((await stripe.paymentIntents.retrieve(intent.paymentIntentId)).metadata).toMatchObject({ priceCents: "4900" });
  });

  it("an amount that matches no price is refunded at once: an order the admin sees, the buyer and the owner e-mailed, never 'ignored'", async () => {
    const email = buyer();
    const intent = await stripe.paymentIntents.create({ amount: 3900, currency: "usd", metadata: { courseId: "2", email } });
    await payInBrowser(intent.client_secret!, "4242424242424242");
    vi.spyOn(console, "error").mockImplementation(() => {});
    const succeeded = await webhookOf("payment_intent.succeeded", intent.id);
    const answer = await handleStripeWebhook(webhookDeps(), succeeded.clone());
    expect(answer).toMatchObject({ received: true, refunded: "price-mismatch", enrollmentId: expect.any(Number) });
    expect(answer).not.toHaveProperty("ignored");
    expect(await orders()).toEqual([
      expect.objectContaining({ email, course_id: 2, status: "refunded", refund_reason: "price-mismatch", keep_access: 0 }),
    ]);
    expect(await listAtStripe("refunds")).toEqual([expect.objectContaining({ payment_intent: intent.id, amount: 3900 })]);
    const sent = await mails();
    expect(sent.map((mail) => [mail.kind, mail.to])).toEqual([
      ["automatic-refund", email],
      ["owner-alert", CONTACT()],
    ]);
    expect(sent[1]?.text).toContain(intent.id);
    // The return page then says so (409 with the reason), and asks nothing more of Stripe.
    const error = await confirmEnrollmentAfterPayment(deps(), {
      paymentIntentId: intent.id,
      paymentIntentClientSecret: intent.client_secret!,
    }).catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(409);
    expect(error).toMatchObject({ reason: "price-mismatch", refundPending: false });
    expect(error).toBeInstanceOf(PaymentRefundedError);
    expect(await listAtStripe("refunds")).toHaveLength(1);
    expect(await mails()).toHaveLength(2);
    vi.restoreAllMocks();
  });

  it("a payment in another currency is refunded at once as well", async () => {
    const intent = await stripe.paymentIntents.create({ amount: 4900, currency: "eur", metadata: { courseId: "1", priceCents: "4900" } });
    await payInBrowser(intent.client_secret!, "4242424242424242");
    const succeeded = await webhookOf("payment_intent.succeeded", intent.id);
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await handleStripeWebhook(webhookDeps(), succeeded)).toMatchObject({ refunded: "price-mismatch" });
    expect(await listAtStripe("refunds")).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it("a payment for a course that no longer exists is refunded at once and kept for the admin (unmatched_payments)", async () => {
    const email = buyer();
    const intent = await stripe.paymentIntents.create({
      amount: 4900,
      currency: "usd",
      metadata: { courseId: "999", email, priceCents: "4900" },
    });
    await payInBrowser(intent.client_secret!, "4242424242424242");
    const succeeded = await webhookOf("payment_intent.succeeded", intent.id);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const answers = await Promise.all([
      handleStripeWebhook(webhookDeps(), succeeded.clone()),
      handleStripeWebhook(webhookDeps(), succeeded.clone()),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ received: true, refunded: "unknown-course" });
    expect(await orders()).toEqual([]);
    expect(
      await env.DB.prepare("SELECT course_id, email, reason, status FROM unmatched_payments")
        .all()
        .then((r) => r.results),
    ).toEqual([{ course_id: 999, email, reason: "unknown-course", status: "refunded" }]);
    expect(await listAtStripe("refunds")).toHaveLength(1);
    expect((await mails()).map((mail) => [mail.kind, mail.to])).toEqual([
      ["automatic-refund", email],
      ["owner-alert", CONTACT()],
    ]);
    vi.restoreAllMocks();
  });
});

describe("refund events before payment_intent.succeeded (issue #24, item 5)", () => {
  /** A paid intent refunded at once in Stripe's dashboard: its three events, in the order they were sent. */
  async function paidAndRefundedAtStripe() {
    const email = buyer();
    const intent = await paid(email, 3, 129);
    await stripe.refunds.create({ payment_intent: intent.paymentIntentId });
    const succeeded = await webhookOf("payment_intent.succeeded", intent.paymentIntentId);
    const chargeRefunded = await webhookOf("charge.refunded", intent.paymentIntentId);
    const refundCreated = await webhookOf("refund.created", intent.paymentIntentId);
    return { email, intent, succeeded, chargeRefunded, refundCreated };
  }
  const endState = async (email: string) => ({
    order: (await orders()).filter((row) => row.email === email).map(({ status, keep_access }) => ({ status, keep_access })),
    owns: await ownsCourse(db, email, 3),
  });
  const REFUNDED = { order: [{ status: "refunded", keep_access: 0 }], owns: false };

  it("the usual order: succeeded, then the refund's events", async () => {
    const usual = await paidAndRefundedAtStripe();
    for (const event of [usual.succeeded, usual.chargeRefunded, usual.refundCreated]) await handleStripeWebhook(webhookDeps(), event);
    expect(await endState(usual.email)).toEqual(REFUNDED);
  });

  it("the refund's events first, then succeeded: the same end state (refunded, no access), and no receipt", async () => {
    const early = await paidAndRefundedAtStripe();
    for (const event of [early.chargeRefunded, early.refundCreated, early.succeeded]) await handleStripeWebhook(webhookDeps(), event);
    expect(await endState(early.email)).toEqual(REFUNDED);
    expect((await mails()).map((mail) => mail.kind)).toEqual(["refund"]);
    // The return page afterwards finds the refunded order and opens nothing.
    expect(await confirmEnrollmentAfterPayment(deps(), early.intent)).toMatchObject({ status: "refunded" });
    expect(await endState(early.email)).toEqual(REFUNDED);
  });

  it("all of them at once, with the return page: the same end state, one refund e-mail", async () => {
    const both = await paidAndRefundedAtStripe();
    await Promise.all([
      handleStripeWebhook(webhookDeps(), both.refundCreated),
      handleStripeWebhook(webhookDeps(), both.succeeded),
      confirmEnrollmentAfterPayment(deps(), both.intent),
      handleStripeWebhook(webhookDeps(), both.chargeRefunded),
    ]);
    expect(await endState(both.email)).toEqual(REFUNDED);
    expect((await mails()).filter((mail) => mail.kind === "refund")).toHaveLength(1);
  });
});

describe("one enrol-page attempt, two addresses (issue #24, item 12a)", () => {
  it("the same attemptId with another e-mail address is a 409 with a message, not a 500", async () => {
    const attemptId = crypto.randomUUID();
    await createPaymentIntentForCourse(deps(), { email: buyer(), courseId: 1, amount: 49, attemptId });
    await expectHttpError(
      createPaymentIntentForCourse(deps(), { email: buyer(), courseId: 1, amount: 49, attemptId }),
      409,
      /already started with other details/,
    );
  });
});

describe("order references (issue #24, item 7)", () => {
  it("return page, webhook and reloads for several purchases give consecutive order ids", async () => {
    const ids: number[] = [];
    for (const [courseId, amount] of [
      [1, 49],
      [2, 79],
      [3, 129],
    ]) {
      const intent = await paid(buyer(), courseId, amount);
      const succeeded = await webhookOf("payment_intent.succeeded", intent.paymentIntentId);
      ids.push((await confirmEnrollmentAfterPayment(deps(), intent)).id);
      await handleStripeWebhook(webhookDeps(), succeeded.clone());
      await confirmEnrollmentAfterPayment(deps(), intent);
      await handleStripeWebhook(webhookDeps(), succeeded.clone());
    }
    expect(ids.map((id) => id - (ids[0] ?? 0))).toEqual([0, 1, 2]);
    expect((await orders()).map((row) => row.id)).toEqual(ids);
  });
});

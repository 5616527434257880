/**
 * Issue #37: a refunded duplicate purchase still opened the course. The rules (ADR 0008): a learner session opens only what an
 * order that is paid and not refunded grants; the return page, and its cookie, look the same whether or not the address
 * already had the course. Paid through the app's routes and the Stripe emulator, as a browser would.
 */
import { env } from "cloudflare:test";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { signWebhookPayload } from "../../../workers/stripe-emulator/emulator";
import { buyerEmail, insertEnrollment, routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { renderRoute } from "../../../tests/support/route-html";
import { bindStripeEmulatorPerTest, emulatorSecrets, payInBrowser } from "../../../tests/support/stripe";
import { refundToken } from "../../../tests/support/mail";
import * as createPaymentIntent from "~/routes/api/create-payment-intent";
import * as learnLayout from "~/routes/learn/layout";
import * as lessonRoute from "~/routes/learn/lesson";
import * as paymentSuccessPage from "~/routes/payment-success";
import PaymentSuccess from "~/routes/payment-success";
import * as repeatRefundPage from "~/routes/repeat-refund";
import RepeatRefund from "~/routes/repeat-refund";
import { refundOrder, refundPart } from "../admin/orders.server";
import { LEARNER_COOKIE, startLearnerSession } from "../learning/learner.server";
import { saveBundle } from "./bundles.server";
import { handleStripeWebhook } from "./payments.server";
import { createStripeClient } from "./stripe.server";

const stripe = bindStripeEmulatorPerTest();
beforeEach(async () => {
  await seedTestDb();
});

/** Course 2 ($79 in the seed): a lesson that is not a free preview. */
async function paidLesson() {
  const row = await env.DB.prepare(
    `SELECT l.id FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 2 AND l.free_preview = 0
     ORDER BY m.position, l.position LIMIT 1`,
  ).first<{ id: number }>();
  assert(row, "a paid lesson of course 2");
  return row.id;
}

const client = () => `192.0.2.${Math.floor(Math.random() * 200) + 20}`;

/** Checkout through the API route, the card 4242 in the "browser", then the return page's loader: what the payer gets. */
async function buy(email: string, body: Record<string, unknown> = { courseId: 2, amount: 79 }) {
  const created = await createPaymentIntent.action(
    routeArgs(
      new Request("http://localhost/api/create-payment-intent", {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": client() },
        body: JSON.stringify({ email, ...body }),
      }),
    ),
  );
  expect(created.status).toBe(200);
  const { clientSecret, paymentIntentId } = (await created.json()) as { clientSecret: string; paymentIntentId: string };
  await payInBrowser(stripe.emulator, clientSecret);
  const query = new URLSearchParams({ payment_intent: paymentIntentId, payment_intent_client_secret: clientSecret });
  const answer = (await paymentSuccessPage.loader(routeArgs(`/courses/payment-success?${query}`) as never)) as unknown;
  const page = (answer as { data?: Record<string, unknown> }).data ?? (answer as Record<string, unknown>);
  const setCookie = new Headers((answer as { init?: ResponseInit }).init?.headers).get("Set-Cookie");
  const order = await env.DB.prepare("SELECT id, status FROM enrollments WHERE payment_intent_id = ?")
    .bind(paymentIntentId)
    .first<{ id: number; status: string }>();
  return { page, setCookie, cookie: setCookie?.split(";")[0] ?? "", paymentIntentId, order };
}

/** Whether the cookie's session opens a paid lesson of course 2, as the lesson page decides it under the learning layout. */
async function opensPaidLesson(cookie: string) {
  const lessonId = await paidLesson();
  const args = routeArgs(new Request(`http://localhost/courses/2/learn/${lessonId}`, { headers: { Cookie: cookie } }), {
    id: "2",
    lessonId: String(lessonId),
  });
  const [middleware] = learnLayout.middleware;
  assert(middleware, "the learning layout's middleware");
  let page: unknown;
  try {
    await middleware(args, async () => {
      page = await lessonRoute.loader(args);
      return new Response(null);
    });
  } catch (thrown) {
    page = thrown;
  }
  const data = (page as { data?: unknown }).data ?? page;
  return (data as { hasAccess?: boolean }).hasAccess === true;
}

/** A Stripe event, signed as the emulator signs its webhooks, for the app's webhook. */
async function deliver(event: { type: string; object: unknown }) {
  const body = JSON.stringify({ id: `evt_${crypto.randomUUID()}`, object: "event", type: event.type, data: { object: event.object } });
  const { secretKey, webhookSecret } = emulatorSecrets();
  const request = new Request("http://localhost/api/stripe/webhook", {
    method: "POST",
    headers: { "Stripe-Signature": await signWebhookPayload(body, webhookSecret, Math.floor(Date.now() / 1000)) },
    body,
  });
  return handleStripeWebhook({ db: testDb(), stripe: appStripe(secretKey), webhookSecret }, request);
}
const appStripe = (secretKey = emulatorSecrets().secretKey) =>
  createStripeClient(secretKey, (input, init) => stripe.emulator.fetch(new Request(input, init)));

/** An address that already owns course 2 (the victim of the exploit). */
async function owner() {
  const email = buyerEmail();
  await insertEnrollment(testDb(), { email, courseId: 2 });
  return email;
}

describe("a repeat purchase, paid through the emulator", () => {
  it("is honoured: a paid order whose session opens the course, until the receipt's link refunds it; the address's first order stays", async () => {
    const email = await owner();
    const repeat = await buy(email);
    expect(repeat.order?.status).toBe("paid");
    expect(repeat.page).toMatchObject({ status: "success", signedIn: true });
    expect(await opensPaidLesson(repeat.cookie)).toBe(true);

    // The page's button posts; opening the link refunds nothing (mail scanners follow links).
    const token = await refundToken(email);
    const view = (await repeatRefundPage.loader(routeArgs(`/orders/refund/${token}`, { token }) as never)) as unknown as {
      data: { order: { state: string } };
    };
    expect(view.data.order.state).toBe("open");
    expect(await opensPaidLesson(repeat.cookie)).toBe(true);
    const shown = await renderRoute(`/orders/refund/${token}`, {
      path: "/orders/refund/:token",
      Component: RepeatRefund,
      loaderData: view.data,
    });
    expect(shown).toContain("Refund $79.00");
    expect(shown).toContain('method="post"');
    const posted = (await repeatRefundPage.action(
      routeArgs(
        new Request(`http://localhost/orders/refund/${token}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" },
          body: new URLSearchParams({ intent: "refund" }),
        }),
        { token },
      ) as never,
    )) as unknown as { data?: unknown };
    expect(posted.data ?? posted).toMatchObject({ ok: true });
    const after = await env.DB.prepare("SELECT status, keep_access FROM enrollments WHERE id = ?").bind(repeat.order?.id).first();
    expect(after).toEqual({ status: "refunded", keep_access: 0 });
    expect(await opensPaidLesson(repeat.cookie)).toBe(false);
    // The address still owns the course through its first order: only the inbox's link opens it again.
    expect((await env.DB.prepare("SELECT count(*) AS n FROM enrollments WHERE email = ? AND status = 'paid'").bind(email).first())?.n).toBe(
      1,
    );
  });
});

describe("no refunded payment leaves a session that opens a paid lesson", () => {
  it("a refund from the repeat purchase's link", async () => {
    const email = await owner();
    const repeat = await buy(email);
    const { refundRepeatPurchase } = await import("./repeat-purchases.server");
    await refundRepeatPurchase({ db: testDb(), stripe: appStripe() }, await refundToken(email));
    expect(await opensPaidLesson(repeat.cookie)).toBe(false);
  });

  it("the admin's full refund, of a first or a repeat purchase", async () => {
    for (const email of [buyerEmail(), await owner()]) {
      const bought = await buy(email);
      assert(bought.order, "the order");
      expect(await opensPaidLesson(bought.cookie)).toBe(true);
      await refundOrder({ db: testDb(), stripe: appStripe() }, { enrollmentId: bought.order.id, keepAccess: false });
      expect(await opensPaidLesson(bought.cookie)).toBe(false);
    }
  });

  it("the admin's partial refund with 'remove access'", async () => {
    const bought = await buy(await owner());
    assert(bought.order, "the order");
    await refundPart(
      { db: testDb(), stripe: appStripe() },
      { enrollmentId: bought.order.id, amountCents: 1000, reason: "Part", removeAccess: true, by: "owner@example.com" },
    );
    expect(await opensPaidLesson(bought.cookie)).toBe(false);
  });

  it("a full refund made in Stripe's dashboard: charge.refunded, or refund.created alone", async () => {
    for (const type of ["charge.refunded", "refund.created"] as const) {
      const bought = await buy(await owner());
      const refund = await appStripe().refunds.create({ payment_intent: bought.paymentIntentId });
      const charge = {
        object: "charge",
        payment_intent: bought.paymentIntentId,
        refunded: true,
        amount_refunded: 7900,
        refunds: { data: [refund] },
      };
      await deliver(type === "charge.refunded" ? { type, object: charge } : { type, object: { ...refund, metadata: {} } });
      expect(await opensPaidLesson(bought.cookie)).toBe(false);
    }
  });

  it("a price mismatch, refunded at once: the return page starts no session", async () => {
    const email = await owner();
    const intent = await appStripe().paymentIntents.create({ amount: 3900, currency: "usd", metadata: { courseId: "2", email } });
    await payInBrowser(stripe.emulator, intent.client_secret ?? "");
    const query = new URLSearchParams({ payment_intent: intent.id, payment_intent_client_secret: intent.client_secret ?? "" });
    const answer = await paymentSuccessPage.loader(routeArgs(`/courses/payment-success?${query}`) as never);
    expect(answer).toMatchObject({ status: "refunded" });
    expect(answer).not.toHaveProperty("init");
  });

  it("a bundle, whether the address had some, all or none of its courses (the share it had is credited at once): no session", async () => {
    const { id: bundleId } = await saveBundle(testDb(), {
      title: "Two",
      description: "Two.",
      priceCents: 9900,
      courseIds: [1, 2],
      published: true,
    });
    const had = await owner();
    await insertEnrollment(testDb(), { email: had, courseId: 1 });
    for (const email of [had, await owner(), buyerEmail()]) {
      const bought = await buy(email, { bundleId, amount: 99 });
      expect(bought.page).toMatchObject({ status: "success", signedIn: false, bundle: true, courseId: null, courseTitle: "Two" });
      expect(bought.setCookie).toBeNull();
    }
  });

  it("an unproven session without an order (started before sessions held one) opens nothing", async () => {
    const email = await owner();
    const legacy = await startLearnerSession(testDb(), email);
    assert(legacy, "a session");
    await env.DB.prepare("UPDATE learner_sessions SET scope_course_id = 2, enrollment_id = NULL").run();
    expect(await opensPaidLesson(`${LEARNER_COOKIE}=${legacy.token}`)).toBe(false);
  });
});

describe("the return page says nothing of what the address had", () => {
  /** Ids, addresses, tokens and dates differ by nature; everything else must be the same byte for byte. */
  const normalise = (text: string) =>
    text
      .replace(/buyer-[0-9a-f-]{36}@example\.com/g, "ADDRESS")
      .replace(/"enrollmentId":\d+/g, '"enrollmentId":ID')
      .replace(new RegExp(`${LEARNER_COOKIE}=[^;]+`), `${LEARNER_COOKIE}=TOKEN`)
      .replace(/Expires=[^;]+/, "Expires=DATE");

  it("its HTML and its Set-Cookie are alike for a first and a repeat purchase, up to ids and tokens", async () => {
    const first = await buy(buyerEmail());
    const repeat = await buy(await owner());
    expect(repeat.order?.status).toBe("paid");
    const html = async (page: Record<string, unknown>) =>
      renderRoute("/courses/payment-success", { path: "/courses/payment-success", Component: PaymentSuccess, loaderData: page });
    const [firstHtml, repeatHtml] = [await html(first.page), await html(repeat.page)];
    expect(firstHtml).toContain("Payment Successful!");
    expect(normalise(repeatHtml)).toBe(normalise(firstHtml));
    // The loader's data (which React Router also writes into the page for hydration) is alike too.
    expect(normalise(JSON.stringify(repeat.page))).toBe(normalise(JSON.stringify(first.page)));
    expect(first.setCookie).toMatch(new RegExp(`^${LEARNER_COOKIE}=`));
    expect(normalise(repeat.setCookie ?? "")).toBe(normalise(first.setCookie ?? ""));
  });
});

/**
 * Coupon codes cannot be guessed in bulk, and a limited code's last uses are not held for long by intents nobody pays
 * (docs/payments.md, "Coupons"; docs/defences.md).
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { createStripeEmulator } from "../../../workers/stripe-emulator/emulator";
import { buyerEmail, routeArgs, seedTestDb } from "../../../tests/support/db";
import { bindStripeEmulatorPerTest, emulatorHoldingWebhooks } from "../../../tests/support/stripe";
import { couponFormSchema } from "~/lib/coupons";
import * as couponLink from "~/routes/coupon-link";
import * as enroll from "~/routes/enroll";
import * as createPaymentIntent from "~/routes/api/create-payment-intent";
import type { Database } from "../core/db.server";
import { RESERVATION_MINUTES, createCoupon, quoteCoupon } from "./coupons.server";
import { handleStripeWebhook, recordEnrollmentForPaymentIntent, startCoursePurchase } from "./payments.server";
import { visitSourceOfLanding } from "../analytics/attribution.server";
import { payInBrowser } from "../../../tests/support/stripe";
import { createStripeClient } from "./stripe.server";

let db: Database;
beforeEach(async () => {
  db = await seedTestDb();
  await env.DB.batch([env.DB.prepare("DELETE FROM coupon_redemptions"), env.DB.prepare("DELETE FROM coupons")]);
});

const coupon = (fields: Record<string, unknown>) =>
  createCoupon(db, couponFormSchema.parse({ kind: "percent", value: "25", active: "on", ...fields }));

describe("code checks are limited per client: the enrol page's Apply, /c/CODE and checkout with a code share 30 an hour", () => {
  const stripe = bindStripeEmulatorPerTest();
  const from = (client: string, path: string, init: RequestInit = {}) =>
    new Request(`http://localhost${path}`, { ...init, headers: { ...init.headers, "CF-Connecting-IP": client } });
  /** The enrol page's loader: its answer's coupon, and the status (200 unless a `data()` says otherwise). */
  async function apply(client: string, code: string) {
    const answer = (await enroll.loader(routeArgs(from(client, `/courses/1/enroll?coupon=${code}`), { id: "1" }))) as unknown as
      | { coupon: { ok: boolean; message?: string } }
      | { data: { coupon: { ok: boolean; message?: string } }; init: ResponseInit };
    return "init" in answer ? { status: answer.init.status, coupon: answer.data.coupon } : { status: 200, coupon: answer.coupon };
  }

  it("40 guesses at once: 30 are answered, 10 get 429 with a message; then every path is refused, another client is not", async () => {
    await coupon({ code: "REAL", courseIds: ["1"] });
    const client = "203.0.113.40";
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => apply(client, `GUESS${i}`)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(30);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(10);
    for (const answer of refused) {
      expect(answer.coupon).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^Too many codes tried\. Please try again in \d+ minutes?\.$/),
      });
    }
    // A real code is refused too now: the answer must not tell a guess from a code.
    expect(await apply(client, "REAL")).toMatchObject({ status: 429 });
    const link = await couponLink.loader(routeArgs(from(client, "/c/REAL"), { code: "REAL" })).catch((thrown: unknown) => thrown);
    expect(link).toMatchObject({ init: { status: 429 }, data: { message: expect.stringMatching(/^Too many codes tried/) } });

    const checkout = (couponCode?: string) =>
      createPaymentIntent.action(
        routeArgs(
          from(client, "/api/create-payment-intent", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({
              courseId: 1,
              amount: couponCode ? 36.75 : 49,
              email: buyerEmail(),
              ...(couponCode ? { couponCode } : {}),
            }),
          }),
        ),
      );
    const withCode = await checkout("REAL");
    expect(withCode.status).toBe(429);
    expect(Number(withCode.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await withCode.json()).toEqual({ message: expect.stringMatching(/^Too many codes tried/) });
    expect(stripe.calls.filter((call) => call === "POST /v1/payment_intents")).toHaveLength(0);
    // A checkout without a code is no code check: it goes through.
    expect((await checkout()).status).toBe(200);

    expect(await apply("198.51.100.41", "REAL")).toMatchObject({ status: 200, coupon: { ok: true } });
  });

  it("an enrol page without a code checks nothing and counts nothing", async () => {
    for (let i = 0; i < 35; i++) {
      const answer = (await enroll.loader(routeArgs(from("203.0.113.42", "/courses/1/enroll"), { id: "1" }))) as { coupon: unknown };
      expect(answer.coupon).toBeNull();
    }
    expect(await env.DB.prepare("SELECT count(*) n FROM rate_limits WHERE bucket = 'coupon-check'").first<number>("n")).toBe(0);
  });
});

describe("a limited code's reserved use is not held for long", () => {
  const WEBHOOK_SECRET = "whsec_test_coupon_holds";
  const SECRET_KEY = "sk_test_coupon_holds";
  let stripe: ReturnType<typeof createStripeClient>;
  let emulator: ReturnType<typeof createStripeEmulator>;
  let webhooks: Request[];
  beforeEach(() => {
    ({ emulator, webhooks } = emulatorHoldingWebhooks(SECRET_KEY, WEBHOOK_SECRET));
    stripe = createStripeClient(SECRET_KEY, (input, init) => emulator.fetch(new Request(input, init)));
  });
  const purchase = () =>
    startCoursePurchase(
      { db, stripe },
      { courseId: 1, amount: 36.75, email: buyerEmail(), couponCode: "LAST", attemptId: crypto.randomUUID() },
    );

  it("an unpaid reservation stops counting after 15 minutes, well before 30", async () => {
    expect(RESERVATION_MINUTES).toBe(15);
    await coupon({ code: "LAST", maxUses: "1" });
    const reservedAt = Date.now();
    expect(await purchase()).toHaveProperty("clientSecret");
    const quote = (minutes: number) =>
      quoteCoupon(db, { code: "LAST", courseId: 1, priceCents: 4900 }, new Date(reservedAt + minutes * 60_000));
    expect(await quote(14)).toMatchObject({ ok: false, reason: "used-up" });
    expect(await quote(16)).toMatchObject({ ok: true });
  });

  it("cancelling the PaymentIntent gives the use back through the webhook Stripe (the emulator) sends", async () => {
    await coupon({ code: "LAST", maxUses: "1" });
    const first = await purchase();
    if ("free" in first) throw new Error("expected a payment");
    expect(await quoteCoupon(db, { code: "LAST", courseId: 1, priceCents: 4900 })).toMatchObject({ ok: false, reason: "used-up" });
    webhooks.length = 0;
    await stripe.paymentIntents.cancel(first.paymentIntentId);
    const [delivery] = webhooks;
    if (!delivery) throw new Error("the emulator sent no webhook for the cancellation");
    expect(await handleStripeWebhook({ db, stripe, webhookSecret: WEBHOOK_SECRET }, delivery)).toEqual({
      received: true,
      type: "payment_intent.canceled",
    });
    expect(await env.DB.prepare("SELECT status FROM coupon_redemptions").first<string>("status")).toBe("released");
    expect(await purchase()).toHaveProperty("clientSecret");
  });
});

describe("a discount link keeps its campaign tags", () => {
  const follow = async (path: string) => {
    const answer = (await couponLink.loader(routeArgs(path, { code: path.split("?")[0]?.split("/").pop() ?? "" }))) as Response;
    expect(answer.status).toBe(302);
    return answer.headers.get("Location") ?? "";
  };

  it("/c/STEADY20?utm_source=instagram&… goes to the course with the code and the utm_* and ref tags, nothing else", async () => {
    await coupon({ code: "STEADY20", courseIds: ["1"] });
    expect(await follow("/c/steady20?utm_source=instagram&utm_medium=social&utm_campaign=spring+sale&ref=ann&fbclid=x&coupon=OTHER")).toBe(
      "/courses/1?coupon=STEADY20&utm_source=instagram&utm_medium=social&utm_campaign=spring+sale&ref=ann",
    );
    expect(await follow("/c/STEADY20")).toBe("/courses/1?coupon=STEADY20");
    // A code of no single course goes to the courses, with its tags too.
    expect(await follow("/c/NOPE?utm_source=newsletter")).toBe("/courses?utm_source=newsletter");
  });

  it("the landing the course page keeps from that URL makes the sale instagram's, not (direct)", async () => {
    const { emulator } = emulatorHoldingWebhooks("sk_test_coupon_utm", "whsec_test_coupon_utm");
    const stripe = createStripeClient("sk_test_coupon_utm", (input, init) => emulator.fetch(new Request(input, init)));
    await coupon({ code: "STEADY20", courseIds: ["1"] });
    const location = await follow("/c/STEADY20?utm_source=instagram&utm_campaign=spring");
    // The boot script of the page redirected to keeps [location.search, the referrer's host] (app/lib/landing.ts).
    const landing = JSON.stringify([new URL(location, "https://site.example").search, "l.instagram.com"]);
    const source = visitSourceOfLanding(landing, "site.example");
    expect(source).toMatchObject({ source: "instagram", campaign: "spring" });
    const started = await startCoursePurchase(
      { db, stripe },
      { courseId: 1, amount: 36.75, email: buyerEmail(), couponCode: "STEADY20", attemptId: crypto.randomUUID(), source },
    );
    if ("free" in started) throw new Error("expected a payment");
    await payInBrowser(emulator, started.clientSecret);
    const paid = await stripe.paymentIntents.retrieve(started.paymentIntentId);
    const order = await recordEnrollmentForPaymentIntent({ db, stripe, origin: "https://site.example" }, paid);
    expect(await env.DB.prepare("SELECT source, campaign FROM enrollments WHERE id = ?").bind(order.id).first()).toEqual({
      source: "instagram",
      campaign: "spring",
    });
  });
});

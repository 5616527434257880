/**
 * Valid input that used to be refused or answered 500 (issue #37 §2.11): prices and amounts a floating-point check
 * refused, a gift message of many emoji, and the checkout of a $0 course.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { buyerEmail, routeArgs, seedTestDb } from "../../../tests/support/db";
import { bindStripeEmulatorPerTest, emulatorSecrets } from "../../../tests/support/stripe";
import { mailRows } from "../../../tests/support/mail";
import { courseSchema } from "~/lib/admin-schemas";
import { bundleFormSchema } from "~/lib/bundles";
import { couponFormSchema } from "~/lib/coupons";
import * as createPaymentIntent from "~/routes/api/create-payment-intent";
import type { Database } from "../core/db.server";
import { createCoupon } from "./coupons.server";
import { saveBundle } from "./bundles.server";
import { giftOfPaymentIntent } from "./gifts.server";

let db: Database;
beforeEach(async () => {
  db = await seedTestDb();
  await env.DB.batch([env.DB.prepare("DELETE FROM coupon_redemptions"), env.DB.prepare("DELETE FROM coupons")]);
});

describe("money typed in dollars and cents is taken exactly", () => {
  it("bundle prices of $19.99 and $79.99 are saved as 1999 and 7999 cents", async () => {
    for (const [typed, cents] of [
      ["19.99", 1999],
      ["79.99", 7999],
    ] as const) {
      const parsed = bundleFormSchema.safeParse({ title: `Bundle ${typed}`, price: typed, courseIds: ["1", "2"], published: "on" });
      expect(parsed.error?.issues).toBeUndefined();
      if (!parsed.success) continue;
      const saved = await saveBundle(db, parsed.data);
      expect(await env.DB.prepare("SELECT price_cents FROM bundles WHERE id = ?").bind(saved.id).first<number>("price_cents")).toBe(cents);
    }
  });

  it("a price a card cannot pay is refused with a clear message: a bundle under $0.50, a course between $0.01 and $0.49", () => {
    const bundle = (price: string) => bundleFormSchema.safeParse({ title: "Cheap", price, courseIds: ["1", "2"], published: "on" });
    expect(bundle("0").error?.issues[0]?.message).toBe("A bundle's price is at least $0.50, the smallest card payment.");
    expect(bundle("0.49").success).toBe(false);
    expect(bundle("0.50").success).toBe(true);
    // The course form's price alone: its issue, if any (the other fields are left out, so they have theirs).
    const course = (price: string) =>
      courseSchema.safeParse({ price }).error?.issues.find((issue) => issue.path.join(".") === "price")?.message;
    expect(course("0.49")).toMatch(/must be 0 \(a free course\) or at least \$0\.50/);
    expect(course("0")).toBeUndefined();
    expect(course("0.50")).toBeUndefined();
  });

  it("a coupon of $4.35 off is saved as 435 cents", async () => {
    const parsed = couponFormSchema.safeParse({ code: "FOUR35", kind: "amount", value: "4.35", active: "on" });
    expect(parsed.error?.issues).toBeUndefined();
    if (!parsed.success) return;
    await createCoupon(db, parsed.data);
    expect(await env.DB.prepare("SELECT value FROM coupons WHERE code = 'FOUR35'").first<number>("value")).toBe(435);
  });
});

describe("checkout", () => {
  const stripe = bindStripeEmulatorPerTest();
  const checkout = (body: Record<string, unknown>) =>
    createPaymentIntent.action(
      routeArgs(
        new Request("http://localhost/api/create-payment-intent", {
          method: "POST",
          headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 200)}` },
          body: JSON.stringify(body),
        }),
      ),
    );

  it("a gift message of 251 to 500 emoji is taken whole (not a 500) and comes back whole from the intent", async () => {
    for (const length of [251, 500]) {
      const message = "🎁".repeat(length);
      const answer = await checkout({
        courseId: 1,
        amount: 49,
        email: buyerEmail(),
        attemptId: crypto.randomUUID(),
        gift: { recipientEmail: buyerEmail(), recipientName: "Ann", message, sendOn: new Date().toISOString().slice(0, 10) },
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      const { clientSecret } = (await answer.json()) as { clientSecret: string };
      const intent = await stripe.emulator.fetch(
        new Request(`http://localhost/v1/payment_intents/${clientSecret.split("_secret_")[0]}`, {
          headers: { Authorization: `Bearer ${emulatorSecrets().secretKey}` },
        }),
      );
      const { metadata } = (await intent.json()) as { metadata: Record<string, string> };
      expect(giftOfPaymentIntent({ metadata })?.message).toBe(message);
    }
  });

  it("a $0 course enrols at once without a PaymentIntent: a paid order of 0 and a receipt", async () => {
    await env.DB.prepare("UPDATE courses SET price_cents = 0 WHERE id = 2").run();
    const email = buyerEmail();
    const answer = await checkout({ courseId: 2, amount: 0, email, attemptId: crypto.randomUUID() });
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toEqual({ free: true });
    expect(stripe.calls.filter((call) => call === "POST /v1/payment_intents")).toHaveLength(0);
    const order = await env.DB.prepare("SELECT status, amount_cents FROM enrollments WHERE email = ? AND course_id = 2").bind(email).all();
    expect(order.results).toEqual([{ status: "paid", amount_cents: 0 }]);
    expect(await mailRows('SELECT kind FROM mail_log WHERE "to" = ?', email)).toEqual([{ kind: "receipt" }]);
    // The same address again gets the same answer, and an access link instead of a second order.
    const again = await checkout({ courseId: 2, amount: 0, email, attemptId: crypto.randomUUID() });
    expect(await again.json()).toEqual({ free: true });
    expect((await env.DB.prepare("SELECT count(*) n FROM enrollments WHERE email = ?").bind(email).first<number>("n")) ?? 0).toBe(1);
    // A gift of a free course is refused plainly: there is nothing to pay for.
    const gift = await checkout({
      courseId: 2,
      amount: 0,
      email: buyerEmail(),
      gift: { recipientEmail: buyerEmail(), recipientName: "Ann", message: "", sendOn: new Date().toISOString().slice(0, 10) },
    });
    expect(gift.status).toBe(400);
    expect(await gift.json()).toEqual({ message: "This course is free: there is nothing to give. Send its link instead." });
  });
});

/**
 * A bundle's checkout over HTTP (POST /api/create-payment-intent with `bundleId`), with the Stripe emulator behind the
 * app's binding: the bundle's price from D1, the same answer for every address, clear 4xx for bad input.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { buyerEmail, insertEnrollment, routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { bindStripeEmulatorPerTest } from "../../../tests/support/stripe";
import { saveBundle } from "~/server/payments/bundles.server";
import * as createPaymentIntent from "./create-payment-intent";

const stripe = bindStripeEmulatorPerTest();
let bundleId: number;
beforeEach(async () => {
  await seedTestDb();
  ({ id: bundleId } = await saveBundle(testDb(), {
    title: "Pair",
    description: "",
    priceCents: 10000,
    courseIds: [1, 2],
    published: true,
  }));
});

let address = 0;
const post = (body: unknown) =>
  createPaymentIntent.action(
    routeArgs(
      new Request("http://localhost/api/create-payment-intent", {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": `192.0.2.${++address % 250}` },
        body: JSON.stringify(body),
      }),
    ) as never,
  );

describe("POST /api/create-payment-intent for a bundle", () => {
  it("makes a PaymentIntent at the bundle's price, the same for an address that owns one of its courses", async () => {
    const owner = buyerEmail();
    await insertEnrollment(testDb(), { email: owner, courseId: 1 });
    for (const email of [buyerEmail(), owner]) {
      const response = await post({ bundleId, amount: 100, email, attemptId: crypto.randomUUID() });
      expect(response.status).toBe(200);
      const { clientSecret } = (await response.json()) as { clientSecret: string };
      expect(clientSecret).toMatch(/^pi_.+_secret_/);
    }
    expect(stripe.calls.filter((call) => call === "POST /v1/payment_intents")).toHaveLength(2);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM enrollments WHERE bundle_id IS NOT NULL").first("n")).toBe(0);
  });

  it("answers 400 for another amount or a bad id, 404 for an unknown or unpublished bundle", async () => {
    const email = buyerEmail();
    const wrong = await post({ bundleId, amount: 128, email });
    expect([wrong.status, ((await wrong.json()) as { message: string }).message]).toEqual([
      400,
      "The amount does not match the bundle price ($100.00 USD). Reload the page and try again.",
    ]);
    expect((await post({ bundleId: "x", amount: 100, email })).status).toBe(400);
    expect((await post({ bundleId: 999, amount: 100, email })).status).toBe(404);
    await saveBundle(testDb(), {
      id: bundleId,
      version: "",
      title: "Pair",
      description: "",
      priceCents: 10000,
      courseIds: [1, 2],
      published: false,
    });
    expect((await post({ bundleId, amount: 100, email })).status).toBe(404);
    expect(stripe.calls).toEqual([]);
  });
});

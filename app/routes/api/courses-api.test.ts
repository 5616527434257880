import { beforeEach, describe, expect, it } from "vitest";
import { type JsonBody, jsonRequest, routeArgs, seedTestDb, buyerEmail } from "../../../tests/support/db";
import * as courseById from "./content-item";
import * as courseDetails from "./courses.id.details";
import * as courseList from "./content-collection";
import * as createPaymentIntent from "./create-payment-intent";
import * as paymentSuccess from "./payment-success";
import * as webhook from "./stripe.webhook";

beforeEach(async () => {
  await seedTestDb();
});

const body = <T = JsonBody>(response: Response) => response.json() as Promise<T>;

describe("course reads", () => {
  it("list, one, and details with modules, lessons and assessments", async () => {
    const list = await body<{ price: number }[]>(await courseList.loader(routeArgs("/api/courses")));
    expect(list.map((c) => c.price)).toEqual([49, 79, 129]);
    expect(await body(await courseById.loader(routeArgs("/api/courses/2", { id: "2" })))).toMatchObject({
      id: 2,
      price: 79,
      level: expect.any(String),
    });
    const details = await body(await courseDetails.loader(routeArgs("/api/courses/1/details", { id: "1" })));
    expect(details.modules?.[0]?.lessons?.[0]?.assessments).toEqual(expect.any(Array));
  });

  it("unknown or non-numeric ids answer 404 JSON", async () => {
    for (const id of ["999", "abc", "0"]) {
      expect((await courseById.loader(routeArgs(`/api/courses/${id}`, { id }))).status).toBe(404);
      const response = await courseDetails.loader(routeArgs(`/api/courses/${id}/details`, { id }));
      expect(response.status).toBe(404);
      expect((await body(response)).message).toBe("Course not found.");
    }
  });
});

describe("payment endpoints refuse bad input before reaching Stripe", () => {
  const post = (module: { action: (args: never) => Promise<Response> }, path: string, payload: unknown, init?: RequestInit) =>
    module.action(routeArgs(jsonRequest(path, payload, init)));

  it("create-payment-intent: 400 naming the field, 415 for a form body", async () => {
    for (const [payload, field] of [
      [{ email: buyerEmail(), amount: 49 }, "courseId"],
      [{ email: buyerEmail(), courseId: "x", amount: 49 }, "courseId"],
      [{ email: buyerEmail(), courseId: 1 }, "amount"],
      [{ courseId: 1, amount: 49 }, "email"],
      [{ email: "not-an-address", courseId: 1, amount: 49 }, "valid email"],
      [{ email: buyerEmail(), name: "x".repeat(121), courseId: 1, amount: 49 }, "name"],
      [{ email: buyerEmail(), courseId: 1, amount: "49" }, "amount"],
      [{ email: buyerEmail(), courseId: 1, amount: -1 }, "amount"],
      [{ email: buyerEmail(), courseId: 1, amount: 49, attemptId: "not-a-uuid" }, "attemptId"],
    ] as const) {
      const response = await post(createPaymentIntent, "/api/create-payment-intent", payload);
      expect(response.status, JSON.stringify(payload)).toBe(400);
      expect((await body(response)).message).toContain(field);
    }
    const form = await post(createPaymentIntent, "/api/create-payment-intent", "courseId=1", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
  });

  it("create-payment-intent: unknown course 404 and a tampered amount 400, without calling Stripe", async () => {
    expect((await post(createPaymentIntent, "/api/create-payment-intent", { email: buyerEmail(), courseId: 42, amount: 49 })).status).toBe(
      404,
    );
    const tampered = await post(createPaymentIntent, "/api/create-payment-intent", { email: buyerEmail(), courseId: 1, amount: 1 });
    expect(tampered.status).toBe(400);
    expect((await body(tampered)).message).toMatch(/does not match the course price/);
  });

  it("when Stripe cannot be reached the answer is a clear 503, not a 500", async () => {
    // In tests the STRIPE_EMULATOR binding is a stub that answers 503 (see vitest.config.ts).
    const response = await post(createPaymentIntent, "/api/create-payment-intent", { email: buyerEmail(), courseId: 1, amount: 49 });
    expect(response.status).toBe(503);
    expect((await body(response)).message).toMatch(/payment provider/);
  });

  it("payment-success: malformed ids are refused with 400", async () => {
    for (const payload of [{}, { paymentIntentId: "abc", paymentIntentClientSecret: "x" }, { paymentIntentId: "pi_1" }]) {
      expect((await post(paymentSuccess, "/api/payment-success", payload)).status, JSON.stringify(payload)).toBe(400);
    }
  });

  it("webhook: no signature is 400", async () => {
    const response = await webhook.action(routeArgs(new Request("http://localhost/api/stripe/webhook", { method: "POST", body: "{}" })));
    expect(response.status).toBe(400);
  });
});

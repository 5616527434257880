/** The Orders pages as React Router runs them (inside the route guard), Stripe being the in-process emulator. */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie } from "../../../tests/support/admin";
import { buyerEmail, insertEnrollment, routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { asRouted } from "../../../tests/support/routes";
import { bindStripeEmulatorPerTest } from "../../../tests/support/stripe";
import * as enrollmentsRedirect from "./enrollments-redirect";
import * as layout from "./layout";
import * as order from "./order";
import * as orders from "./orders";
import * as ordersCsv from "./orders-csv";

const stripe = bindStripeEmulatorPerTest();
const refundAction = asRouted(order, "action", [layout]);
const orderLoader = asRouted(order, "loader", [layout]);
const listLoader = asRouted(orders, "loader", [layout]);
const csvLoader = asRouted(ordersCsv, "loader", []);

type Answer = { init: ResponseInit | null; data: { ok: boolean; message: string } };
/** An action's answer: `data(...)` for errors, a plain object for success. */
const answer = (value: unknown): Answer =>
  value && typeof value === "object" && "init" in value ? (value as Answer) : { init: null, data: value as Answer["data"] };

let cookie: string;
beforeEach(async () => {
  await seedTestDb();
  cookie = await adminCookie();
});

const post = (id: number | string, fields: Record<string, string>, options: { cookie?: string; origin?: string } = {}) => {
  const headers = new Headers({ Origin: options.origin ?? "http://localhost" });
  if (options.cookie) headers.set("Cookie", options.cookie);
  return routeArgs(new Request(`http://localhost/admin/orders/${id}`, { method: "POST", headers, body: new URLSearchParams(fields) }), {
    id: String(id),
  }) as never;
};
const get = (path: string, params: Record<string, string> = {}) =>
  routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }), params) as never;
const REFUND = { intent: "refund", access: "remove", confirm: "yes" };
const status = async (id: number) =>
  (await env.DB.prepare("SELECT status FROM enrollments WHERE id = ?").bind(id).first<{ status: string }>())?.status;

describe("the order page's refund action", () => {
  it("without a session → 401, cross-site → 403: Stripe is never called and the order stays paid", async () => {
    const row = await insertEnrollment(testDb(), { email: buyerEmail(), courseId: 1 });
    const anonymous = answer(await refundAction(post(row.id, REFUND)));
    expect(anonymous.init?.status).toBe(401);
    const crossSite = answer(await refundAction(post(row.id, REFUND, { cookie, origin: "https://evil.example" })));
    expect(crossSite.init?.status).toBe(403);
    expect(stripe.calls).toEqual([]);
    expect(await status(row.id)).toBe("paid");
  });

  it("asks for the access choice and the confirmation (400), answers 404 for an unknown order, 409 when already refunded", async () => {
    const row = await insertEnrollment(testDb(), { email: buyerEmail(), courseId: 1 });
    const noChoice = answer(await refundAction(post(row.id, { intent: "refund", confirm: "yes" }, { cookie })));
    expect([noChoice.init?.status, noChoice.data.message]).toEqual([400, 'Choose whether the buyer keeps access ("remove" or "keep").']);
    const unconfirmed = answer(await refundAction(post(row.id, { intent: "refund", access: "keep" }, { cookie })));
    expect([unconfirmed.init?.status, unconfirmed.data.message]).toEqual([400, "Tick the box to confirm the refund."]);
    const badIntent = answer(await refundAction(post(row.id, { intent: "delete" }, { cookie })));
    expect(badIntent.init?.status).toBe(400);
    expect(answer(await refundAction(post(99999, REFUND, { cookie }))).init?.status).toBe(404);
    expect(answer(await refundAction(post("abc", REFUND, { cookie }))).init?.status).toBe(404);
    const refunded = await insertEnrollment(testDb(), { email: buyerEmail(), courseId: 1, status: "refunded" });
    const again = answer(await refundAction(post(refunded.id, REFUND, { cookie })));
    expect(again.init?.status).toBe(409);
    expect(again.data.message).toMatch(/already refunded/);
    expect(stripe.calls).toEqual([]);
  });

  it("a payment Stripe does not know answers 502 with Stripe's reason, not a 500", async () => {
    const row = await insertEnrollment(testDb(), { email: buyerEmail(), courseId: 1 });
    const refused = answer(await refundAction(post(row.id, REFUND, { cookie })));
    expect(refused.init?.status).toBe(502);
    expect(refused.data.message).toMatch(/No such payment_intent/);
    expect(stripe.calls).toEqual(["POST /v1/refunds"]);
    expect(await status(row.id)).toBe("paid");
  });

  it("resends an access link with a session", async () => {
    const email = buyerEmail();
    const row = await insertEnrollment(testDb(), { email, courseId: 1 });
    const sent = answer(await refundAction(post(row.id, { intent: "resend" }, { cookie })));
    expect(sent.data).toEqual({ ok: true, intent: "resend", message: `A new access link is on its way to ${email}.` });
    expect(answer(await refundAction(post(row.id, { intent: "resend" }))).init?.status).toBe(401);
  });
});

describe("the order page's partial refund", () => {
  const PART = { intent: "refund-part", amount: "12.50", reason: "One module was missing", confirm: "yes" };

  it("refuses a bad amount, no reason, no confirmation (400 with what is wrong) before Stripe is asked", async () => {
    const row = await insertEnrollment(testDb(), { email: buyerEmail(), courseId: 1 });
    const refusal = async (fields: Record<string, string>) => {
      const result = answer(await refundAction(post(row.id, fields, { cookie })));
      return [result.init?.status, result.data.message];
    };
    expect(await refusal({ ...PART, amount: "12.505" })).toEqual([
      400,
      "Give the amount to refund in dollars and cents, e.g. 15 or 12.50.",
    ]);
    expect(await refusal({ ...PART, amount: "-3" })).toEqual([400, "Give the amount to refund in dollars and cents, e.g. 15 or 12.50."]);
    expect(await refusal({ ...PART, amount: "0.00" })).toEqual([400, "The amount to refund must be more than zero."]);
    expect(await refusal({ ...PART, reason: "   " })).toEqual([400, "Give a reason for the refund."]);
    expect(await refusal({ ...PART, confirm: "" })).toEqual([400, "Tick the box to confirm the refund."]);
    expect(await refusal({ ...PART, amount: "49.01" })).toEqual([
      400,
      "At most $49.00 remains to be refunded on this order ($0.00 of $49.00 already refunded): nothing was refunded.",
    ]);
    expect(stripe.calls).toEqual([]);
    expect(answer(await refundAction(post(row.id, PART))).init?.status).toBe(401);
  });
});

describe("the Orders CSV", () => {
  it("downloads the filtered orders as CSV for the owner; a bad filter is a 400 saying why", async () => {
    await insertEnrollment(testDb(), { email: "one@example.com", courseId: 1 });
    await insertEnrollment(testDb(), { email: "two@example.com", courseId: 2 });
    const response = (await csvLoader(get("/admin/orders.csv?course=1"))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/text\/csv/);
    expect(response.headers.get("Content-Disposition")).toMatch(/attachment; filename="orders-all-to-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("one@example.com");
    const bad = (await csvLoader(get("/admin/orders.csv?status=lost"))) as Response;
    expect([bad.status, await bad.text()]).toEqual([400, 'The filter "status" must be one of: paid, refund-due, refunded.']);
  });
});

describe("the Orders pages", () => {
  it("the list filters from the URL and answers 400 with a message for a bad filter", async () => {
    await insertEnrollment(testDb(), { email: "one@example.com", courseId: 1 });
    await insertEnrollment(testDb(), { email: "two@example.com", courseId: 2, status: "refunded" });
    const all = (await listLoader(get("/admin/orders"))) as { orders: { email: string }[] };
    expect(all.orders.map((o) => o.email)).toEqual(["two@example.com", "one@example.com"]);
    const refunded = (await listLoader(get("/admin/orders?status=refunded&course=&from=&to="))) as { orders: { email: string }[] };
    expect(refunded.orders.map((o) => o.email)).toEqual(["two@example.com"]);
    const bad = (await listLoader(get("/admin/orders?status=lost"))) as { init: ResponseInit; data: { error: string } };
    expect(bad.init.status).toBe(400);
    expect(bad.data.error).toBe('The filter "status" must be one of: paid, refund-due, refunded.');
    const backwards = (await listLoader(get("/admin/orders?from=2026-02-01&to=2026-01-01"))) as { init: ResponseInit };
    expect(backwards.init.status).toBe(400);
  });

  it("an order page loads with a session, 404 data for an unknown one, /login without a session", async () => {
    const row = await insertEnrollment(testDb(), { email: buyerEmail(), courseId: 1 });
    const page = (await orderLoader(get(`/admin/orders/${row.id}`, { id: String(row.id) }))) as { order: { id: number } };
    expect(page.order.id).toBe(row.id);
    const missing = (await orderLoader(get("/admin/orders/99999", { id: "99999" }))) as { init: ResponseInit; data: { order: null } };
    expect(missing.init.status).toBe(404);
    const anonymous = routeArgs(new Request(`http://localhost/admin/orders/${row.id}`), { id: String(row.id) }) as never;
    await expect(orderLoader(anonymous)).rejects.toSatisfy((r) => r instanceof Response && r.headers.get("Location") === "/login");
  });

  it("/admin/enrollments redirects to /admin/orders, keeping the filters", () => {
    const response = enrollmentsRedirect.loader(
      routeArgs(new Request("http://localhost/admin/enrollments?status=paid")) as never,
    ) as Response;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/admin/orders?status=paid");
  });
});

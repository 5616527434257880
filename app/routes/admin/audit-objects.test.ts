/**
 * The audit log names the object of every write (issue #37 §2.13; docs/admin.md, "Audit log"): a coupon, a bundle, an
 * order's partial refund, a course's outline and a newsletter issue's test and schedule each name their kind, id and
 * label ("“SPRING-25” (coupon #1)"), through the routes as React Router runs them.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie, adminRequest, ifMatchStored } from "../../../tests/support/admin";
import { buyerEmail, routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { asRouted, type RouteModule } from "../../../tests/support/routes";
import { bindStripeEmulatorPerTest, payInBrowser } from "../../../tests/support/stripe";
import { orderReference } from "~/lib/format";
import { createPaymentIntentForCourse, recordEnrollmentForPaymentIntent } from "~/server/payments/payments.server";
import { stripeForRequest } from "~/server/payments/stripe.server";
import * as outlineApi from "../api/course-outline";
import * as bundles from "./bundles";
import * as coupons from "./coupons";
import * as layout from "./layout";
import * as newsletterIssue from "./newsletter-issue";
import * as order from "./order";

const stripe = bindStripeEmulatorPerTest();

let cookie: string;
beforeEach(async () => {
  await seedTestDb();
  await env.DB.batch([
    env.DB.prepare("DELETE FROM audit_log"),
    env.DB.prepare("DELETE FROM newsletter_issues"),
    env.DB.prepare("DELETE FROM bundle_courses"),
    env.DB.prepare("DELETE FROM bundles"),
    env.DB.prepare("DELETE FROM coupon_redemptions"),
    env.DB.prepare("DELETE FROM coupons"),
  ]);
  cookie = await adminCookie();
});

/** Posts a form (fields as pairs: a name may repeat) to a page's action inside the route guard. */
async function post(module: RouteModule, path: string, fields: [string, string][], params: Record<string, string> = {}) {
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Origin: "http://localhost", Cookie: cookie },
    body: new URLSearchParams(fields),
  });
  const answer = (await asRouted(module, "action", [layout])(routeArgs(request, params))) as { init?: ResponseInit; data?: unknown };
  expect(answer?.init?.status ?? 200, JSON.stringify(answer?.data ?? answer)).toBe(200);
}

const entries = async () =>
  (
    await env.DB.prepare("SELECT action, target, object FROM audit_log ORDER BY id").all<{
      action: string;
      target: string;
      object: string;
    }>()
  ).results;

describe("the audit log names what was written", () => {
  it("a coupon: created, then deactivated", async () => {
    const code: [string, string][] = [
      ["intent", "create"],
      ["code", "spring-25"],
      ["kind", "percent"],
      ["value", "25"],
      ["perEmailLimit", ""],
      ["active", "on"],
    ];
    await post(coupons, "/admin/coupons", code);
    const id = (await env.DB.prepare("SELECT id FROM coupons").first<{ id: number }>())?.id;
    await post(coupons, "/admin/coupons", [
      ["intent", "set-active"],
      ["id", String(id)],
      ["active", "false"],
    ]);
    expect(await entries()).toEqual([
      { action: "create", target: "/admin/coupons", object: `“SPRING-25” (coupon #${id})` },
      { action: "set-active", target: "/admin/coupons", object: `“SPRING-25” (coupon #${id}): inactive` },
    ]);
  });

  it("a bundle: created, then edited under its new title", async () => {
    const fields = (title: string): [string, string][] => [
      ["title", title],
      ["price", "100"],
      ["courseIds", "1"],
      ["courseIds", "2"],
    ];
    await post(bundles, "/admin/bundles", fields("Pair"));
    const id = (await env.DB.prepare("SELECT id FROM bundles").first<{ id: number }>())?.id;
    await post(bundles, "/admin/bundles", [...fields("The Pair"), ["id", String(id)], ["version", ""]]);
    expect(await entries()).toEqual([
      { action: "create", target: "/admin/bundles", object: `“Pair” (bundle #${id})` },
      { action: "update", target: "/admin/bundles", object: `“The Pair” (bundle #${id})` },
    ]);
  });

  it("an order's partial refund: the amount and the order", async () => {
    const client = stripeForRequest(new Request("http://localhost/"));
    expect(client).not.toBeNull();
    const db = testDb();
    const deps = { db, stripe: client as NonNullable<typeof client> };
    const { clientSecret, paymentIntentId } = await createPaymentIntentForCourse(deps, { email: buyerEmail(), courseId: 1, amount: 49 });
    expect((await payInBrowser(stripe.emulator, clientSecret)).status).toBe(200);
    const enrollment = await recordEnrollmentForPaymentIntent(deps, await deps.stripe.paymentIntents.retrieve(paymentIntentId));
    const id = enrollment.id;
    await post(
      order,
      `/admin/orders/${id}`,
      [
        ["intent", "refund-part"],
        ["amount", "12.50"],
        ["reason", "One module was missing"],
        ["confirm", "yes"],
      ],
      { id: String(id) },
    );
    expect(await entries()).toEqual([
      { action: "refund-part", target: `/admin/orders/${id}`, object: `$12.50 USD of “${orderReference(id)}” (order #${id})` },
    ]);
  });

  it("a course's outline, by the course's title", async () => {
    const path = "/api/courses/1/outline";
    const body = { modules: [{ title: "One", lessons: [{ title: "First", duration: 5, assessments: [] }] }] };
    const response = await outlineApi.action(
      routeArgs(adminRequest("PUT", path, { cookie, body, headers: await ifMatchStored(path) }), { id: "1" }) as never,
    );
    expect(response.status).toBe(200);
    const title = (await env.DB.prepare("SELECT title FROM courses WHERE id = 1").first<{ title: string }>())?.title;
    expect(await entries()).toEqual([{ action: "update", target: path, object: `outline of “${title}” (course #1)` }]);
  });

  it("a newsletter issue's test and its schedule", async () => {
    await env.DB.prepare("INSERT INTO newsletter_issues (id, subject, body) VALUES (7, 'On attention', 'Body')").run();
    const path = "/admin/newsletter/7";
    await post(
      newsletterIssue,
      path,
      [
        ["intent", "test"],
        ["version", ""],
        ["subject", "On attention"],
        ["body", "Body"],
        ["to", "editor@example.com"],
      ],
      { id: "7" },
    );
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await post(
      newsletterIssue,
      path,
      [
        ["intent", "schedule"],
        ["scheduledAt", `${day}T09:00`],
        ["timeZone", "UTC"],
      ],
      { id: "7" },
    );
    expect(await entries()).toEqual([
      { action: "test", target: path, object: "“On attention” (issue #7)" },
      { action: "schedule", target: path, object: `“On attention” (issue #7) for ${day}T09:00:00.000Z` },
    ]);
  });
});

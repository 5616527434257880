/**
 * Every revenue figure is net of refunds (issue #37 §3.4): the dashboard, the coupons' and bundles' totals and the
 * analytics sales, as the Orders CSV's net column is; and no share is shown over 100%.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { buyerEmail, insertRow, seedTestDb } from "../../../tests/support/db";
import { percentText } from "~/lib/analytics-report";
import type { Database } from "../core/db.server";
import { analyticsReport } from "../analytics/reports.server";
import { listBundles } from "../payments/bundles.server";
import { listCoupons } from "../payments/coupons.server";
import { getDashboard } from "./dashboard.server";

let db: Database;
const now = new Date();
const today = now.toISOString().slice(0, 10);
beforeEach(async () => {
  db = await seedTestDb();
  await env.DB.batch([
    env.DB.prepare("DELETE FROM coupon_redemptions"),
    env.DB.prepare("DELETE FROM coupons"),
    env.DB.prepare("DELETE FROM enrollments"),
    env.DB.prepare("DELETE FROM bundle_courses"),
    env.DB.prepare("DELETE FROM bundles"),
  ]);
});

describe("revenue is net of refunds", () => {
  it("a $49 order with $15 refunded counts $34 on the dashboard, the coupon, the bundle and the analytics sales", async () => {
    await env.DB.batch([
      insertRow("coupons", { code: "STEADY20", kind: "percent", value: 20, active: 1 }),
      insertRow("bundles", { id: 7, title: "Pair", description: "", price_cents: 4900, published: 1 }),
      insertRow("enrollments", {
        course_id: 1,
        payment_intent_id: "pi_partly_refunded",
        amount_cents: 4900,
        refunded_cents: 1500,
        currency: "usd",
        status: "paid",
        email: buyerEmail(),
        coupon_code: "STEADY20",
        discount_cents: 0,
        bundle_id: 7,
        source: "instagram",
        created_at: now.toISOString(),
      }),
    ]);
    const dashboard = await getDashboard(db, now);
    expect(dashboard.figures.thisMonth.revenue).toEqual([{ currency: "usd", cents: 3400 }]);
    expect((await listCoupons(db)).find((coupon) => coupon.code === "STEADY20")?.revenueCents).toBe(3400);
    expect((await listBundles(db)).find((bundle) => bundle.id === 7)?.revenueCents).toBe(3400);
    const report = await analyticsReport(db, { from: today, to: today }, "owner");
    expect(report.sales).toEqual([{ source: "instagram", currency: "usd", purchases: 1, cents: 3400 }]);
  });

  it("no share is shown over 100%", () => {
    expect(percentText(3, 2)).toBe("100%");
    expect(percentText(1, 8)).toBe("12.5%");
    expect(percentText(1, 0)).toBe("–");
  });
});

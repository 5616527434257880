/** The dashboard's System card, as the server renders it: each job's last run, the mail waiting, the last day's failures, the last alerts. */
import { describe, expect, it } from "vitest";
import { renderRoute, textOf } from "../../../tests/support/route-html";
import type { Route } from "./+types/dashboard";
import Dashboard from "./dashboard";

type DashboardData = Extract<Route.ComponentProps["loaderData"], { mine: null }>;

const PERIOD = { revenue: [], enrollments: 0, completions: 0, newSubscribers: 0, visits: 0, visitors: 0, conversion: "–" };
const SYSTEM: DashboardData["system"] = {
  cron: [
    { job: "retention", run: { at: "2026-11-27T03:17:00.000Z", ok: true, message: null } },
    { job: "publish", run: { at: "2026-11-28T04:55:00.000Z", ok: false, message: "Error: D1_ERROR: overloaded" } },
    { job: "newsletter-resume", run: { at: "2026-11-28T04:55:00.000Z", ok: true, message: null } },
    { job: "deferred-mail", run: null },
  ],
  mailWaiting: { queued: 3, deferred: 14, newsletter: 250 },
  failures: { mailFailed: 2, mailBounced: 1, webhookSignatures: 7, deadLetters: 5 },
  alerts: [
    { kind: "dead-letter", lastSent: "2026-11-28T02:00:00.000Z", lastCount: 5, pending: 0 },
    { kind: "webhook-signature", lastSent: "2026-11-28T04:10:00.000Z", lastCount: 4, pending: 3 },
    { kind: "cron", lastSent: null, lastCount: null, pending: 0 },
    { kind: "mail-deferred", lastSent: null, lastCount: null, pending: 0 },
  ],
};

const render = (system = SYSTEM) =>
  renderRoute("/admin", {
    path: "/admin",
    Component: Dashboard,
    loaderData: {
      figures: {
        articles: 1,
        practices: 1,
        resources: 1,
        courses: 1,
        subscribers: 1,
        learners: 1,
        enrollments: 1,
        unreadMessages: 0,
        thisWeek: PERIOD,
        thisMonth: PERIOD,
      },
      periods: { weekStart: "2026-11-23T00:00:00.000Z", monthStart: "2026-11-01T00:00:00.000Z" },
      activity: [],
      scheduled: { count: 0, next: null },
      system,
      showsOrders: true,
    } as unknown as DashboardData,
  });

/** The text of the System card alone. */
const systemText = (html: string) => textOf(html.slice(html.indexOf('data-card="system"')));

describe("the dashboard's System card", () => {
  it("shows each scheduled job's last run, ok or failed (with why), and a job never run", async () => {
    const text = systemText(await render());
    expect(text).toContain("System");
    expect(text).toContain("Retention (daily): 2026-11-27 03:17 UTC, ok");
    expect(text).toContain("Publishing (5 min): 2026-11-28 04:55 UTC, failed");
    expect(text).toContain("Error: D1_ERROR: overloaded");
    expect(text).toContain("Deferred mail (5 min): never run");
  });

  it("shows the mail waiting and the last 24 hours' failures", async () => {
    const text = systemText(await render());
    expect(text).toMatch(/Mail queued\s*3/);
    expect(text).toMatch(/Mail deferred\s*14/);
    expect(text).toMatch(/Newsletter deliveries waiting\s*250/);
    expect(text).toContain("Failures, last 24 hours");
    expect(text).toMatch(/Mail failed\s*2/);
    expect(text).toMatch(/Mail bounced or complained\s*1/);
    expect(text).toMatch(/Webhook signatures refused\s*7/);
    expect(text).toMatch(/Dead-lettered mail\s*5/);
  });

  it("shows the last alert sent per kind, its count, and what is waiting for the next one", async () => {
    const text = systemText(await render());
    expect(text).toContain("Dead-lettered mail: 2026-11-28 02:00 UTC (5)");
    expect(text).toContain("Webhook signatures: 2026-11-28 04:10 UTC (4), 3 since");
    expect(text).toContain("Scheduled jobs: none sent");
  });
});

/**
 * Every CSV export as React Router runs it (inside the route guard): a hostile cell (`a;=2+3@example.com` as an address,
 * `x;=2+3;y` as a campaign) never becomes a formula in a spreadsheet, whichever separator it splits on, and each
 * download leaves an audit entry naming who, which export, its filters and its row count.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie } from "../../../tests/support/admin";
import { insertEnrollment, routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { asRouted } from "../../../tests/support/routes";
import { utcDay } from "~/lib/analytics-range";
import * as analyticsCsv from "./analytics-csv";
import * as progressCsv from "./course-progress-csv";
import * as ordersCsv from "./orders-csv";
import * as subscribersCsv from "./subscribers-csv";
import { readCsv } from "../../../tests/support/csv";

const ADDRESS = "a;=2+3@example.com";
const CAMPAIGN = "x;=2+3;y";
const today = utcDay(new Date());

let cookie: string;
beforeEach(async () => {
  await seedTestDb();
  cookie = await adminCookie();
  await insertEnrollment(testDb(), { email: ADDRESS, courseId: 1, name: "=HYPERLINK(1)" });
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at) VALUES (?, 'confirmed', 'tok-export', ?)",
    ).bind(ADDRESS, new Date().toISOString()),
    env.DB.prepare("INSERT INTO analytics_dimensions (day, dimension, value, views, visitors) VALUES (?, 'campaign', ?, 3, 2)").bind(
      today,
      CAMPAIGN,
    ),
    env.DB.prepare("DELETE FROM audit_log"),
  ]);
});

/** The fields a spreadsheet makes of a file split on `separator`, every record's in one list. */
const fields = (text: string, separator: "," | ";"): string[] => readCsv(text, separator).flat();

const exports = [
  {
    name: "orders",
    module: ordersCsv,
    path: "/admin/orders.csv?status=paid",
    params: {},
    audit: /^Orders CSV: \d+ rows? \(status=paid\)$/,
  },
  {
    name: "progress",
    module: progressCsv,
    path: "/admin/courses/1/progress.csv",
    params: { id: "1" },
    audit: /^Progress CSV of course #1: \d+ rows?$/,
  },
  { name: "subscribers", module: subscribersCsv, path: "/admin/subscribers.csv", params: {}, audit: /^Subscribers CSV: \d+ rows?$/ },
  {
    name: "analytics",
    module: analyticsCsv,
    path: `/admin/analytics.csv?table=campaigns&from=${today}&to=${today}`,
    params: {},
    audit: new RegExp(`^Analytics CSV: Campaigns[^:]*: 1 row \\(UTC days ${today} to ${today}\\)$`),
  },
] as const;

describe("the CSV exports", () => {
  for (const { name, module, path, params, audit } of exports) {
    it(`${name}: the hostile cell is one quoted, neutralised cell; no field starts a formula split on ',' or ';'; the export is audited`, async () => {
      const loader = asRouted(module as never, "loader");
      const response = (await loader(
        routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }), params) as never,
      )) as Response;
      expect(response.status).toBe(200);
      const text = await response.text();
      const hostile = name === "analytics" ? CAMPAIGN : ADDRESS;
      expect(text).toContain(`"${hostile.replace(";=", ";'=")}"`);
      for (const separator of [",", ";"] as const) for (const field of fields(text, separator)) expect(field).not.toMatch(/^[=+\-@\t\r]/);

      const entries = (await env.DB.prepare("SELECT actor, action, target, object FROM audit_log").all<Record<string, string>>()).results;
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actor: expect.any(String),
        action: "export",
        target: new URL(`http://localhost${path}`).pathname,
      });
      expect(entries[0]?.actor).not.toBe("");
      expect(entries[0]?.object).toMatch(audit);
      // The row count is the file's data rows.
      const rows = Number(/: (\d+) rows?/.exec(entries[0]?.object ?? "")?.[1]);
      expect(rows).toBe(text.split("\r\n").filter((line) => line !== "").length - (name === "analytics" ? 2 : 1));
    });
  }
});

/** The Analytics page and its CSV as React Router runs them (inside the route guard): the range, the roles, the files. */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie, editorCookie } from "../../../tests/support/admin";
import { insertRow, routeArgs, seedTestDb } from "../../../tests/support/db";
import { asRouted } from "../../../tests/support/routes";
import { ITEM_PATTERNS } from "~/server/analytics/reports.server";
import { addDays, utcDay } from "~/lib/analytics-range";
import * as analytics from "./analytics";
import * as csv from "./analytics-csv";
import * as contentEdit from "./content-edit";
import * as newsletterIssue from "./newsletter-issue";
import * as layout from "./layout";

const pageLoader = asRouted(analytics, "loader", [layout]);
const csvLoader = asRouted(csv, "loader");
const editLoader = asRouted(contentEdit, "loader", [layout]);
const issueLoader = asRouted(newsletterIssue, "loader", [layout]);
const get = (path: string, cookie: string) => routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }));

type PageData = {
  error: string | null;
  view: {
    purchases: number | null;
    series: { day: string; views: number; visitors: number }[];
    tables: { name: string; headings: string[]; rows: unknown[][] }[];
  } | null;
};
/** A loader's answer: `data(…, { status })` for a refusal, plain data otherwise. */
const answer = (value: unknown): { status: number; data: PageData } =>
  value && typeof value === "object" && "init" in value && "data" in value
    ? { status: (value.init as ResponseInit | null)?.status ?? 200, data: value.data as PageData }
    : { status: 200, data: value as PageData };

const today = utcDay(new Date());
let owner: string;
let editor: string;
beforeEach(async () => {
  await seedTestDb();
  await env.DB.batch(["analytics_pages", "analytics_dimensions", "enrollments"].map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
  owner = await adminCookie();
  editor = await editorCookie();
  await env.DB.batch([
    insertRow("analytics_dimensions", { day: today, dimension: "site", value: "", views: 12, visitors: 9 }),
    insertRow("analytics_dimensions", { day: today, dimension: "referrer", value: '=cmd|" /C calc"!A0, evil', views: 3, visitors: 2 }),
    insertRow("analytics_pages", { day: today, pattern: ITEM_PATTERNS.article, content_id: "1", views: 7, visitors: 5 }),
    insertRow("enrollments", {
      course_id: 1,
      payment_intent_id: "pi_analytics_page",
      amount_cents: 4900,
      status: "paid",
      source: "newsletter",
      created_at: new Date().toISOString(),
    }),
  ]);
});

describe("/admin/analytics", () => {
  it("gives the owner the whole report, purchases and their sources included", async () => {
    const { status, data } = answer(await pageLoader(get("/admin/analytics?range=7", owner)));
    expect(status).toBe(200);
    expect(data.view?.purchases).toBe(1);
    expect(data.view?.tables.map((table) => table.name)).toContain("purchase-sources");
    expect(data.view?.series.at(-1)).toMatchObject({ day: today, views: 12, visitors: 9 });
  });

  it("gives an editor the content's analytics without purchases, their sources or revenue (decided on the server)", async () => {
    const { status, data } = answer(await pageLoader(get("/admin/analytics", editor)));
    expect(status).toBe(200);
    expect(data.view?.purchases).toBeNull();
    const names = data.view?.tables.map((table) => table.name);
    expect(names).toContain("articles");
    expect(names).not.toContain("purchase-sources");
    expect(JSON.stringify(data.view)).not.toContain("newsletter");
    expect(data.view?.tables.find((table) => table.name === "courses")?.headings).not.toContain("Purchases");
  });

  it("answers a bad range with 400 and the sentence saying what is wrong, never a 500", async () => {
    const cases: [string, string][] = [
      ["?range=12", '"range" must be one of 7, 30, 90 (days).'],
      ["?from=2026-02-31&to=2026-03-01", '"from" must be a real date.'],
      ["?from=2026-03-02&to=2026-03-01", '"from" must not be after "to".'],
      ["?from=2026-03-02", 'A custom range needs both "from" and "to".'],
      ["?from=2020-01-01&to=2026-01-01", "A range is at most 762 days (the counts are kept 25 months)."],
    ];
    for (const [query, message] of cases) {
      const { status, data } = answer(await pageLoader(get(`/admin/analytics${query}`, owner)));
      expect([query, status, data.error]).toEqual([query, 400, message]);
    }
  });
});

describe("/admin/analytics.csv", () => {
  const download = async (query: string, cookie: string) => {
    const response = (await csvLoader(get(`/admin/analytics.csv${query}`, cookie))) as Response;
    return { response, text: await response.text() };
  };

  it("writes one table: the range in the file name and the first line, the headings, the rows, escaped against formulas", async () => {
    const from = addDays(today, -6);
    const { response, text } = await download(`?table=referrers&from=${from}&to=${today}`, editor);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="analytics-referrers-${from}-to-${today}.csv"`);
    expect(text.split("\r\n")).toEqual([
      `# Referring sites; UTC days ${from} to ${today}`,
      "Referring site,Visits,Unique visitors",
      `"'=cmd|"" /C calc""!A0, evil",3,2`,
      "",
    ]);
  });

  it("takes a preset range too, and lists an article with its title and id", async () => {
    const { text } = await download("?table=articles&range=7", owner);
    const title = (await env.DB.prepare("SELECT title FROM articles WHERE id = 1").first<{ title: string }>())?.title ?? "";
    expect(text).toContain(`Article,Id,Visits,Unique visitors\r\n${title.includes(",") ? `"${title}"` : title},1,7,5\r\n`);
  });

  it("refuses the owner's tables to an editor (403) and gives them to the owner", async () => {
    const refused = await download("?table=purchase-sources&range=30", editor);
    expect([refused.response.status, refused.text]).toEqual([403, "Only the owner sees purchases' sources and revenue."]);
    const allowed = await download("?table=purchase-sources&range=30", owner);
    expect(allowed.response.status).toBe(200);
    expect(allowed.text).toContain("newsletter,1,$49.00,USD,4900");
  });

  it("answers an unknown table or a bad range with 400 and a clear sentence", async () => {
    const unknown = await download("?table=secrets&range=30", owner);
    expect(unknown.response.status).toBe(400);
    expect(unknown.text).toMatch(/^"table" must be one of: daily, articles/);
    const badRange = await download("?table=daily&from=2026-13-01&to=2026-12-01", owner);
    expect([badRange.response.status, badRange.text]).toEqual([400, '"from" must be a real date.']);
  });
});

describe("the edit pages' last 30 days", () => {
  type Traffic = { totals: { views: number }; purchases: number | null; enrol: unknown; series: unknown[] } | null;
  const trafficOf = async (path: string, id: string, cookie: string) =>
    ((await editLoader(routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }), { id }))) as { traffic: Traffic })
      .traffic;

  it("shows an article's visits; a course's purchases to the owner only; nothing for a resource", async () => {
    const article = await trafficOf("/admin/articles/1", "1", editor);
    expect([article?.totals.views, article?.series.length, article?.purchases]).toEqual([7, 30, null]);
    expect((await trafficOf("/admin/courses/1", "1", owner))?.purchases).toBe(1);
    expect((await trafficOf("/admin/courses/1", "1", editor))?.purchases).toBeNull();
    expect(await trafficOf("/admin/resources/1", "1", owner)).toBeNull();
  });
});

describe("a sent issue's page", () => {
  it("says what the issue brought in the 7 days after sending; its purchases to the owner only", async () => {
    const sentAt = new Date(Date.now() - 3_600_000).toISOString();
    const issue = await env.DB.prepare(
      "INSERT INTO newsletter_issues (subject, body, sent_at, sent_origin, recipient_count) VALUES ('Spring', 'Hello', ?, 'http://localhost', 0) RETURNING id",
    )
      .bind(sentAt)
      .first<{ id: number }>();
    const id = String(issue?.id);
    await env.DB.batch([
      insertRow("analytics_dimensions", { day: today, dimension: "campaign", value: `issue-${id}`, views: 6, visitors: 5 }),
      insertRow("newsletter_subscribers", {
        email: "came-from-the-issue@example.com",
        unsubscribe_token: "t-issue",
        campaign: `issue-${id}`,
      }),
      insertRow("enrollments", {
        course_id: 1,
        payment_intent_id: "pi_issue",
        amount_cents: 4900,
        status: "paid",
        campaign: `issue-${id}`,
      }),
    ]);
    type Attribution = { visits: number; visitors: number; signups: number; purchases: number | null } | null;
    const attributionOf = async (cookie: string) =>
      (
        (await issueLoader(routeArgs(new Request(`http://localhost/admin/newsletter/${id}`, { headers: { Cookie: cookie } }), { id }))) as {
          attribution: Attribution;
        }
      ).attribution;
    expect(await attributionOf(owner)).toMatchObject({ visits: 6, visitors: 5, signups: 1, purchases: 1 });
    expect(await attributionOf(editor)).toMatchObject({ visits: 6, signups: 1, purchases: null });
  });
});

/** Newsletter issues: the admin pages as React Router runs them, the send to confirmed subscribers, the queue consumer. */
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminCookie } from "../../../tests/support/admin";
import { routeArgs, testDb } from "../../../tests/support/db";
import { asRouted } from "../../../tests/support/routes";
import { fakeProvider, testQueue } from "../../../tests/support/newsletter-sending";
import { renderRoute, textWhere } from "../../../tests/support/route-html";
import { startIssueSend } from "~/server/newsletter/issues.server";
import { unsubscribeFromNewsletter } from "~/server/newsletter/subscriptions.server";
import { runRetention } from "~/server/site/retention.server";
import * as archive from "~/routes/newsletter/archive";
import * as publicIssue from "~/routes/newsletter/issue";
import * as layout from "./layout";
import * as issuePage from "./newsletter-issue";
import * as issuesPage from "./newsletter-issues";
import * as newPage from "./newsletter-new";

/** The version the issue's page shows (its updatedAt), which its form sends with a save. */
const issueVersion = async (id: number | string) =>
  (
    await env.DB.prepare("SELECT coalesce(updated_at, '') AS version FROM newsletter_issues WHERE id = ?")
      .bind(Number(id))
      .first<{ version: string }>()
  )?.version ?? "";

const createAction = asRouted(newPage, "action", [layout]);
const issueAction = asRouted(issuePage, "action", [layout]);
const listLoader = asRouted(issuesPage, "loader", [layout]);
const issueLoader = asRouted(issuePage, "loader", [layout]);

type Answer = { init: ResponseInit | null; data: { ok: boolean; message: string } };
const answer = (value: unknown): Answer =>
  value && typeof value === "object" && "init" in value ? (value as Answer) : { init: null, data: value as Answer["data"] };

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const post = (path: string, fields: Record<string, string>, params: Record<string, string> = {}, withCookie = true) =>
  routeArgs(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { Origin: "http://localhost", ...(withCookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    }),
    params,
  ) as never;
const get = (path: string, params: Record<string, string> = {}) =>
  routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }), params) as never;

async function createIssue(subject = "Issue one", body = "Hello **readers**. [Read](/articles/1)") {
  const created = await createAction(post("/admin/newsletter/new", { subject, body }));
  if (!(created instanceof Response)) throw new Error(`not created: ${JSON.stringify(created)}`);
  return Number(created.headers.get("Location")?.split("/").at(-1));
}

async function addSubscriber(email: string, status: "pending" | "confirmed" | "unsubscribed") {
  const token = `tok-${email.replace(/\W/g, "")}`
    .padEnd(64, "0")
    .slice(0, 64)
    .replace(/[^0-9a-f]/g, "a");
  await env.DB.prepare("INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at) VALUES (?, ?, ?, ?)")
    .bind(email, status, token, status === "pending" ? null : "2026-01-01T00:00:00.000Z")
    .run();
  return token;
}

const mails = async (kind = "newsletter") =>
  (
    await env.DB.prepare("SELECT * FROM mail_log WHERE kind = ? ORDER BY id").bind(kind).all<{
      id: number;
      to: string;
      subject: string;
      text: string;
      html: string;
      headers: string | null;
      status: string;
      data: string | null;
    }>()
  ).results;

describe("writing an issue", () => {
  it("refuses what the form got wrong (400), a signed-out post (401), and never saves a sent issue (409)", async () => {
    const empty = answer(await createAction(post("/admin/newsletter/new", { subject: " ", body: "x" })));
    expect([empty.init?.status, empty.data.message]).toEqual([400, 'The field "Subject" is required.']);
    const deep = answer(await createAction(post("/admin/newsletter/new", { subject: "S", body: ">".repeat(30) })));
    expect(deep.init?.status).toBe(400);
    const signedOut = answer(await createAction(post("/admin/newsletter/new", { subject: "S", body: "B" }, {}, false)));
    expect(signedOut.init?.status).toBe(401);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM newsletter_issues").first<{ n: number }>())?.n).toBe(0);

    const id = await createIssue();
    const saved = answer(
      await issueAction(
        post(
          `/admin/newsletter/${id}`,
          { intent: "save", version: await issueVersion(id), subject: "Renamed", body: "New" },
          { id: String(id) },
        ),
      ),
    );
    expect(saved.data).toMatchObject({ ok: true, message: "Draft saved." });
    const badTest = answer(
      await issueAction(
        post(
          `/admin/newsletter/${id}`,
          { intent: "test", version: await issueVersion(id), subject: "S", body: "B", to: "nope" },
          { id: String(id) },
        ),
      ),
    );
    expect([badTest.init?.status, badTest.data.message]).toEqual([400, "Enter a valid e-mail address for the test."]);
    const unknown = answer(
      await issueAction(post("/admin/newsletter/999", { intent: "save", version: "", subject: "S", body: "B" }, { id: "999" })),
    );
    expect(unknown.init?.status).toBe(404);
  });

  it("a test goes through the mail queue to the given address only, without List-Unsubscribe headers", async () => {
    await addSubscriber("reader@example.com", "confirmed");
    const id = await createIssue();
    const test = answer(
      await issueAction(
        post(
          `/admin/newsletter/${id}`,
          { intent: "test", version: await issueVersion(id), subject: "Issue one", body: "Hi", to: "editor@example.com" },
          { id: String(id) },
        ),
      ),
    );
    expect(test.data.ok).toBe(true);
    // The log keeps the issue's id and the origin, not the body: the consumer renders the issue as it stands.
    const sent = await mails("newsletter-test");
    expect(sent.map((mail) => [mail.to, mail.subject, mail.status, mail.headers, JSON.parse(String(mail.data))])).toEqual([
      ["editor@example.com", "[Test] Issue one", "queued", null, { issueId: id, origin: "http://localhost" }],
    ]);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM newsletter_deliveries").first<{ n: number }>())?.n).toBe(0);
  });
});

async function addConfirmed(count: number) {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at)
     SELECT 'reader' || i || '@example.com', 'confirmed', printf('%064x', i), '2026-01-01T00:00:00.000Z' FROM n`,
  )
    .bind(count)
    .run();
}

const count = async (sql: string, ...bindings: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...bindings)
      .first<{ n: number }>()
  )?.n;

describe("sending an issue", () => {
  it("the admin's send with 2,000 subscribers only claims the issue: under 1 s, no deliveries yet, 'Sending to 2,000 subscribers'", async () => {
    await addConfirmed(2000);
    const id = await createIssue();
    const started = performance.now();
    const sent = answer(await issueAction(post(`/admin/newsletter/${id}`, { intent: "send", confirm: "yes" }, { id: String(id) })));
    const elapsed = performance.now() - started;
    expect(sent.data).toMatchObject({ ok: true, message: "Sending to 2,000 subscribers. It is in the archive now." });
    expect(elapsed).toBeLessThan(1000);
    // The fan-out happens in the consumer: no delivery row was written by the request.
    expect(await count("SELECT count(*) AS n FROM newsletter_deliveries")).toBe(0);
    const issue = await env.DB.prepare("SELECT sent_at, recipient_count, progress_at, fanout_cursor FROM newsletter_issues WHERE id = ?")
      .bind(id)
      .first();
    expect(issue).toMatchObject({ recipient_count: 2000, fanout_cursor: 0 });
    expect(issue?.sent_at).toBe(issue?.progress_at);

    // The page says so at once, and keeps re-reading while it sends.
    const page = (await issueLoader(get(`/admin/newsletter/${id}`, { id: String(id) }))) as IssuePageData;
    expect(page).toMatchObject({ state: "sending", report: { recipients: 0 } });
    const html = await renderIssuePage(page);
    expect(textWhere(html, `data-testid="issue-sending-state"`)).toBe("Sending to 2,000 subscribers. These counts update by themselves.");
  });

  it("the send action answers 409 for the second send; the archive lists sent issues only", async () => {
    await addSubscriber("alice@example.com", "confirmed");
    const draft = await createIssue("A draft");
    const id = await createIssue("Sent issue", "## Hello\n\nText");
    const first = answer(await issueAction(post(`/admin/newsletter/${id}`, { intent: "send", confirm: "yes" }, { id: String(id) })));
    expect(first.data).toMatchObject({ ok: true, message: "Sending to 1 subscriber. It is in the archive now." });
    const again = answer(await issueAction(post(`/admin/newsletter/${id}`, { intent: "send", confirm: "yes" }, { id: String(id) })));
    expect(again.init?.status).toBe(409);
    expect(again.data.message).toMatch(/already sent/);
    const edit = answer(
      await issueAction(
        post(`/admin/newsletter/${id}`, { intent: "save", version: await issueVersion(id), subject: "X", body: "Y" }, { id: String(id) }),
      ),
    );
    expect(edit.init?.status).toBe(409);
    const resume = answer(await issueAction(post(`/admin/newsletter/${id}`, { intent: "resume" }, { id: String(id) })));
    expect(resume.init?.status, "no more 'Resume sending': the cron resumes").toBe(400);

    const { issues } = await archive.loader();
    expect(issues.map((issue) => issue.subject)).toEqual(["Sent issue"]);
    const page = (await publicIssue.loader(routeArgs(`/newsletter/${id}`, { id: String(id) }) as never)) as { issue: { subject: string } };
    expect(page.issue.subject).toBe("Sent issue");
    const hidden = answer(await publicIssue.loader(routeArgs(`/newsletter/${draft}`, { id: String(draft) }) as never));
    expect(hidden.init?.status).toBe(404);
  });

  it("confirmed subscribers only; the list and the issue page count what happened, and say why in words", async () => {
    const alice = await addSubscriber("alice@example.com", "confirmed");
    await addSubscriber("bob@example.com", "confirmed");
    await addSubscriber("carol@example.com", "confirmed");
    await addSubscriber("pending@example.com", "pending");
    await addSubscriber("gone@example.com", "unsubscribed");
    const id = await createIssue();
    const db = testDb();
    const clock = () => new Date("2026-03-10T09:00:00.000Z");
    const provider = fakeProvider({ clock, suppressed: ["carol@example.com"] });
    const mail = testQueue();
    await startIssueSend(db, id, { origin: "http://localhost", now: clock(), queue: mail.queue });
    await mail.drain({ db, queue: mail.queue, transport: provider.transport, from: "news@example.com", now: clock });
    expect(provider.accepted.map((message) => message.to).sort()).toEqual(["alice@example.com", "bob@example.com"]);

    await unsubscribeFromNewsletter(db, alice);
    await env.DB.prepare("DELETE FROM newsletter_subscribers WHERE email = 'alice@example.com'").run();
    const { issues } = (await listLoader(get("/admin/newsletter"))) as Awaited<ReturnType<typeof issuesPage.loader>>;
    expect(issues.find((issue) => issue.id === id)).toMatchObject({
      recipientCount: 3,
      recipients: 3,
      sent: 2,
      failed: 1,
      waiting: 0,
      unsubscribedSince: 1,
    });

    const page = (await issueLoader(get(`/admin/newsletter/${id}`, { id: String(id) }))) as IssuePageData;
    expect(page).toMatchObject({ state: "done", report: { counts: { sent: 2, failed: 1 }, unsubscribedSince: 1 } });
    const html = await renderIssuePage(page);
    expect(textWhere(html, `data-testid="issue-sending-state"`)).toBe("Sent to 2 of 3 subscribers.");
    expect(textWhere(html, `data-testid="issue-failures"`)).toContain(
      "1: The mail provider suppresses this address (an earlier bounce or complaint), so nothing was sent. (carol@example.com)",
    );
    expect(html).not.toContain(`data-testid="issue-archived"`);

    // Thirteen months on, the daily job deletes the delivery records: the list and the page show the same numbers,
    // the failure without its address, and say why.
    vi.spyOn(console, "log").mockImplementation(() => {});
    const later = new Date(Date.now() + 14 * 31 * 24 * 60 * 60 * 1000);
    expect(await runRetention(db, later)).toMatchObject({ newsletterDeliveries: 3 });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM newsletter_deliveries").first<{ n: number }>())?.n).toBe(0);
    cookie = await adminCookie(); // the job also deleted the (by then expired) admin session
    const after = (await listLoader(get("/admin/newsletter"))) as Awaited<ReturnType<typeof issuesPage.loader>>;
    expect(after.issues.find((issue) => issue.id === id)).toMatchObject({
      recipientCount: 3,
      recipients: 3,
      sent: 2,
      failed: 1,
      waiting: 0,
      unsubscribedSince: 1,
    });
    const archivedPage = (await issueLoader(get(`/admin/newsletter/${id}`, { id: String(id) }))) as IssuePageData;
    expect(archivedPage).toMatchObject({ state: "done", report: { counts: { sent: 2, failed: 1 }, unsubscribedSince: 1, archived: 3 } });
    const archivedHtml = await renderIssuePage(archivedPage);
    expect(textWhere(archivedHtml, `data-testid="issue-sending-state"`)).toBe("Sent to 2 of 3 subscribers.");
    expect(textWhere(archivedHtml, `data-testid="issue-failures"`)).toContain(
      "1: The mail provider suppresses this address (an earlier bounce or complaint), so nothing was sent.",
    );
    expect(archivedHtml).not.toContain("carol@example.com");
    expect(textWhere(archivedHtml, `data-testid="issue-archived"`)).toContain("deleted 13 months after they were written");
  });

  it("a paused send says until when, and that it resumes by itself", async () => {
    await addSubscriber("alice@example.com", "confirmed");
    const id = await createIssue();
    await startIssueSend(testDb(), id, { origin: "http://localhost", queue: testQueue().queue });
    await env.DB.prepare(
      "UPDATE newsletter_issues SET paused_until = '2026-03-11T00:00:00.000Z', pause_reason = 'daily_quota_exceeded' WHERE id = ?",
    )
      .bind(id)
      .run();
    const page = (await issueLoader(get(`/admin/newsletter/${id}`, { id: String(id) }))) as IssuePageData;
    expect(page.state).toBe("paused");
    const html = await renderIssuePage(page);
    expect(textWhere(html, `data-testid="issue-sending-state"`)).toMatch(
      /^Sending to 1 subscriber\. Paused until .*2026.* \(daily quota\); resumes automatically\.$/,
    );
  });
});

type IssuePageData = Extract<Awaited<ReturnType<typeof issuePage.loader>>, { state: unknown }>;

/** The issue page as the server renders it, with the loader's data. */
function renderIssuePage(loaderData: unknown) {
  return renderRoute("/admin/newsletter/1", { path: "/admin/newsletter/:id", Component: issuePage.default as never, loaderData });
}

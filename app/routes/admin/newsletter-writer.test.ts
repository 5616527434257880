/**
 * What a writer does with the newsletter (#26 part 4): publish an article and e-mail it in one step, the excerpt format,
 * scheduling a send in the owner's time zone (and the cron starting it), deleting a draft, the send box's count, and the
 * welcome e-mail after double opt-in, through the admin pages as React Router runs them.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie } from "../../../tests/support/admin";
import { authors } from "../../../db/schema";
import { insertSeedCategories, routeArgs, testDb } from "../../../tests/support/db";
import { metaVersion } from "~/server/site/site.server";
import { asRouted } from "../../../tests/support/routes";
import { articleSchema } from "~/lib/admin-schemas";
import { createContent } from "~/server/admin/content.server";
import { hashToken, newToken } from "~/server/core/session-tokens.server";
import { startDueScheduledIssues } from "~/server/newsletter/issues.server";
import { mailRows } from "../../../tests/support/mail";
import { testQueue } from "../../../tests/support/newsletter-sending";
import { confirmAndWelcome, WELCOME_EMAIL_DEFAULTS } from "~/server/newsletter/welcome.server";
import * as layout from "./layout";
import * as issuePage from "./newsletter-issue";
import * as issuesPage from "./newsletter-issues";
import * as newPage from "./newsletter-new";
import * as settingsPage from "./settings";

/** The version the issue's page shows (its updatedAt), which its form sends with a save. */
const issueVersion = async (id: number | string) =>
  (
    await env.DB.prepare("SELECT coalesce(updated_at, '') AS version FROM newsletter_issues WHERE id = ?")
      .bind(Number(id))
      .first<{ version: string }>()
  )?.version ?? "";

const createAction = asRouted(newPage, "action", [layout]);
const issueAction = asRouted(issuePage, "action", [layout]);
const issueLoader = asRouted(issuePage, "loader", [layout]);
const listLoader = asRouted(issuesPage, "loader", [layout]);
const settingsAction = asRouted(settingsPage, "action", [layout]);
const settingsLoader = asRouted(settingsPage, "loader", [layout]);

type Answer = { init: ResponseInit | null; data: { ok: boolean; message: string; field?: string } };
const answer = (value: unknown): Answer =>
  value && typeof value === "object" && "init" in value ? (value as Answer) : { init: null, data: value as Answer["data"] };

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
});

const post = (path: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
  routeArgs(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { Origin: "http://localhost", Cookie: cookie },
      body: new URLSearchParams(fields),
    }),
    params,
  ) as never;
const get = (path: string, params: Record<string, string> = {}) =>
  routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }), params) as never;

/** What an action threw or returned as a redirect: its status and Location. */
async function redirected(run: Promise<unknown>) {
  let value: unknown;
  try {
    value = await run;
  } catch (thrown) {
    value = thrown;
  }
  if (!(value instanceof Response)) throw new Error(`not a redirect: ${JSON.stringify(value)}`);
  return { status: value.status, location: value.headers.get("Location") ?? "" };
}

const one = <T>(sql: string, ...bindings: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...bindings)
    .first<T>();
const auditActions = async () =>
  (await env.DB.prepare("SELECT action, object FROM audit_log ORDER BY id").all<{ action: string; object: string }>()).results;

async function addSubscriber(email: string, status: "pending" | "confirmed" | "unsubscribed") {
  const token = newToken();
  await env.DB.prepare("INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at) VALUES (?, ?, ?, ?)")
    .bind(email, status, token, status === "pending" ? null : "2026-01-01T00:00:00.000Z")
    .run();
  return token;
}

const CONTENT = [
  "The first paragraph, about attention.",
  "## A heading the excerpt leaves out",
  "The second paragraph, about habits.",
  "The third paragraph, about rest.",
  "The fourth paragraph, only in the full text.",
].join("\n\n");

async function draftArticle(title = "On attention") {
  // Its author (an article picks one from the authors table); this file's database starts without the seed.
  await testDb().insert(authors).values({ id: 1, name: "Ada" }).onConflictDoNothing();
  await insertSeedCategories();
  const article = await createContent(
    testDb(),
    "article",
    articleSchema.parse({
      title,
      excerpt: "Where the mind goes.",
      content: CONTENT,
      imageUrl: "/images/cover-attention.jpg",
      imageCaption: "A quiet desk",
      category: "Philosophy",
      readingTime: 5,
      authorId: 1,
      status: "draft",
    }),
  );
  return article.id;
}

async function createIssue(subject = "Issue one", body = "Hello **readers**.") {
  const created = await redirected(createAction(post("/admin/newsletter/new", { subject, body })));
  return Number(created.location.split("/").at(-1));
}

const issueRow = (id: number) =>
  one<{
    sent_at: string | null;
    scheduled_at: string | null;
    format: string;
    article_id: number | null;
    subject: string;
    recipient_count: number | null;
  }>("SELECT * FROM newsletter_issues WHERE id = ?", id);

/** A day's date `days` from now, as the `datetime-local` field writes it, at `time`. */
function localDay(days: number, time = "09:00") {
  return `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;
}

describe("publish and e-mail, in one step from the article's editor", () => {
  it("publishes the article, makes an excerpt issue of it, starts sending to confirmed subscribers, and audits it", async () => {
    await addSubscriber("alice@example.com", "confirmed");
    await addSubscriber("bob@example.com", "confirmed");
    await addSubscriber("pending@example.com", "pending");
    const articleId = await draftArticle();

    const done = await redirected(
      createAction(post("/admin/newsletter/new", { intent: "publish-and-email", articleId: String(articleId), confirm: "yes" })),
    );
    expect(done.status).toBe(302);
    expect(done.location).toMatch(/^\/admin\/newsletter\/\d+\?published=1$/);
    const issueId = Number(done.location.split("/").at(-1)?.split("?")[0]);

    const article = await one<{ status: string; published_date: string }>(
      "SELECT status, published_date FROM articles WHERE id = ?",
      articleId,
    );
    expect(article).toMatchObject({ status: "published", published_date: new Date().toISOString().slice(0, 10) });
    const issue = await issueRow(issueId);
    expect(issue).toMatchObject({ subject: "On attention", format: "excerpt", article_id: articleId });
    expect(issue?.sent_at).not.toBeNull();
    // Sending started for the 2 confirmed subscribers (not the pending one); the queue consumer writes their deliveries.
    expect(issue?.recipient_count).toBe(2);
    expect(await auditActions()).toContainEqual({
      action: "publish-and-email",
      object: `“On attention” (article #${articleId}, issue #${issueId})`,
    });
  });

  it("sends the format chosen in the dialog (issue #37): the full text when asked, the excerpt otherwise; another is a 400", async () => {
    await addSubscriber("alice@example.com", "confirmed");
    const full = await draftArticle();
    const done = await redirected(
      createAction(post("/admin/newsletter/new", { intent: "publish-and-email", articleId: String(full), format: "full", confirm: "yes" })),
    );
    const issueId = Number(done.location.split("/").at(-1)?.split("?")[0]);
    expect(await issueRow(issueId)).toMatchObject({ format: "full", article_id: full });
    expect((await issueRow(issueId))?.sent_at).not.toBeNull();

    const odd = await draftArticle();
    const refused = answer(
      await createAction(
        post("/admin/newsletter/new", { intent: "publish-and-email", articleId: String(odd), format: "pdf", confirm: "yes" }),
      ),
    );
    expect([refused.init?.status, refused.data.message]).toEqual([400, 'The field "Format" must be "excerpt" or "full".']);
    expect((await one<{ status: string }>("SELECT status FROM articles WHERE id = ?", odd))?.status).toBe("draft");
  });

  it("refuses a published article (409), an unknown one (404) and a post without the confirmation (400), changing nothing", async () => {
    const articleId = await draftArticle();
    const unconfirmed = answer(
      await createAction(post("/admin/newsletter/new", { intent: "publish-and-email", articleId: String(articleId) })),
    );
    expect([unconfirmed.init?.status, unconfirmed.data.message]).toEqual([
      400,
      "Confirm to publish the article and e-mail it to every confirmed subscriber.",
    ]);
    const unknown = answer(
      await createAction(post("/admin/newsletter/new", { intent: "publish-and-email", articleId: "9999", confirm: "yes" })),
    );
    expect([unknown.init?.status, unknown.data.message]).toEqual([404, "Article not found."]);
    expect((await one<{ status: string }>("SELECT status FROM articles WHERE id = ?", articleId))?.status).toBe("draft");

    await redirected(
      createAction(post("/admin/newsletter/new", { intent: "publish-and-email", articleId: String(articleId), confirm: "yes" })),
    );
    const again = answer(
      await createAction(post("/admin/newsletter/new", { intent: "publish-and-email", articleId: String(articleId), confirm: "yes" })),
    );
    expect(again.init?.status).toBe(409);
    expect(again.data.message).toMatch(/already published/);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM newsletter_issues"))?.n).toBe(1);
  });

  it("the excerpt is the cover, the first text paragraphs and 'Continue reading'; the owner can switch an issue to the full text", async () => {
    // A draft issue of an article (the new-issue page) set to "excerpt", then to "full" on its page.
    const articleId = await draftArticle();
    await env.DB.prepare("UPDATE articles SET status = 'published' WHERE id = ?").bind(articleId).run();
    const created = await redirected(
      createAction(post("/admin/newsletter/new", { subject: "On attention", body: CONTENT, articleId: String(articleId) })),
    );
    const id = Number(created.location.split("/").at(-1));
    expect((await issueRow(id))?.format).toBe("full");
    const save = async (format: string) =>
      issueAction(
        post(
          `/admin/newsletter/${id}`,
          { intent: "save", version: await issueVersion(id), subject: "On attention", body: CONTENT, format },
          { id: String(id) },
        ),
      );
    const preview = async () =>
      ((await issueLoader(get(`/admin/newsletter/${id}`, { id: String(id) }))) as { previewHtml: string }).previewHtml;

    expect(answer(await save("excerpt")).data.ok).toBe(true);
    expect(await preview()).toContain("Continue reading");
    expect(await preview()).not.toContain("only in the full text");
    expect(answer(await save("full")).data.ok).toBe(true);
    expect(await preview()).toContain("only in the full text");
    const bad = answer(await save("summary"));
    expect([bad.init?.status, bad.data.message]).toEqual([400, 'The field "Format" must be "excerpt" or "full".']);
  });
});

describe("scheduling a send", () => {
  it("reads the time in the owner's time zone and stores UTC; the list and the page say when; cancel clears it", async () => {
    const id = await createIssue();
    const day = localDay(30);
    const scheduled = answer(
      await issueAction(
        post(`/admin/newsletter/${id}`, { intent: "schedule", scheduledAt: day, timeZone: "Asia/Kolkata" }, { id: String(id) }),
      ),
    );
    expect(scheduled.data.ok).toBe(true);
    expect(scheduled.data.message).toContain("GMT+5:30");
    // 09:00 in Kolkata (UTC+05:30, no summer time) is 03:30 UTC.
    expect((await issueRow(id))?.scheduled_at).toBe(`${day.slice(0, 10)}T03:30:00.000Z`);

    const { scheduled: times } = (await listLoader(get("/admin/newsletter"))) as { scheduled: Record<number, string> };
    expect(times[id]).toBe(`${day.slice(0, 10)}T03:30:00.000Z`);

    // Without JavaScript the page sends no zone: the time is UTC (the page says so).
    await issueAction(post(`/admin/newsletter/${id}`, { intent: "schedule", scheduledAt: day }, { id: String(id) }));
    expect((await issueRow(id))?.scheduled_at).toBe(`${day.slice(0, 10)}T09:00:00.000Z`);

    // Still a draft: it can be edited until it starts.
    const edited = answer(
      await issueAction(
        post(
          `/admin/newsletter/${id}`,
          { intent: "save", version: await issueVersion(id), subject: "Edited", body: "B" },
          { id: String(id) },
        ),
      ),
    );
    expect(edited.data.ok).toBe(true);
    expect((await issueRow(id))?.scheduled_at).not.toBeNull();

    const cancelled = answer(await issueAction(post(`/admin/newsletter/${id}`, { intent: "unschedule" }, { id: String(id) })));
    expect(cancelled.data.ok).toBe(true);
    expect((await issueRow(id))?.scheduled_at).toBeNull();
  });

  it("refuses a time in the past, more than a year ahead, impossible, or in an unknown zone (400, naming the field)", async () => {
    const id = await createIssue();
    const schedule = async (scheduledAt: string, timeZone = "UTC") =>
      answer(await issueAction(post(`/admin/newsletter/${id}`, { intent: "schedule", scheduledAt, timeZone }, { id: String(id) })));
    const cases: [string, string, string][] = [
      [localDay(-1), "UTC", "The send time must be in the future."],
      [localDay(400), "UTC", "The send time can be at most a year ahead."],
      ["2027-02-30T09:00", "UTC", "The send time must be a real date and time, such as 2026-12-01T09:00."],
      ["", "UTC", "Choose the date and time to send it."],
      [localDay(3), "Mars/Olympus", 'The field "timeZone" must be a time zone name, such as Europe/Berlin.'],
    ];
    for (const [at, zone, message] of cases) {
      const refused = await schedule(at, zone);
      expect([refused.init?.status, refused.data.message]).toEqual([400, message]);
    }
    expect((await issueRow(id))?.scheduled_at).toBeNull();
  });

  it("sending now clears the schedule; a sent issue can be neither scheduled nor unscheduled (409)", async () => {
    await addSubscriber("alice@example.com", "confirmed");
    const id = await createIssue();
    await issueAction(
      post(`/admin/newsletter/${id}`, { intent: "schedule", scheduledAt: localDay(5), timeZone: "UTC" }, { id: String(id) }),
    );
    expect(answer(await issueAction(post(`/admin/newsletter/${id}`, { intent: "send", confirm: "yes" }, { id: String(id) }))).data.ok).toBe(
      true,
    );
    expect((await issueRow(id))?.scheduled_at).toBeNull();
    const attempts: Record<string, string>[] = [{ intent: "schedule", scheduledAt: localDay(5) }, { intent: "unschedule" }];
    for (const fields of attempts) {
      const refused = answer(await issueAction(post(`/admin/newsletter/${id}`, fields, { id: String(id) })));
      expect(refused.init?.status).toBe(409);
      expect(refused.data.message).toMatch(/already sent/);
    }
  });

  it("the cron starts the issues that are due, once, and leaves the others", async () => {
    await addSubscriber("alice@example.com", "confirmed");
    await addSubscriber("bob@example.com", "confirmed");
    const due = await createIssue("Due");
    const later = await createIssue("Later");
    const at = new Date("2027-03-01T09:00:00.000Z");
    await env.DB.prepare("UPDATE newsletter_issues SET scheduled_at = ?, sent_origin = 'http://localhost' WHERE id = ?")
      .bind("2027-03-01T08:55:00.000Z", due)
      .run();
    await env.DB.prepare("UPDATE newsletter_issues SET scheduled_at = ? WHERE id = ?").bind("2027-03-01T09:05:00.000Z", later).run();
    const mail = testQueue();
    const queued = mail.pending;
    const queue = mail.queue;
    expect(await startDueScheduledIssues(testDb(), queue, at)).toEqual([due]);
    expect(await issueRow(due)).toMatchObject({ sent_at: at.toISOString(), scheduled_at: null });
    expect(await issueRow(later)).toMatchObject({ sent_at: null, scheduled_at: "2027-03-01T09:05:00.000Z" });
    // The cron only starts it: one fan-out message, which the consumer turns into deliveries.
    expect(queued.map((message) => message.body)).toEqual([{ fanout: due }]);
    // A second run (or a retried cron) starts nothing again.
    expect(await startDueScheduledIssues(testDb(), queue, at)).toEqual([]);
    expect(queued).toHaveLength(1);
  });
});

describe("the send box and deleting a draft", () => {
  it("the send box counts confirmed subscribers only", async () => {
    await addSubscriber("alice@example.com", "confirmed");
    await addSubscriber("bob@example.com", "confirmed");
    await addSubscriber("carol@example.com", "pending");
    await addSubscriber("dan@example.com", "unsubscribed");
    const id = await createIssue();
    const page = (await issueLoader(get(`/admin/newsletter/${id}`, { id: String(id) }))) as { confirmed: number };
    expect(page.confirmed).toBe(2);
  });

  it("a draft is deleted once confirmed, audited, and the answer is the list; a sent one is refused (409)", async () => {
    await addSubscriber("alice@example.com", "confirmed");
    const draft = await createIssue("Old draft");
    const unconfirmed = answer(await issueAction(post(`/admin/newsletter/${draft}`, { intent: "delete" }, { id: String(draft) })));
    expect([unconfirmed.init?.status, unconfirmed.data.message]).toEqual([400, "Tick the box to confirm deleting this draft."]);

    const deleted = await redirected(
      issueAction(post(`/admin/newsletter/${draft}`, { intent: "delete", confirm: "yes" }, { id: String(draft) })),
    );
    expect(deleted).toEqual({ status: 302, location: "/admin/newsletter?deleted=1" });
    expect(await issueRow(draft)).toBeNull();
    expect(await auditActions()).toContainEqual({ action: "delete", object: `“Old draft” (issue #${draft})` });

    const gone = answer(await issueAction(post(`/admin/newsletter/${draft}`, { intent: "delete", confirm: "yes" }, { id: String(draft) })));
    expect(gone.init?.status).toBe(404);

    const sent = await createIssue("Sent");
    await issueAction(post(`/admin/newsletter/${sent}`, { intent: "send", confirm: "yes" }, { id: String(sent) }));
    const refused = answer(
      await issueAction(post(`/admin/newsletter/${sent}`, { intent: "delete", confirm: "yes" }, { id: String(sent) })),
    );
    expect(refused.init?.status).toBe(409);
    expect(refused.data.message).toMatch(/cannot be deleted: it is in the archive/);
    expect(await issueRow(sent)).not.toBeNull();
  });
});

describe("the welcome e-mail after double opt-in", () => {
  /** A pending subscriber with a confirmation link (its token). */
  async function pending(email: string) {
    const token = newToken();
    await env.DB.prepare(
      "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirm_token_hash, confirm_sent_at, confirm_expires_at) VALUES (?, 'pending', ?, ?, ?, ?)",
    )
      .bind(email, newToken(), await hashToken(token), new Date().toISOString(), new Date(Date.now() + 86_400_000).toISOString())
      .run();
    return token;
  }
  const welcomes = async () =>
    mailRows<{ to: string; subject: string; text: string; headers: string | null }>(
      "SELECT \"to\", subject, text, headers FROM mail_log WHERE kind = 'newsletter-welcome' ORDER BY id",
    );

  it("is on by default: one welcome per confirmation, with the unsubscribe link and headers; confirming twice welcomes once", async () => {
    const token = await pending("ada@example.com");
    expect(await confirmAndWelcome(testDb(), token, "http://localhost")).toMatchObject({ ok: true });
    expect(await confirmAndWelcome(testDb(), token, "http://localhost")).toEqual({ ok: false, reason: "used" });
    const [mail, ...more] = await welcomes();
    expect(more).toEqual([]);
    expect(mail?.to).toBe("ada@example.com");
    expect(mail?.subject).toBe("Welcome to The Examined Life");
    expect(mail?.text).toContain("Thank you for confirming your subscription to The Examined Life.");
    expect(JSON.parse(mail?.headers ?? "{}")).toMatchObject({
      "List-Unsubscribe": expect.stringMatching(/^<http:\/\/localhost\/newsletter\/unsubscribe\/.+>$/),
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const { welcome } = (await settingsLoader(get("/admin/settings"))) as { welcome: typeof WELCOME_EMAIL_DEFAULTS };
    expect(welcome).toEqual(WELCOME_EMAIL_DEFAULTS);
  });

  it("the owner edits it in Settings (audited) or switches it off; a bad form is refused (400)", async () => {
    const empty = answer(
      await settingsAction(
        post("/admin/settings", {
          version: await metaVersion(testDb(), "welcome"),
          intent: "welcome",
          enabled: "on",
          subject: " ",
          body: "Hi",
        }),
      ),
    );
    expect([empty.init?.status, empty.data.message]).toEqual([400, 'The field "Welcome subject" is required.']);

    const saved = answer(
      await settingsAction(
        post("/admin/settings", {
          version: await metaVersion(testDb(), "welcome"),
          intent: "welcome",
          enabled: "on",
          subject: "Hello from {site name}",
          body: "Glad you're here.",
        }),
      ),
    );
    expect(saved.data.ok).toBe(true);
    expect(await auditActions()).toContainEqual({ action: "update", object: "welcome e-mail" });
    await confirmAndWelcome(testDb(), await pending("ada@example.com"), "http://localhost");
    expect((await welcomes()).map((mail) => mail.subject)).toEqual(["Hello from The Examined Life"]);

    // An unticked box is not sent: off.
    expect(
      answer(
        await settingsAction(
          post("/admin/settings", { version: await metaVersion(testDb(), "welcome"), intent: "welcome", subject: "S", body: "B" }),
        ),
      ).data.ok,
    ).toBe(true);
    expect(await confirmAndWelcome(testDb(), await pending("bob@example.com"), "http://localhost")).toMatchObject({ ok: true });
    expect(await welcomes()).toHaveLength(1);
    const { welcome } = (await settingsLoader(get("/admin/settings"))) as { welcome: { enabled: boolean } };
    expect(welcome.enabled).toBe(false);
  });

  it("the site's own settings form still saves without an intent", async () => {
    const saved = answer(
      await settingsAction(
        post("/admin/settings", {
          version: await metaVersion(testDb(), "settings"),
          name: "Stoa",
          email: "hi@example.com",
          phone: "",
          address: "",
          instagram: "",
          youtube: "",
          linkedin: "",
        }),
      ),
    );
    expect(saved.data).toMatchObject({ ok: true, message: "The public pages show them now." });
  });
});

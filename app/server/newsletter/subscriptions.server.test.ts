import { createExecutionContext, env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonRequest, routeArgs, testDb } from "../../../tests/support/db";
import { subscribersCsv } from "../admin/inbox.server";
import { getDashboard } from "../admin/dashboard.server";
import { handleMailBatch, type MailQueueBody } from "../mail/mail.server";
import { emailServiceTransport } from "../mail/transports/index.server";
import {
  confirmNewsletterSubscription,
  NEWSLETTER_CONFIRM_TTL_DAYS,
  newsletterUnsubscribeLink,
  subscribeToNewsletter,
} from "./subscriptions.server";
import * as subscribeApi from "~/routes/api/newsletter.subscribe";
import * as confirmPage from "~/routes/newsletter/confirm";
import * as subscribePage from "~/routes/newsletter/subscribe";
import * as unsubscribePage from "~/routes/newsletter/unsubscribe";
import { mailRows } from "../../../tests/support/mail";
import { serverBuild } from "../../../tests/support/server-build";
import { createFetchHandler } from "../../../workers/fetch-handler";
import { serverBuildHandler } from "../../../workers/request-handler";

const ORIGIN = "http://localhost";

/** What a route handler returned: plain data, or `data(…)` with its status and headers. */
type Answer = Record<string, unknown> & { data: unknown; init: { status: number; headers: Record<string, string> } };
const DAY = 24 * 60 * 60 * 1000;

type Row = { email: string; status: string; unsubscribe_token: string; confirmed_at: string | null; unsubscribed_at: string | null };
const subscribers = async () => (await env.DB.prepare("SELECT * FROM newsletter_subscribers ORDER BY id").all<Row>()).results;
const confirmationMails = async (to?: string) =>
  (
    await mailRows<{
      to: string;
      text: string;
      headers: string | null;
    }>("SELECT * FROM mail_log WHERE kind = 'newsletter-confirmation' ORDER BY id")
  ).filter((mail) => to === undefined || mail.to === to);
/** The token of the confirmation link in a mail's text. */
const tokenIn = (text: string | undefined) => /\/newsletter\/confirm\/([A-Za-z0-9_-]{43})/.exec(text ?? "")?.[1] ?? "";

/** The confirmation page's button, as a browser posts it (same origin, a form). */
const confirmPost = (token: string, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}/newsletter/confirm/${token}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, "Sec-Fetch-Site": "same-origin", ...headers },
    body: "intent=confirm",
  });

const subscribe = (email: string) => subscribeApi.action(routeArgs(jsonRequest("/api/newsletter/subscribe", { email })));

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM mail_log").run();
});

describe("double opt-in", () => {
  it("a signup stores a pending subscriber and queues one confirmation e-mail with a single-use link", async () => {
    const response = await subscribe("Reader@Example.com");
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      message: "Thanks! Check your inbox to confirm your subscription.",
      email: "reader@example.com",
    });
    expect(await subscribers()).toMatchObject([{ email: "reader@example.com", status: "pending", confirmed_at: null }]);
    const [mail] = await confirmationMails();
    expect(mail).toMatchObject({ to: "reader@example.com", headers: null });
    expect(mail?.text).toContain(`expires in ${NEWSLETTER_CONFIRM_TTL_DAYS} days`);
    const token = tokenIn(mail?.text);
    // Only the hash is stored.
    const stored = await env.DB.prepare("SELECT * FROM newsletter_subscribers").first<Record<string, unknown>>();
    expect(JSON.stringify(stored)).not.toContain(token);

    // Opening the link asks; the page's button (a POST) confirms.
    const opened = (await confirmPage.loader(routeArgs(`/newsletter/confirm/${token}`, { token }))) as unknown as Answer;
    expect(opened.data).toEqual({ outcome: "ask" });
    expect(await subscribers()).toMatchObject([{ status: "pending" }]);
    const page = await confirmPage.action(routeArgs(confirmPost(token), { token }));
    expect(page).toEqual({ ok: true, message: "You're subscribed.", unsubscribeUrl: expect.stringMatching(/\/newsletter\/unsubscribe\//) });
    expect(await subscribers()).toMatchObject([{ status: "confirmed", confirmed_at: expect.any(String) }]);

    // Used: the same link again confirms nothing and says so.
    const again = (await confirmPage.action(routeArgs(confirmPost(token), { token }))) as unknown as Answer;
    expect(again.data).toEqual({ ok: false, message: "This link was already used", reason: "used" });
    expect(again.init.status).toBe(410);
    const reopened = (await confirmPage.loader(routeArgs(`/newsletter/confirm/${token}`, { token }))) as unknown as Answer;
    expect([reopened.data, reopened.init.status]).toEqual([{ outcome: "used" }, 410]);
  });

  it("a link is refused once expired, tampered with or unknown", async () => {
    const db = testDb();
    const sentAt = new Date("2030-01-01T00:00:00Z");
    await subscribeToNewsletter(db, { email: "late@example.com", origin: ORIGIN }, sentAt);
    const token = tokenIn((await confirmationMails())[0]?.text);
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await confirmNewsletterSubscription(db, tampered, sentAt)).toEqual({ ok: false, reason: "invalid" });
    expect(await confirmNewsletterSubscription(db, "short", sentAt)).toEqual({ ok: false, reason: "invalid" });
    const justExpired = new Date(sentAt.getTime() + NEWSLETTER_CONFIRM_TTL_DAYS * DAY);
    expect(await confirmNewsletterSubscription(db, token, justExpired)).toEqual({ ok: false, reason: "expired" });
    expect((await subscribers())[0]?.status).toBe("pending");
    const page = (await confirmPage.loader(routeArgs(`/newsletter/confirm/${tampered}`, { token: tampered }))) as unknown as Answer;
    expect(page.data).toEqual({ outcome: "invalid" });
    expect(page.init.status).toBe(404);
    // Just in time, it works.
    expect(await confirmNewsletterSubscription(db, token, new Date(justExpired.getTime() - 1))).toMatchObject({ ok: true });
  });

  it("signing up again while pending re-sends a new link (not within a minute), rate-limited per recipient", async () => {
    const db = testDb();
    const t0 = new Date("2030-01-01T10:00:00Z");
    const at = (minutes: number) => new Date(t0.getTime() + minutes * 60 * 1000);
    expect(await subscribeToNewsletter(db, { email: "again@example.com", origin: ORIGIN }, t0)).toMatchObject({ sent: true });
    // Within the minute: one mail, whatever the number of repeats.
    expect(await subscribeToNewsletter(db, { email: "again@example.com", origin: ORIGIN }, at(0.5))).toMatchObject({ sent: false });
    expect(await subscribeToNewsletter(db, { email: "again@example.com", origin: ORIGIN }, at(2))).toMatchObject({ sent: true });
    // The third attempt of the hour is the last one the recipient's limit allows (3 an hour).
    expect(await subscribeToNewsletter(db, { email: "again@example.com", origin: ORIGIN }, at(4))).toMatchObject({ sent: false });
    expect(await subscribeToNewsletter(db, { email: "again@example.com", origin: ORIGIN }, at(61))).toMatchObject({ sent: true });
    const mails = await confirmationMails("again@example.com");
    expect(mails).toHaveLength(3);
    expect((await subscribers()).length).toBe(1);
    // Only the newest link works: each re-send replaces the token.
    const [first = "", , newest = ""] = mails.map((mail) => tokenIn(mail.text));
    expect(await confirmNewsletterSubscription(db, first, at(62))).toEqual({ ok: false, reason: "invalid" });
    expect(await confirmNewsletterSubscription(db, newest, at(62))).toMatchObject({ ok: true });
  });

  it("a confirmed address signing up again gets the same answer as a new one, and no e-mail", async () => {
    const first = await subscribe("known@example.com");
    const token = tokenIn((await confirmationMails())[0]?.text);
    await confirmNewsletterSubscription(testDb(), token);
    const again = await subscribe("KNOWN@example.com");
    const fresh = await subscribe("new@example.com");
    expect(again.status).toBe(first.status);
    expect(again.status).toBe(fresh.status);
    const body = (await again.json()) as { message: string };
    expect(body.message).toBe(((await fresh.json()) as { message: string }).message);
    expect(await confirmationMails("known@example.com")).toHaveLength(1);
    expect((await subscribers())[0]?.status).toBe("confirmed");
  });

  it("concurrent signups of one new address store one row and send exactly one e-mail", async () => {
    // 8: within the per-client limit of 10 signups an hour (every test request is one client).
    const responses = await Promise.all(Array.from({ length: 8 }, () => subscribe("rush@example.com")));
    expect(responses.every((response) => response.status === 202)).toBe(true);
    expect(await subscribers()).toHaveLength(1);
    expect(await confirmationMails("rush@example.com")).toHaveLength(1);
  });

  it("the no-JavaScript form posts to /newsletter/subscribe and gets the same answer as a page", async () => {
    const request = new Request(`${ORIGIN}/newsletter/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=plain%40example.com",
    });
    const result = (await subscribePage.action(routeArgs(request))) as unknown as Answer;
    expect(result).toEqual({ ok: true, message: "Thanks! Check your inbox to confirm your subscription." });
    expect(await subscribers()).toMatchObject([{ email: "plain@example.com", status: "pending" }]);
    const bad = new Request(`${ORIGIN}/newsletter/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a%40b",
    });
    const refused = (await subscribePage.action(routeArgs(bad))) as unknown as Answer;
    expect(refused.init.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, message: "Please enter a valid email address.", values: { email: "a@b" } });
  });

  it("only confirmed subscribers count: dashboard, admin list and CSV", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at) VALUES ('yes@example.com', 'confirmed', 'a', '2030-01-01T00:00:00.000Z')",
      ),
      env.DB.prepare("INSERT INTO newsletter_subscribers (email, status, unsubscribe_token) VALUES ('wait@example.com', 'pending', 'b')"),
      env.DB.prepare(
        "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token) VALUES ('gone@example.com', 'unsubscribed', 'c')",
      ),
    ]);
    const db = testDb();
    const csv = await subscribersCsv(db);
    expect(csv).toContain("yes@example.com");
    expect(csv).not.toContain("wait@example.com");
    expect(csv).not.toContain("gone@example.com");
    const dashboard = await getDashboard(db);
    expect(dashboard.figures.subscribers).toBe(1);
    expect(dashboard.activity.filter((item) => item.kind === "subscriber").map((item) => item.text)).toEqual([
      "New newsletter subscriber: yes@example.com",
    ]);
  });
});

describe("confirming takes the page's button, never just opening the link", () => {
  async function pendingToken(email: string) {
    await subscribeToNewsletter(testDb(), { email, origin: ORIGIN });
    return tokenIn((await confirmationMails(email))[0]?.text);
  }
  const statusOf = async (email: string) =>
    (await env.DB.prepare("SELECT status FROM newsletter_subscribers WHERE email = ?").bind(email).first<{ status: string }>())?.status;

  it("GET, HEAD and prefetches (Sec-Purpose, Purpose) only show the page with its button: a mail scanner confirms nobody", async () => {
    const token = await pendingToken("scanned@example.com");
    const opens: RequestInit[] = [
      {},
      { method: "HEAD" },
      { headers: { "Sec-Purpose": "prefetch" } },
      { headers: { Purpose: "prefetch" } },
      { headers: { "Sec-Purpose": "prefetch;prerender" } },
    ];
    for (const init of opens) {
      const page = (await confirmPage.loader(
        routeArgs(new Request(`${ORIGIN}/newsletter/confirm/${token}`, init), { token }),
      )) as unknown as Answer;
      expect(page.data).toEqual({ outcome: "ask" });
      expect(page.init.status ?? 200).toBe(200);
    }
    expect(await statusOf("scanned@example.com")).toBe("pending");
  });

  it("a cross-site POST is refused (403) and confirms nothing; the same-origin button confirms", async () => {
    const token = await pendingToken("forged@example.com");
    for (const headers of <Record<string, string>[]>[
      { "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "" },
    ]) {
      const refused = (await confirmPage.action(routeArgs(confirmPost(token, headers), { token }))) as unknown as Answer;
      expect(refused.init.status).toBe(403);
    }
    expect(await statusOf("forged@example.com")).toBe("pending");
    const notAForm = new Request(`${ORIGIN}/newsletter/confirm/${token}`, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: "x",
    });
    expect(((await confirmPage.action(routeArgs(notAForm, { token }))) as unknown as Answer).init.status).toBe(415);
    const confirmed = await confirmPage.action(routeArgs(confirmPost(token), { token }));
    expect(confirmed).toMatchObject({ ok: true });
    expect(await statusOf("forged@example.com")).toBe("confirmed");
  });

  it("two presses at once: one confirms, the other is told the link was used", async () => {
    const token = await pendingToken("twice@example.com");
    const answers = (await Promise.all(
      [0, 1].map(() => confirmPage.action(routeArgs(confirmPost(token), { token }))),
    )) as unknown as Answer[];
    const outcomes = answers.map((answer) => (answer.ok === true ? "confirmed" : (answer.data as { reason: string }).reason));
    expect(outcomes.sort()).toEqual(["confirmed", "used"]);
  });
});

describe("a signup never tells whether an address is on the list", () => {
  it("new, pending, confirmed and unsubscribed addresses get the same answer, from the API and the no-JavaScript page", async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO newsletter_subscribers (email, status, unsubscribe_token) VALUES ('p@example.com', 'pending', 'tp')"),
      env.DB.prepare(
        "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at) VALUES ('c@example.com', 'confirmed', 'tc', '2030-01-01T00:00:00.000Z')",
      ),
      env.DB.prepare(
        "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, unsubscribed_at) VALUES ('u@example.com', 'unsubscribed', 'tu', '2030-01-01T00:00:00.000Z')",
      ),
    ]);
    const emails = ["n@example.com", "p@example.com", "c@example.com", "u@example.com"];
    const api = await Promise.all(
      emails.map(async (email, i) => {
        const response = await subscribeApi.action(
          routeArgs(jsonRequest("/api/newsletter/subscribe", { email }, { headers: { "CF-Connecting-IP": `203.0.113.${i + 10}` } })),
        );
        const body = (await response.json()) as { message: string; email: string };
        return { status: response.status, message: body.message, echoed: body.email === email, headers: [...response.headers].sort() };
      }),
    );
    expect(new Set(api.map((answer) => JSON.stringify(answer))).size).toBe(1);
    const pages = await Promise.all(
      emails.map(async (email, i) => {
        const request = new Request(`${ORIGIN}/newsletter/subscribe`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `203.0.113.${i + 20}` },
          body: new URLSearchParams({ email }),
        });
        return JSON.stringify(await subscribePage.action(routeArgs(request)));
      }),
    );
    expect(new Set(pages).size).toBe(1);
  });
});

describe("unsubscribing", () => {
  async function confirmedSubscriber(email = "leaving@example.com") {
    await subscribe(email);
    const token = tokenIn((await confirmationMails(email))[0]?.text);
    const confirmed = await confirmNewsletterSubscription(testDb(), token);
    if (!confirmed.ok) throw new Error("not confirmed");
    return confirmed.unsubscribeToken;
  }
  const form = (token: string, body: string, headers: Record<string, string> = {}) =>
    new Request(`${ORIGIN}/newsletter/unsubscribe/${token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body,
    });

  it("the link names the subscriber by a random token, never the address, and carries the RFC 8058 headers", async () => {
    const token = await confirmedSubscriber();
    const link = newsletterUnsubscribeLink("https://theexaminedlife.org", token);
    expect(link.url).toBe(`https://theexaminedlife.org/newsletter/unsubscribe/${token}`);
    expect(link.url).not.toContain("leaving");
    expect(link.headers).toEqual({
      "List-Unsubscribe": `<${link.url}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(() => newsletterUnsubscribeLink("http://theexaminedlife.org", token)).toThrow(/https/);
  });

  it("one-click POST (RFC 8058: no cookie, no CSRF token, cross-site) unsubscribes at once and answers 200", async () => {
    const token = await confirmedSubscriber();
    const response = (await unsubscribePage.action(
      routeArgs(form(token, "List-Unsubscribe=One-Click", { Origin: "https://mail.example.net", "Sec-Fetch-Site": "cross-site" }), {
        token,
      }),
    )) as unknown as Answer;
    expect(response).toEqual({ ok: true, message: "You're unsubscribed.", state: "unsubscribed", canUndo: true, done: "unsubscribed" });
    expect(await subscribers()).toMatchObject([{ status: "unsubscribed", unsubscribed_at: expect.any(String) }]);
    // A second one-click is still a success (idempotent).
    const again = (await unsubscribePage.action(routeArgs(form(token, "List-Unsubscribe=One-Click"), { token }))) as unknown as Answer;
    expect(again.state).toBe("unsubscribed");
  });

  it("GET shows the page with an Unsubscribe button and changes nothing (mail scanners open links)", async () => {
    const token = await confirmedSubscriber();
    const page = (await unsubscribePage.loader(routeArgs(`/newsletter/unsubscribe/${token}`, { token }))) as unknown as Answer;
    expect(page.data).toEqual({ state: "confirmed", canUndo: false });
    expect(page.init.headers["Cache-Control"]).toBe("private, no-store");
    expect(await subscribers()).toMatchObject([{ status: "confirmed" }]);
  });

  it("undo subscribes a once-confirmed address again, without a new opt-in", async () => {
    const token = await confirmedSubscriber();
    await unsubscribePage.action(routeArgs(form(token, "List-Unsubscribe=One-Click"), { token }));
    const undone = (await unsubscribePage.action(routeArgs(form(token, "intent=undo"), { token }))) as unknown as Answer;
    expect(undone).toEqual({ ok: true, message: "You're subscribed again.", state: "confirmed", canUndo: false, done: "resubscribed" });
    expect(await subscribers()).toMatchObject([{ status: "confirmed", unsubscribed_at: null }]);
    expect(await confirmationMails("leaving@example.com")).toHaveLength(1);
  });

  it("unknown or malformed tokens get a 404 page; a form without a known intent is a 400", async () => {
    const token = await confirmedSubscriber();
    for (const bad of ["nope", "A".repeat(43), "leaving@example.com"]) {
      const page = (await unsubscribePage.loader(routeArgs(`/newsletter/unsubscribe/${bad}`, { token: bad }))) as unknown as Answer;
      expect(page.init.status, bad).toBe(404);
      const post = (await unsubscribePage.action(routeArgs(form(bad, "List-Unsubscribe=One-Click"), { token: bad }))) as unknown as Answer;
      expect(post.init.status, bad).toBe(404);
    }
    const unclear = (await unsubscribePage.action(routeArgs(form(token, "something=else"), { token }))) as unknown as Answer;
    expect(unclear.init.status).toBe(400);
    expect(await subscribers()).toMatchObject([{ status: "confirmed" }]);
  });

  it("a mail that asks for them is sent with the List-Unsubscribe headers, and they are in the dev mailbox's log", async () => {
    const token = await confirmedSubscriber();
    const { url } = newsletterUnsubscribeLink(ORIGIN, token);
    const { sendEmail } = await import("../mail/mail.server");
    const queue = { send: async () => ({ metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } }) };
    const db = testDb();
    const id = await sendEmail(
      {
        to: "leaving@example.com",
        kind: "newsletter-confirmation",
        data: { confirmUrl: `${ORIGIN}/newsletter/confirm/x`, expiresInDays: 7 },
        listUnsubscribeUrl: url,
      },
      { db, queue },
    );
    const sent: EmailMessageBuilder[] = [];
    const message = { id: "m", timestamp: new Date(), body: { id }, attempts: 1, ack() {}, retry() {} } as Message<MailQueueBody>;
    await handleMailBatch(
      { queue: "mail", messages: [message], metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } }, ackAll() {}, retryAll() {} },
      {
        db,
        from: "x@example.com",
        transport: emailServiceTransport({ send: (async (mail: EmailMessageBuilder) => sent.push(mail)) as unknown as SendEmail["send"] }),
      },
    );
    expect(sent[0]?.headers).toEqual({ "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    const logged = await env.DB.prepare("SELECT headers FROM mail_log WHERE id = ?").bind(id).first<{ headers: string }>();
    expect(JSON.parse(logged?.headers ?? "null")).toEqual(sent[0]?.headers);
  });
});

describe("the confirmation link's button, through the whole Worker", () => {
  it("answers 200 'You're subscribed' for the press that confirms (not the used link's 410), and 410 for a second press", async () => {
    const fetchWorker = createFetchHandler(serverBuildHandler(async () => serverBuild(), "production", false));
    await subscribe("whole@example.com");
    const token = tokenIn((await confirmationMails("whole@example.com"))[0]?.text);
    const press = () => fetchWorker(confirmPost(token), env, createExecutionContext());

    const first = await press();
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("You&#x27;re subscribed");
    expect((await subscribers()).find((row) => row.email === "whole@example.com")?.status).toBe("confirmed");

    const second = await press();
    expect(second.status).toBe(410);
    expect(await second.text()).toContain("This link was already used");
  });
});

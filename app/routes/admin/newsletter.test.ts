/** Newsletter issues: the admin pages as React Router runs them, the send to confirmed subscribers, the queue consumer. */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie } from "../../../tests/support/admin";
import { routeArgs, testDb } from "../../../tests/support/db";
import { asRouted } from "../../../tests/support/routes";
import { handleMailBatch, type MailConsumerDeps, type MailQueueBody } from "~/server/mail/mail.server";
import { emailServiceTransport } from "~/server/mail/transports/index.server";
import { deliverNewsletterIssue, type IssueQueue, resumeIssueSending, sendIssueToSubscribers } from "~/server/newsletter/issues.server";
import { unsubscribeFromNewsletter } from "~/server/newsletter/subscriptions.server";
import * as archive from "~/routes/newsletter/archive";
import * as publicIssue from "~/routes/newsletter/issue";
import * as layout from "./layout";
import * as issuePage from "./newsletter-issue";
import * as issuesPage from "./newsletter-issues";
import * as newPage from "./newsletter-new";

const createAction = asRouted(newPage, "action", [layout]);
const issueAction = asRouted(issuePage, "action", [layout]);
const listLoader = asRouted(issuesPage, "loader", [layout]);
const issueLoader = asRouted(issuePage, "loader", [layout]);
type MailQueue = Pick<Queue<MailQueueBody>, "send">;

type Answer = { init: ResponseInit | null; data: { ok: boolean; message: string } };
const answer = (value: unknown): Answer =>
  value && typeof value === "object" && "init" in value ? (value as Answer) : { init: null, data: value as Answer["data"] };

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
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

/** A queue that keeps what it was given, and a consumer's view of it. */
function recordingQueue() {
  const sent: MailQueueBody[] = [];
  const queue = {
    send: async (body: MailQueueBody) => {
      sent.push(body);
    },
    sendBatch: async (messages: Iterable<MessageSendRequest<{ delivery: number }>>) => {
      for (const message of messages) sent.push(message.body);
    },
  };
  return { sent, queue: queue as unknown as IssueQueue & Pick<Queue<MailQueueBody>, "send"> };
}
function batchOf(bodies: MailQueueBody[]) {
  const acked: number[] = [];
  const messages = bodies.map(
    (body, i) =>
      ({ id: `m${i}`, timestamp: new Date(), body, attempts: 1, ack: () => acked.push(i), retry() {} }) as Message<MailQueueBody>,
  );
  const batch = { queue: "mail", messages, metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } }, ackAll() {}, retryAll() {} };
  return { batch: batch as MessageBatch<MailQueueBody>, acked };
}

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
      await issueAction(post(`/admin/newsletter/${id}`, { intent: "save", subject: "Renamed", body: "New" }, { id: String(id) })),
    );
    expect(saved.data).toMatchObject({ ok: true, message: "Draft saved." });
    const badTest = answer(
      await issueAction(post(`/admin/newsletter/${id}`, { intent: "test", subject: "S", body: "B", to: "nope" }, { id: String(id) })),
    );
    expect([badTest.init?.status, badTest.data.message]).toEqual([400, "Enter a valid e-mail address for the test."]);
    const unknown = answer(await issueAction(post("/admin/newsletter/999", { intent: "save", subject: "S", body: "B" }, { id: "999" })));
    expect(unknown.init?.status).toBe(404);
  });

  it("a test goes through the mail queue to the given address only, without List-Unsubscribe headers", async () => {
    await addSubscriber("reader@example.com", "confirmed");
    const id = await createIssue();
    const test = answer(
      await issueAction(
        post(`/admin/newsletter/${id}`, { intent: "test", subject: "Issue one", body: "Hi", to: "editor@example.com" }, { id: String(id) }),
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

describe("sending an issue", () => {
  it("one delivery per confirmed subscriber only; each e-mailed once even when the batch is delivered twice; sent once", async () => {
    const alice = await addSubscriber("alice@example.com", "confirmed");
    await addSubscriber("bob@example.com", "confirmed");
    await addSubscriber("pending@example.com", "pending");
    await addSubscriber("gone@example.com", "unsubscribed");
    const id = await createIssue();
    const db = testDb();
    const { sent, queue } = recordingQueue();

    expect(await sendIssueToSubscribers(db, id, "http://localhost", { queue })).toEqual({ recipients: 2, queued: 2 });
    const deliveries = (await env.DB.prepare("SELECT subscriber_id FROM newsletter_deliveries WHERE issue_id = ?").bind(id).all()).results;
    expect(deliveries).toHaveLength(2);
    await expect(sendIssueToSubscribers(db, id, "http://localhost", { queue })).rejects.toMatchObject({ status: 409 });

    // The same messages twice (a redelivered batch): one e-mail per subscriber.
    const deliveryMessages = [...sent];
    const consumer = { db, transport: emailServiceTransport({ send: async () => ({}) as never }), from: "x@example.com" };
    const deliverWith = (message: Message<{ delivery: number }>) => deliverNewsletterIssue(message, { db, queue });
    for (let round = 0; round < 2; round++) {
      const { batch, acked } = batchOf(deliveryMessages);
      await handleMailBatch(batch, { ...consumer, newsletterDelivery: deliverWith });
      expect(acked).toHaveLength(2);
    }
    const written = await mails();
    expect(written.map((mail) => mail.to).sort()).toEqual(["alice@example.com", "bob@example.com"]);
    const aliceMail = written.find((mail) => mail.to === "alice@example.com");
    const unsubscribeUrl = `http://localhost/newsletter/unsubscribe/${alice}`;
    expect(JSON.parse(aliceMail?.headers ?? "null")).toEqual({
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(aliceMail?.text).toContain(unsubscribeUrl);
    expect(aliceMail?.html).toContain(`href="${unsubscribeUrl}"`);
    expect(aliceMail?.html).toContain('href="http://localhost/articles/1"');
    expect(aliceMail?.html).not.toMatch(/<img/);

    // The mail_log messages, also delivered twice: each e-mail leaves once.
    const delivered: string[] = [];
    const email = { send: async (mail: { to: string }) => void delivered.push(mail.to) } as never;
    const mailMessages = sent.slice(deliveryMessages.length);
    for (let round = 0; round < 2; round++)
      await handleMailBatch(batchOf(mailMessages).batch, { db, transport: emailServiceTransport(email), from: "x@example.com" });
    expect(delivered.sort()).toEqual(["alice@example.com", "bob@example.com"]);

    // Counts: sent, failed, unsubscribed since (kept on the delivery row, so it outlives the address).
    await env.DB.prepare("UPDATE mail_log SET status = 'failed' WHERE \"to\" = 'bob@example.com'").run();
    await unsubscribeFromNewsletter(db, alice);
    await env.DB.prepare("DELETE FROM newsletter_subscribers WHERE email = 'alice@example.com'").run();
    const { issues } = (await listLoader(get("/admin/newsletter"))) as Awaited<ReturnType<typeof issuesPage.loader>>;
    expect(issues.find((issue) => issue.id === id)).toMatchObject({ recipients: 2, sent: 1, failed: 1, unsubscribedSince: 1 });
  });

  it("the send action answers 409 for the second send; the archive lists sent issues only", async () => {
    await addSubscriber("alice@example.com", "confirmed");
    const draft = await createIssue("A draft");
    const id = await createIssue("Sent issue", "## Hello\n\nText");
    const first = answer(await issueAction(post(`/admin/newsletter/${id}`, { intent: "send", confirm: "yes" }, { id: String(id) })));
    expect(first.data).toMatchObject({ ok: true });
    const again = answer(await issueAction(post(`/admin/newsletter/${id}`, { intent: "send", confirm: "yes" }, { id: String(id) })));
    expect(again.init?.status).toBe(409);
    expect(again.data.message).toMatch(/already sent/);
    const edit = answer(
      await issueAction(post(`/admin/newsletter/${id}`, { intent: "save", subject: "X", body: "Y" }, { id: String(id) })),
    );
    expect(edit.init?.status).toBe(409);

    const { issues } = await archive.loader();
    expect(issues.map((issue) => issue.subject)).toEqual(["Sent issue"]);
    const page = (await publicIssue.loader(routeArgs(`/newsletter/${id}`, { id: String(id) }) as never)) as { issue: { subject: string } };
    expect(page.issue.subject).toBe("Sent issue");
    const hidden = answer(await publicIssue.loader(routeArgs(`/newsletter/${draft}`, { id: String(draft) }) as never));
    expect(hidden.init?.status).toBe(404);
  });
});

describe("a send that fails part-way", () => {
  /** Runs messages through the mail consumer as the queue would: a message that asks to be retried comes again, one attempt later. */
  async function consume(bodies: MailQueueBody[], deps: Omit<MailConsumerDeps, "newsletterDelivery">, queue: IssueQueue & MailQueue) {
    let pending = bodies.map((body) => ({ body, attempts: 1 }));
    for (let round = 0; pending.length > 0 && round < 5; round++) {
      const retried: typeof pending = [];
      const messages = pending.map(
        (each, i) =>
          ({
            id: `m${round}-${i}`,
            timestamp: new Date(),
            body: each.body,
            attempts: each.attempts,
            ack() {},
            retry: () => retried.push({ body: each.body, attempts: each.attempts + 1 }),
          }) as Message<MailQueueBody>,
      );
      const batch = { queue: "mail", messages, metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } }, ackAll() {}, retryAll() {} };
      const newsletterDelivery = (message: Message<{ delivery: number }>) => deliverNewsletterIssue(message, { db: deps.db, queue });
      await handleMailBatch(batch as MessageBatch<MailQueueBody>, { ...deps, newsletterDelivery });
      pending = retried;
    }
    expect(pending, "messages still asking to be retried").toEqual([]);
  }

  it("queueing fails after one batch and one e-mail fails once: resumed, every subscriber e-mailed exactly once, counts honest", async () => {
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 110)
       INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at)
       SELECT 'reader' || i || '@example.com', 'confirmed', printf('%064x', i), '2026-01-01T00:00:00.000Z' FROM n`,
    ).run();
    const id = await createIssue();
    const db = testDb();
    const recorded = recordingQueue();
    let batches = 0;
    // The queue takes the first batch of 100 deliveries, then fails.
    const failingQueue: IssueQueue = {
      sendBatch: async (messages) => {
        if (++batches > 1) throw new Error("Queue unavailable");
        return recorded.queue.sendBatch(messages);
      },
    };
    expect(await sendIssueToSubscribers(db, id, "http://localhost", { queue: failingQueue })).toEqual({ recipients: 110, queued: 100 });
    const countsOf = async () => {
      const { issues } = (await listLoader(get("/admin/newsletter"))) as Awaited<ReturnType<typeof issuesPage.loader>>;
      return issues.find((issue) => issue.id === id);
    };
    expect(await countsOf()).toMatchObject({ recipients: 110, waiting: 110, sent: 0, failed: 0 });

    // The mail service refuses reader7's e-mail once; the queue retries it.
    const delivered: string[] = [];
    let refusedOnce = false;
    const email = {
      send: async (mail: { to: string }) => {
        if (mail.to === "reader7@example.com" && !refusedOnce) {
          refusedOnce = true;
          throw new Error("Mail service unavailable");
        }
        delivered.push(mail.to);
      },
    } as never;
    const deps = { db, transport: emailServiceTransport(email), from: "x@example.com" };
    const isDelivery = (body: MailQueueBody) => "delivery" in body;
    await consume(recorded.sent.filter(isDelivery), deps, recorded.queue);
    await consume(
      recorded.sent.filter((body) => !isDelivery(body)),
      deps,
      recorded.queue,
    );
    expect(refusedOnce).toBe(true);
    expect(await countsOf()).toMatchObject({ recipients: 110, waiting: 10, sent: 100, failed: 0 });

    // Resuming queues the 10 left; then every message ever queued is delivered once more (queues deliver at least once).
    expect(await resumeIssueSending(db, id, { queue: recorded.queue })).toEqual({ waiting: 10, queued: 10 });
    await consume(recorded.sent.filter(isDelivery), deps, recorded.queue);
    await consume(
      recorded.sent.filter((body) => !isDelivery(body)),
      deps,
      recorded.queue,
    );

    const perRecipient = new Map<string, number>();
    for (const to of delivered) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    expect(perRecipient.size).toBe(110);
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
    expect(await countsOf()).toMatchObject({ recipients: 110, waiting: 0, sent: 110, failed: 0 });
    expect((await mails()).length).toBe(110);
  });

  it("the issue page offers 'Resume sending' while deliveries wait; the action resumes a sent issue and refuses a draft", async () => {
    await addSubscriber("alice@example.com", "confirmed");
    const id = await createIssue();
    const draft = answer(await issueAction(post(`/admin/newsletter/${id}`, { intent: "resume" }, { id: String(id) })));
    expect([draft.init?.status, draft.data.message]).toEqual([409, "This issue is a draft: send it first."]);
    await sendIssueToSubscribers(testDb(), id, "http://localhost", {
      queue: {
        sendBatch: async () => {
          throw new Error("down");
        },
      },
    });
    const page = (await issueLoader(get(`/admin/newsletter/${id}`, { id: String(id) }))) as { counts: { waiting: number } };
    expect(page.counts.waiting).toBe(1);
    const resumed = answer(await issueAction(post(`/admin/newsletter/${id}`, { intent: "resume" }, { id: String(id) })));
    expect(resumed.data).toMatchObject({ ok: true, message: "Queued the 1 delivery still waiting. Nobody gets the issue twice." });
    const unknown = answer(await issueAction(post("/admin/newsletter/999", { intent: "resume" }, { id: "999" })));
    expect(unknown.init?.status).toBe(404);
  });
});

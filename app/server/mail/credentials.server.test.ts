/**
 * Issue #37 §2.1: no single-use link an e-mail carries is kept where staff or a backup can read it. Every kind of mail is
 * sent with a credential the site's own code issued, delivered by the consumer, and the links of what went out are
 * searched for in every table a backup holds (`backupTables`, as `npm run db:backup` picks them); then each link is used,
 * to show it was a working one.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backupTables } from "../../../scripts/lib/backup-tables";
import { mailLog } from "../../../db/schema";
import { buyerEmail, insertEnrollment, seedTestDb } from "../../../tests/support/db";
import { withVars } from "../../../tests/support/env";
import { mailRows } from "../../../tests/support/mail";
import { findOpenInvite, inviteAccount } from "../admin/accounts.server";
import { getOrder, resendAccessLink } from "../admin/orders.server";
import type { Database } from "../core/db.server";
import { hashToken } from "../core/session-tokens.server";
import { exportLearnerData } from "../learning/learner-data.server";
import { accessUrl, issueAccessToken, RECEIPT_LINK_TTL_MINUTES, redeemAccessToken } from "../learning/learner.server";
import { confirmNewsletterSubscription, subscribeToNewsletter } from "../newsletter/subscriptions.server";
import { sendWelcomeEmail } from "../newsletter/welcome.server";
import { saveContactMessage } from "../site/contact.server";
import { giftByManageToken, recordGift, sendGiftIfDue, sendGiftReceipt, utcDay } from "../payments/gifts.server";
import { CREDENTIAL_PLACEHOLDER, MAIL_SECRET_FIELDS } from "./credentials.server";
import {
  CREDENTIAL_GONE,
  handleMailBatch,
  MAIL_QUEUE_NAME,
  type MailDeliveryBody,
  type MailQueueBody,
  type MailKind,
  resumeDeferredMail,
  sendEmail,
} from "./mail.server";
import { reissueCredentials } from "./reissue.server";
import { repeatPurchaseByToken } from "../payments/repeat-purchases.server";
import { offerRepeatRefund } from "../payments/repeat-refund-links.server";
import migration0034 from "../../../db/migrations/0034_mail_log_credentials.sql?raw";
import type { MailTransport, SendOutcome, TransportMessage } from "./transport.server";

const ORIGIN = "https://theexaminedlife.org";
const NOW = new Date();
/** A link's token as the site issues them (32 random bytes, base64url), at the end of a URL's path. */
const LINK_TOKEN = /\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g;

/** What went on the mail queue (sendEmail's default producer is the real binding: its `send` is watched). */
let queued: MailQueueBody[] = [];
beforeEach(() => {
  queued = [];
  vi.spyOn(env.MAIL_QUEUE, "send").mockImplementation(async (body: unknown) => {
    queued.push(body as MailQueueBody);
    return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } } as never;
  });
});
afterEach(() => vi.restoreAllMocks());

/** As production: no DEV_MAILBOX, so mail_log keeps no link even locally. */
const asProduction = <T>(run: () => Promise<T>) => withVars({ DEV_MAILBOX: undefined }, run);

function fakeMessage(body: MailQueueBody) {
  const message = {
    id: crypto.randomUUID(),
    timestamp: new Date(),
    body,
    attempts: 1,
    acked: false,
    ack() {
      message.acked = true;
    },
    retry() {},
  };
  return message;
}

/** A transport that keeps what it was given and answers `answer`. */
function transport(answer: () => SendOutcome = () => ({ ok: true, providerId: "p" })) {
  const sent: TransportMessage[] = [];
  const it: MailTransport & { sent: TransportMessage[] } = {
    name: "email-service",
    maxBatch: 1,
    sent,
    async send(message) {
      sent.push(message);
      return answer();
    },
    async sendBatch(messages) {
      return Promise.all(messages.map((message) => it.send(message)));
    },
  };
  return it;
}

/** Runs the consumer on everything queued so far; returns what the transport was given. */
async function deliverQueued(db: Database, via = transport()) {
  const messages = queued.filter((body): body is MailDeliveryBody => "id" in body).map(fakeMessage);
  queued = [];
  await handleMailBatch(
    { queue: MAIL_QUEUE_NAME, messages, metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } }, ackAll() {}, retryAll() {} },
    { db, transport: via, from: "Site <site@example.com>", reissue: reissueCredentials },
  );
  return via.sent;
}

/** Every row of every table a backup exports, as one text. */
async function backupText() {
  const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>();
  const names = backupTables(tables.results.map((row) => row.name));
  const dumps = await Promise.all(
    names.map(async (name) => JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results)),
  );
  return dumps.join("\n");
}

const tokensOf = (text: string) => [...text.matchAll(LINK_TOKEN)].map((match) => match[1] as string);

const refundFacts = {
  courseTitle: "Foundations of Stoic Living",
  amountCents: 4900,
  currency: "usd",
  refundedAt: NOW.toISOString(),
  orderReference: "TEL-000001",
  contactEmail: "hello@theexaminedlife.org",
};

/**
 * Sends one mail of `kind` to `to` the way the site does, with a credential from the site's own issuer where the kind
 * carries one. The mapped type makes a new kind a type error here until it is sent too.
 */
const SENDERS: { [K in MailKind]: (db: Database, to: string) => Promise<unknown> } = {
  receipt: async (db, to) => {
    await insertEnrollment(db, { email: to, courseId: 1 });
    const token = await issueAccessToken(db, { email: to, courseId: 1, ttlMinutes: RECEIPT_LINK_TTL_MINUTES });
    const data = { ...refundFacts, paidAt: NOW.toISOString(), accessUrl: accessUrl(ORIGIN, token), learnUrl: `${ORIGIN}/learn` };
    return sendEmail({ to, kind: "receipt", data });
  },
  "access-link": async (db, to) => resendAccessLink(db, (await insertEnrollment(db, { email: to, courseId: 1 })).id, ORIGIN),
  "modules-opened": (_db, to) =>
    sendEmail({
      to,
      kind: "modules-opened",
      data: { courses: [{ title: "Stoa", modules: [{ title: "Week 2", url: `${ORIGIN}/courses/1` }] }] },
    }),
  refund: (_db, to) => sendEmail({ to, kind: "refund", data: { ...refundFacts, keepAccess: false, learnUrl: `${ORIGIN}/learn` } }),
  "partial-refund": (_db, to) =>
    sendEmail({ to, kind: "partial-refund", data: { ...refundFacts, remainingCents: 100, keepAccess: true, learnUrl: `${ORIGIN}/learn` } }),
  "duplicate-refund": async (db, to) => {
    await insertEnrollment(db, { email: to, courseId: 1 });
    const token = await issueAccessToken(db, { email: to, courseId: 1, ttlMinutes: RECEIPT_LINK_TTL_MINUTES });
    const data = { ...refundFacts, accessUrl: accessUrl(ORIGIN, token), expiresInMinutes: 60, learnUrl: `${ORIGIN}/learn` };
    return sendEmail({ to, kind: "duplicate-refund", data });
  },
  "automatic-refund": (_db, to) => sendEmail({ to, kind: "automatic-refund", data: refundFacts }),
  "owner-alert": (_db, to) =>
    sendEmail({
      to,
      kind: "owner-alert",
      data: {
        reason: "price-mismatch",
        courseTitle: "Stoa",
        buyerEmail: "b@example.com",
        amountCents: 1,
        currency: "usd",
        paymentIntentId: "pi_1",
        orderReference: null,
        ordersUrl: `${ORIGIN}/admin/orders`,
      },
    }),
  "coupon-spent": (_db, to) =>
    sendEmail({
      to,
      kind: "coupon-spent",
      data: { courseTitle: "Stoa", couponCode: "ONCE", courseUrl: `${ORIGIN}/courses/1`, contactEmail: "hello@example.com" },
    }),
  "gift-receipt": async (db, to) => {
    const order = await insertEnrollment(db, { email: `friend-${to}`, courseId: 1 });
    const gift = { recipientEmail: `friend-${to}`, recipientName: "Ann", message: "For you", sendOn: "2999-01-01" };
    const token = await recordGift(db, { ...gift, enrollmentId: order.id, buyerEmail: to });
    const input = { enrollmentId: order.id, paidAt: NOW.toISOString(), courseId: 1, amountCents: 4900, currency: "usd" };
    return sendGiftReceipt(db, { ...input, token: token as string, origin: ORIGIN });
  },
  gift: async (db, to) => {
    const order = await insertEnrollment(db, { email: to, courseId: 2 });
    const gift = { recipientEmail: to, recipientName: "Ann", message: "For you", sendOn: utcDay(NOW) };
    await recordGift(db, { ...gift, enrollmentId: order.id, buyerEmail: "giver@example.com" });
    return sendGiftIfDue(db, order.id, NOW, ORIGIN);
  },
  "newsletter-confirmation": (db, to) => subscribeToNewsletter(db, { email: to, origin: ORIGIN }),
  "newsletter-test": async (_db, to) => {
    const issue = await env.DB.prepare("INSERT INTO newsletter_issues (subject, body) VALUES ('Spring', 'Hello') RETURNING id").first<{
      id: number;
    }>();
    return sendEmail({ to, kind: "newsletter-test", data: { issueId: issue?.id ?? 0, origin: ORIGIN } });
  },
  "newsletter-welcome": (db, to) => sendWelcomeEmail(db, { email: to, unsubscribeToken: "u".repeat(43), origin: ORIGIN }),
  "admin-invite": (db, to) => inviteAccount(db, { email: to, invitedBy: "owner", origin: ORIGIN, siteName: "Site" }),
  "operator-alert": (_db, to) =>
    sendEmail({ to, kind: "operator-alert", data: { kind: "cron", count: 1, since: NOW.toISOString(), details: "x" } }),
  // To the site's contact e-mail (not `to`), from a message through the contact form.
  "owner-notice": (db) => saveContactMessage(db, { name: "Ann", email: "ann@example.com", subject: "general", message: "Hello" }, ORIGIN),
};

/** Whether `token` (from a mail of `kind`) still does what its link does, used once here. */
async function works(db: Database, kind: MailKind, token: string) {
  switch (kind) {
    case "gift-receipt":
      return (await giftByManageToken(db, token)) !== null;
    case "admin-invite":
      return (await findOpenInvite(db, token)) !== null;
    case "newsletter-confirmation":
      return (await confirmNewsletterSubscription(db, token)).ok;
    default:
      return (await redeemAccessToken(db, token)).ok;
  }
}

describe("credentials in e-mails (issue #37)", () => {
  it("every kind of mail is delivered with its links, and no table a backup holds keeps one of them", async () => {
    const db = await seedTestDb();
    const sent = await asProduction(async () => {
      const byKind = new Map<MailKind, TransportMessage>();
      for (const kind of Object.keys(SENDERS) as MailKind[]) {
        await SENDERS[kind](db, `${kind}@example.com`);
        // What went out, each by its mail_log row's kind (a sale also sends the owner's notice).
        for (const message of await deliverQueued(db)) {
          const row = await db
            .select({ kind: mailLog.kind })
            .from(mailLog)
            .where(eq(mailLog.id, Number(message.tags?.mail)))
            .get();
          byKind.set(row?.kind as MailKind, message);
        }
        expect(byKind.has(kind), kind).toBe(true);
      }
      return byKind;
    });
    expect([...sent.keys()]).toHaveLength(17);

    // The unsubscribe link is not a credential (docs/security.md): its token is the subscriber row's, kept as is.
    const unsubscribe = "u".repeat(43);
    const backup = await backupText();
    const found: { kind: MailKind; token: string }[] = [];
    for (const [kind, message] of sent) {
      const tokens = [...new Set([...tokensOf(message.text), ...tokensOf(message.html ?? "")])].filter((token) => token !== unsubscribe);
      // A kind that declares a credential did carry one (else this test would prove nothing of it), and no other did.
      expect(tokens.length > 0, kind).toBe(MAIL_SECRET_FIELDS[kind].length > 0);
      for (const token of tokens) {
        expect(backup.includes(token), `${kind}'s link ${token} is in the backup`).toBe(false);
        found.push({ kind, token });
      }
    }
    expect(found.map(({ kind }) => kind).sort()).toEqual(
      ["access-link", "admin-invite", "duplicate-refund", "gift", "gift-receipt", "newsletter-confirmation", "receipt"].sort(),
    );
    // Each of them was a live credential.
    for (const { kind, token } of found) expect(await works(db, kind, token), kind).toBe(true);
  });

  it("the owner's order page and the data download show where the link was, never the link, even from the local dev mailbox's rows", async () => {
    const db = await seedTestDb();
    const email = buyerEmail();
    const order = await insertEnrollment(db, { email, courseId: 1 });
    await resendAccessLink(db, order.id, ORIGIN);
    const [devCopy] = await mailRows<{ text: string }>('SELECT text FROM mail_log WHERE "to" = ?', email);
    const [token] = tokensOf(devCopy?.text ?? "");
    expect(token).toBeDefined();

    const page = await getOrder(db, order.id);
    const text = page?.emails[0]?.text ?? "";
    expect(text).toContain(CREDENTIAL_PLACEHOLDER);
    expect(text).not.toContain(token);
    expect(tokensOf(text)).toEqual([]);
    expect(JSON.stringify(page)).not.toContain(token);
    // Nor does the learner's own data download (whoever holds a session reads it).
    const exported = await exportLearnerData(db, email);
    expect(exported.emails[0]?.text).toContain(CREDENTIAL_PLACEHOLDER);
    expect(JSON.stringify(exported)).not.toContain(token);
  });

  it("re-sending issues a new link; the old one still works once, and only once", async () => {
    const db = await seedTestDb();
    const email = buyerEmail();
    const order = await insertEnrollment(db, { email, courseId: 1 });
    await asProduction(async () => {
      await resendAccessLink(db, order.id, ORIGIN);
      const [first] = await deliverQueued(db);
      await resendAccessLink(db, order.id, ORIGIN);
      const [second] = await deliverQueued(db);
      const [oldToken] = tokensOf(first?.text ?? "");
      const [newToken] = tokensOf(second?.text ?? "");
      expect(oldToken && newToken && oldToken !== newToken).toBe(true);
      expect((await redeemAccessToken(db, oldToken as string)).ok).toBe(true);
      expect((await redeemAccessToken(db, oldToken as string)).ok).toBe(false);
      expect((await redeemAccessToken(db, newToken as string)).ok).toBe(true);
    });
  });

  it("a mail the cron queues again (a quota) gets a fresh link, and mail_log keeps only the new link's hash", async () => {
    const db = await seedTestDb();
    const email = buyerEmail();
    const order = await insertEnrollment(db, { email, courseId: 1 });
    await asProduction(async () => {
      await resendAccessLink(db, order.id, ORIGIN);
      const quota = transport(() => ({
        ok: false,
        failure: { class: "deferred", code: "quota", message: "Daily quota", retryAfterSeconds: 60 },
      }));
      const [held] = await deliverQueued(db, quota);
      const [firstToken] = tokensOf(held?.text ?? "");
      const [row] = await db.select().from(mailLog).where(eq(mailLog.to, email));
      expect(row?.status).toBe("deferred");

      const cron = {
        sendBatch: async (messages: Iterable<MessageSendRequest<MailQueueBody>>) => void queued.push(...[...messages].map((m) => m.body)),
      };
      expect(await resumeDeferredMail(db, cron as never, new Date(Date.now() + 120_000))).toMatchObject({ queued: 1 });
      expect(queued).toEqual([{ id: row?.id }]);
      const [sent] = await deliverQueued(db);
      const [freshToken] = tokensOf(sent?.text ?? "");
      expect(freshToken && freshToken !== firstToken).toBe(true);
      const after = await db.select().from(mailLog).where(eq(mailLog.to, email)).get();
      expect(after?.status).toBe("sent");
      expect(after?.credentials).toEqual({
        accessUrl: { url: `${ORIGIN}/learn/access/`, tokenHash: await hashToken(freshToken as string) },
      });
      expect((await redeemAccessToken(db, freshToken as string)).ok).toBe(true);
    });
  });

  it("an invitation withdrawn while its mail waited is not sent again: the mail fails and says why", async () => {
    const db = await seedTestDb();
    await asProduction(async () => {
      await inviteAccount(db, { email: "late@example.com", invitedBy: "owner", origin: ORIGIN, siteName: "Site" });
      const [row] = await db.select().from(mailLog).where(eq(mailLog.to, "late@example.com"));
      queued = [{ id: row?.id as number }];
      await env.DB.prepare("UPDATE admin_invites SET used_at = ? WHERE email = 'late@example.com'").bind(NOW.toISOString()).run();
      expect(await deliverQueued(db)).toEqual([]);
      const after = await db.select().from(mailLog).where(eq(mailLog.to, "late@example.com")).get();
      expect(after).toMatchObject({ status: "failed", lastError: CREDENTIAL_GONE });
    });
  });

  it("migration 0034 takes the links out of the rows written before, and leaves the rest of their data", async () => {
    const legacy = [
      ["receipt", { courseTitle: "Stoa", accessUrl: `${ORIGIN}/learn/access/${"a".repeat(43)}`, learnUrl: `${ORIGIN}/learn` }],
      ["gift-receipt", { courseTitle: "Stoa", manageUrl: `${ORIGIN}/gifts/${"b".repeat(43)}` }],
      ["admin-invite", { invitedBy: "owner", inviteUrl: `${ORIGIN}/admin/invite/${"c".repeat(43)}`, expiresInDays: 7 }],
      ["newsletter-confirmation", { confirmUrl: `${ORIGIN}/newsletter/confirm/${"d".repeat(43)}`, expiresInDays: 7 }],
      ["refund", { courseTitle: "Stoa", learnUrl: `${ORIGIN}/learn` }],
    ] as const;
    for (const [kind, data] of legacy)
      await env.DB.prepare(`INSERT INTO mail_log ("to", subject, kind, data, status) VALUES ('old@example.com', 's', ?, ?, 'sent')`)
        .bind(kind, JSON.stringify(data))
        .run();
    // The file's statements after its ALTER TABLE (already applied to this database), as D1 runs them.
    const statements = migration0034.split("--> statement-breakpoint").slice(1);
    for (const statement of statements) await env.DB.prepare(statement.replace(/^\s*--.*$/gm, "").trim()).run();
    const rows = await env.DB.prepare("SELECT kind, data FROM mail_log WHERE \"to\" = 'old@example.com' ORDER BY id").all<{
      kind: string;
      data: string;
    }>();
    const after = Object.fromEntries(rows.results.map((row) => [row.kind, JSON.parse(row.data)]));
    expect(after).toEqual({
      receipt: { courseTitle: "Stoa", learnUrl: `${ORIGIN}/learn` },
      "gift-receipt": { courseTitle: "Stoa" },
      "admin-invite": { invitedBy: "owner", expiresInDays: 7 },
      "newsletter-confirmation": { expiresInDays: 7 },
      refund: { courseTitle: "Stoa", learnUrl: `${ORIGIN}/learn` },
    });
  });
  it("a repeat purchase's receipt keeps its refund link out of mail_log; deferred, it gets a fresh one, and a plain receipt needs none", async () => {
    const db = await seedTestDb();
    const email = buyerEmail();
    await insertEnrollment(db, { email, courseId: 1 });
    const repeat = await insertEnrollment(db, { email, courseId: 1 });
    const refundUrl = await offerRepeatRefund(db, { enrollmentId: repeat.id, email, courseId: 1, origin: ORIGIN });
    expect(refundUrl).toMatch(/\/orders\/refund\//);
    const [oldRefundToken] = tokensOf(refundUrl ?? "");
    const receipt = async (to: string, extra: Record<string, unknown>) => {
      const token = await issueAccessToken(db, { email: to, courseId: 1, ttlMinutes: RECEIPT_LINK_TTL_MINUTES });
      const data = { ...refundFacts, paidAt: NOW.toISOString(), accessUrl: accessUrl(ORIGIN, token), learnUrl: `${ORIGIN}/learn` };
      await sendEmail({ to, kind: "receipt", data: { ...data, ...extra } });
    };
    const plain = buyerEmail();
    await insertEnrollment(db, { email: plain, courseId: 1 });
    await asProduction(async () => {
      await receipt(email, { repeatRefundUrl: refundUrl, repeatRefundDays: 14 });
      await receipt(plain, {});
      const row = await db.select().from(mailLog).where(eq(mailLog.to, email)).get();
      expect(JSON.stringify(row?.data)).not.toContain(oldRefundToken);
      expect(row?.credentials?.repeatRefundUrl?.url).toBe(`${ORIGIN}/orders/refund/`);
      // Both held by a quota, then queued again by the cron.
      const quota = transport(() => ({
        ok: false,
        failure: { class: "deferred", code: "quota", message: "Daily quota", retryAfterSeconds: 60 },
      }));
      await deliverQueued(db, quota);
      const cron = {
        sendBatch: async (messages: Iterable<MessageSendRequest<MailQueueBody>>) => void queued.push(...[...messages].map((m) => m.body)),
      };
      expect(await resumeDeferredMail(db, cron as never, new Date(Date.now() + 120_000))).toMatchObject({ queued: 2 });
      const sent = await deliverQueued(db);
      expect(sent).toHaveLength(2);
      const repeatText = sent.find((message) => message.text.includes("/orders/refund/"))?.text ?? "";
      const [freshRefundToken] = tokensOf(repeatText.slice(repeatText.indexOf("/orders/refund/") - 1));
      expect(freshRefundToken && freshRefundToken !== oldRefundToken).toBe(true);
      expect(await repeatPurchaseByToken(db, freshRefundToken)).not.toBeNull();
      expect(await repeatPurchaseByToken(db, oldRefundToken)).toBeNull();
      for (const to of [email, plain]) expect((await db.select().from(mailLog).where(eq(mailLog.to, to)).get())?.status, to).toBe("sent");
    });
  });
});

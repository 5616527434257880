/**
 * What the mail log costs in D1 (issue #26): 1,000 transactional mails written through `sendEmail`, then the table's
 * size read back. The log keeps the template's input (`data`), never the body, so a row stays small. The figures
 * are in docs/operations.md ("Mail queue limits" and storage).
 */
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testDb } from "../../../tests/support/db";
import { mailLog } from "../../../db/schema";
import { type OutgoingMail, renderLoggedMail, sendEmail } from "./mail.server";

const ORIGIN = "https://theexaminedlife.org";
/** An access token as the site issues them: 32 random bytes, base64url (43 characters). */
const token = (i: number) => btoa(String(i).padStart(32, "x")).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_").slice(0, 43);

/** A day's mix: mostly receipts and access links, some refunds and confirmations. */
function mailNumber(i: number): OutgoingMail {
  const to = `reader${i}@example.com`;
  switch (i % 4) {
    case 0:
      return {
        to,
        kind: "receipt",
        data: {
          courseTitle: "Stoicism for Everyday Life",
          amountCents: 4900,
          currency: "usd",
          paidAt: new Date(Date.UTC(2026, 4, 1, 10, 0, i % 60)).toISOString(),
          orderReference: `EL-${String(i).padStart(6, "0")}`,
          accessUrl: `${ORIGIN}/learn/access/${token(i)}`,
          learnUrl: `${ORIGIN}/learn`,
          contactEmail: "hello@theexaminedlife.org",
        },
      };
    case 1:
      return {
        to,
        kind: "access-link",
        data: { accessUrl: `${ORIGIN}/learn/access/${token(i)}`, courses: ["Stoicism for Everyday Life"], expiresInMinutes: 60 },
      };
    case 2:
      return { to, kind: "newsletter-confirmation", data: { confirmUrl: `${ORIGIN}/newsletter/confirm/${token(i)}`, expiresInDays: 7 } };
    default:
      return {
        to,
        kind: "refund",
        data: {
          courseTitle: "Stoicism for Everyday Life",
          amountCents: 4900,
          currency: "usd",
          refundedAt: new Date(Date.UTC(2026, 4, 2, 10, 0, i % 60)).toISOString(),
          orderReference: `EL-${String(i).padStart(6, "0")}`,
          keepAccess: false,
          learnUrl: `${ORIGIN}/learn`,
          contactEmail: "hello@theexaminedlife.org",
        },
      };
  }
}

const ROWS = 1000;

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM mail_log").run();
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await env.DB.prepare("DELETE FROM mail_log").run();
});

describe("mail_log bytes per row", () => {
  it("1,000 transactional mails: no body is stored; the data each is rendered from is about 220 bytes a row", async () => {
    const db = testDb();
    const queue = { send: async () => ({ metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } }) };
    for (let i = 0; i < ROWS; i++) await sendEmail(mailNumber(i), { db, queue });

    const sizes = await env.DB.prepare(
      `SELECT count(*) AS rows,
              sum(length(data)) AS data,
              sum(length(subject)) AS subject,
              sum(length(coalesce(headers, ''))) AS headers,
              sum(length(id) + length("to") + length(subject) + length(kind) + length(coalesce(data, '')) + length(coalesce(headers, ''))
                + length(coalesce(transport, '')) + length(status) + length(attempts) + length(coalesce(last_error, ''))
                + length(coalesce(provider_id, '')) + length(coalesce(deferred_until, '')) + length(created_at)
                + length(coalesce(sent_at, ''))) AS total,
              max(length(data)) AS largestData
       FROM mail_log`,
    ).first<{ rows: number; data: number; subject: number; headers: number; total: number; largestData: number }>();
    expect(sizes?.rows).toBe(ROWS);
    const perRow = {
      data: Math.round((sizes?.data ?? 0) / ROWS),
      subject: Math.round((sizes?.subject ?? 0) / ROWS),
      total: Math.round((sizes?.total ?? 0) / ROWS),
      largestData: sizes?.largestData ?? 0,
    };
    // The pages D1 (SQLite) uses for the table and its indexes, where the local runtime lets dbstat be read.
    let pages: number | null = null;
    try {
      const stat = await env.DB.prepare("SELECT sum(pgsize) AS bytes FROM dbstat WHERE name LIKE 'mail_log%'").first<{ bytes: number }>();
      pages = stat?.bytes ?? null;
    } catch {
      pages = null;
    }
    // What the same rows held before bodies stopped being stored: the rendered text and HTML (one of each kind).
    const sample = await db.select({ kind: mailLog.kind, data: mailLog.data }).from(mailLog).orderBy(mailLog.id).limit(4);
    const bodies = await Promise.all(sample.map(async (row) => (await renderLoggedMail(db, row)) ?? { text: "", html: "" }));
    const bodyPerRow = Math.round(bodies.reduce((sum, body) => sum + body.text.length + body.html.length, 0) / bodies.length);
    expect(bodyPerRow).toBeGreaterThan(1000);
    console.info("mail_log per row (bytes)", {
      ...perRow,
      bodyBefore: bodyPerRow,
      pagesPerRow: pages === null ? "dbstat unavailable" : Math.round(pages / ROWS),
    });

    // The body is gone: what stands for it (the template's input) is a few facts and a link.
    const columns = Object.keys((await env.DB.prepare("SELECT * FROM mail_log LIMIT 1").first()) ?? {});
    expect(columns).not.toContain("text");
    expect(columns).not.toContain("html");
    // Measured: 220 bytes of data a row on average (a receipt, the largest, 334: its access link alone is ~80), 0 of
    // body. The old log stored 2–27 KB of text and HTML a row. Bounds with a little room, so a body creeping back fails.
    expect(perRow.data).toBeLessThan(250);
    expect(perRow.largestData).toBeLessThan(400);
    // Every column of a row, metadata included (measured: 322).
    expect(perRow.total).toBeLessThan(400);
    if (pages !== null) expect(pages / ROWS).toBeLessThan(1000);
  });
});

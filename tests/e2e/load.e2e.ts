/**
 * A short load run inside the browser suite (the long one is `npm run load`): concurrent newsletter
 * signups against the served build, then the stored rows and the queued confirmation e-mails read back
 * from the server's D1 (signups are pending until confirmed, so the admin's CSV of confirmed subscribers
 * does not list them). Every accepted signup must be there exactly once with exactly one confirmation
 * e-mail, nothing else, and no request may fail.
 */
import { describe, expect, it } from "vitest";
import { checkSignups, signups } from "../../scripts/load/signups";
import { baseURL } from "./browser";
import { selectColumn } from "./server-db";

/** Stored subscriber addresses starting with `prefix` (pending ones included). */
function storedEmails(prefix: string) {
  return selectColumn(`SELECT email AS value FROM newsletter_subscribers WHERE email LIKE '${prefix}%'`);
}

/** Recipients of the confirmation e-mails queued for addresses starting with `prefix`, one entry per e-mail. */
function confirmationMails(prefix: string) {
  return selectColumn(`SELECT "to" AS value FROM mail_log WHERE kind = 'newsletter-confirmation' AND "to" LIKE '${prefix}%'`);
}

// This run measures consistency, not the abuse limits: every request is the one local client, and the file's
// 350 signups fit in the test server's newsletter limit (global-setup.ts) from the file's cleared counters.

describe("signups under concurrency (short run)", () => {
  it("300 unique signups over 25 connections: each accepted one stored exactly once, with one confirmation e-mail", async () => {
    const prefix = "e2e-load-unique-";
    let next = 0;
    const run = await signups(baseURL, "300 unique signups", () => `${prefix}${next++}@example.com`, { amount: 300, connections: 25 });
    const verdict = checkSignups(run, storedEmails(prefix), confirmationMails(prefix), { allow429: false });
    expect(verdict.problems).toEqual([]);
    expect(verdict).toMatchObject({ requests: 300, ok2xx: 300, rowsFound: 300, lost: 0, extra: 0, errors: 0 });
  });

  it("one address 50 times at once: one row, one confirmation e-mail", async () => {
    const email = "e2e-load-same@example.com";
    const run = await signups(baseURL, "one address × 50", () => email, { amount: 50, connections: 50 });
    const verdict = checkSignups(run, storedEmails(email), confirmationMails(email), { allow429: false, expectOneRow: true });
    expect(verdict.problems).toEqual([]);
    expect(verdict.requests).toBe(50);
  });
});

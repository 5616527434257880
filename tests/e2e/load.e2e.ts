/**
 * A short load run inside the browser suite (the long one is `npm run load`): concurrent newsletter
 * signups against the served build, then the stored rows read back through the admin's CSV export.
 * Every accepted signup must be there exactly once, nothing else, and no request may fail.
 */
import { request, type APIRequestContext } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkSignups, signups } from "../../scripts/load/signups";
import { baseURL, e2eAdmin } from "./browser";
import { clearAbuseCounters } from "./server-db";

let admin: APIRequestContext;
beforeAll(async () => {
  admin = await request.newContext({ baseURL });
  const signedIn = await admin.post("/login", { form: { username: e2eAdmin.username, password: e2eAdmin.password } });
  expect(signedIn.ok()).toBe(true);
});
afterAll(async () => {
  await admin?.dispose();
});

/** Stored subscriber addresses starting with `prefix`, from /admin/subscribers.csv. */
async function storedEmails(prefix: string) {
  const csv = await (await admin.get("/admin/subscribers.csv")).text();
  return csv
    .split("\r\n")
    .map((line) => line.split(",")[0])
    .filter((email) => email.startsWith(prefix));
}

// This run measures consistency, not the abuse limits: every request is the one local client, so each
// test starts from cleared counters, within the test server's newsletter limit (global-setup.ts).
beforeEach(() => clearAbuseCounters());

describe("signups under concurrency (short run)", () => {
  it("300 unique signups over 25 connections: each accepted one stored exactly once", async () => {
    const prefix = `e2e-load-${Date.now().toString(36)}-`;
    let next = 0;
    const run = await signups(baseURL, "300 unique signups", () => `${prefix}${next++}@example.com`, { amount: 300, connections: 25 });
    const verdict = checkSignups(run, await storedEmails(prefix), { allow429: false });
    expect(verdict.problems).toEqual([]);
    expect(verdict).toMatchObject({ requests: 300, ok2xx: 300, rowsFound: 300, lost: 0, extra: 0, errors: 0 });
  });

  it("one address 50 times at once: one row, one 'created'", async () => {
    const email = `e2e-load-same-${Date.now().toString(36)}@example.com`;
    const run = await signups(baseURL, "one address × 50", () => email, { amount: 50, connections: 50 });
    const verdict = checkSignups(run, await storedEmails(email), { allow429: false, expectOneRow: true });
    expect(verdict.problems).toEqual([]);
    expect(verdict.requests).toBe(50);
  });
});

/** Admin accounts in D1: the first owner from the secrets, editors' invitations (the whole token lifecycle), removal. */
import { env } from "cloudflare:test";
import { assert, describe, expect, it } from "vitest";
import { adminAccounts } from "../../../db/schema";
import { editorCookie, hashedCredentials } from "../../../tests/support/admin";
import { testDb } from "../../../tests/support/db";
import { INVITE_GONE } from "~/lib/admin-accounts";
import {
  INVITE_TTL_DAYS,
  acceptInvite,
  findOpenInvite,
  inviteAccount,
  listAdminAccounts,
  removeAccount,
  withdrawInvite,
} from "./accounts.server";
import { attemptLogin, getAdminSession } from "./auth.server";
import { HttpError } from "../core/http.server";
import { verifyPassword } from "./password.server";
import { SESSION_COOKIE } from "../core/request.server";
import { mailRows } from "../../../tests/support/mail";

const db = testDb();
const OWNER = "admin";
const PASSWORD = "the owner's long passphrase";
const NEW_PASSWORD = "a brand new editor passphrase";
/** The first owner as the Worker's vars configure it. */
const firstOwner = () => hashedCredentials(OWNER, PASSWORD);

const queue = { send: async () => ({ metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } }) };
const invite = (email: string, now = new Date()) =>
  inviteAccount(db, { email, invitedBy: OWNER, origin: "http://localhost", siteName: "The Examined Life" }, now, { db, queue });
const tokenOf = (url: string) => url.split("/").pop() ?? "";
const withCookie = (token: string) => new Request("http://localhost/admin", { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
const rows = (sql: string) =>
  env.DB.prepare(sql)
    .all()
    .then((result) => result.results);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof HttpError ? [error.status, error.message] : error),
  );

describe("the first owner", () => {
  it("comes from the secrets: the first sign-in writes the owner account with the secret's PBKDF2 hash", async () => {
    expect(await rows("SELECT * FROM admin_accounts")).toEqual([]);
    const result = await attemptLogin(db, { username: OWNER, password: PASSWORD, ip: "192.0.2.1" }, await firstOwner());
    expect(result.ok).toBe(true);
    expect(await rows("SELECT username, role, password_hash FROM admin_accounts")).toEqual([
      { username: OWNER, role: "owner", password_hash: (await firstOwner()).passwordHash },
    ]);
    if (!result.ok) return;
    expect(await getAdminSession(db, withCookie(result.token))).toMatchObject({ username: OWNER, role: "owner" });
  });

  it("once an owner account exists, another secret username no longer signs in (the accounts in D1 decide)", async () => {
    await db.insert(adminAccounts).values({ username: "someone", passwordHash: (await firstOwner()).passwordHash, role: "owner" });
    const result = await attemptLogin(db, { username: OWNER, password: PASSWORD, ip: "192.0.2.2" }, await firstOwner());
    expect(result).toEqual({ ok: false, reason: "invalid" });
    expect(await rows("SELECT username FROM admin_accounts ORDER BY username")).toEqual([{ username: "someone" }]);
  });
});

describe("inviting an editor", () => {
  it("stores only the token's hash, queues the e-mail with the link, and lists the open invitation", async () => {
    const url = await invite("new.editor@example.com");
    expect(url).toMatch(/^http:\/\/localhost\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
    const [stored] = await rows("SELECT token_hash, email, invited_by, used_at FROM admin_invites");
    expect(stored).toMatchObject({ email: "new.editor@example.com", invited_by: OWNER, used_at: null });
    expect(stored?.token_hash).not.toContain(tokenOf(url));
    const [mail] = await mailRows<Record<string, unknown>>('SELECT "to", kind, subject, text FROM mail_log');
    expect(mail).toMatchObject({
      to: "new.editor@example.com",
      kind: "admin-invite",
      subject: "You are invited to edit The Examined Life",
    });
    expect(String(mail?.text)).toContain(url);
    expect((await listAdminAccounts(db)).invites.map((each) => each.email)).toEqual(["new.editor@example.com"]);
  });

  it("accepting sets the password (PBKDF2) and signs the editor in; the link then no longer works (410)", async () => {
    const token = tokenOf(await invite("ed@example.com"));
    expect(await findOpenInvite(db, token)).toEqual({ email: "ed@example.com" });
    const session = await acceptInvite(db, token, NEW_PASSWORD);
    expect(await getAdminSession(db, withCookie(session.token))).toMatchObject({ username: "ed@example.com", role: "editor" });
    const [account] = await rows("SELECT role, password_hash FROM admin_accounts WHERE username = 'ed@example.com'");
    expect(account?.role).toBe("editor");
    expect(String(account?.password_hash)).toMatch(/^pbkdf2_sha256\$100000\$/);
    expect(await verifyPassword(NEW_PASSWORD, String(account?.password_hash))).toBe(true);
    // Reused:
    expect(await findOpenInvite(db, token)).toBeNull();
    expect(await failure(acceptInvite(db, token, NEW_PASSWORD))).toEqual([410, INVITE_GONE]);
    // The editor signs in with the e-mail and the password.
    expect((await attemptLogin(db, { username: "ed@example.com", password: NEW_PASSWORD, ip: "192.0.2.3" }, null)).ok).toBe(true);
  });

  it(`refuses an expired link (after ${INVITE_TTL_DAYS} days), a tampered one, a malformed one and a withdrawn one`, async () => {
    const sent = new Date("2026-01-01T00:00:00Z");
    const token = tokenOf(await invite("late@example.com", sent));
    const later = new Date(sent.getTime() + INVITE_TTL_DAYS * 24 * 60 * 60 * 1000 + 1);
    expect(await findOpenInvite(db, token, later)).toBeNull();
    expect(await failure(acceptInvite(db, token, NEW_PASSWORD, later))).toEqual([410, INVITE_GONE]);

    const fresh = tokenOf(await invite("tamper@example.com"));
    const tampered = `${fresh.slice(0, -1)}${fresh.endsWith("A") ? "B" : "A"}`;
    expect(await failure(acceptInvite(db, tampered, NEW_PASSWORD))).toEqual([410, INVITE_GONE]);
    expect(await failure(acceptInvite(db, "not a token", NEW_PASSWORD))).toEqual([410, INVITE_GONE]);

    const pending = (await listAdminAccounts(db)).invites.find((each) => each.email === "tamper@example.com");
    assert(pending, "the open invitation");
    const { id } = pending;
    await withdrawInvite(db, id);
    expect(await failure(acceptInvite(db, fresh, NEW_PASSWORD))).toEqual([410, INVITE_GONE]);
    expect(await failure(withdrawInvite(db, id))).toEqual([404, "There is no such open invitation."]);
    expect(await rows("SELECT username FROM admin_accounts")).toEqual([]);
  });

  it("a newer invitation to the same address withdraws the older link; an address with an account gets 409", async () => {
    const older = tokenOf(await invite("twice@example.com"));
    const newer = tokenOf(await invite("twice@example.com"));
    expect(await findOpenInvite(db, older)).toBeNull();
    expect(await findOpenInvite(db, newer)).toEqual({ email: "twice@example.com" });
    await editorCookie(db, "taken@example.com");
    expect(await failure(invite("taken@example.com"))).toEqual([409, "taken@example.com already has an account."]);
  });
});

describe("removing an editor", () => {
  it("deletes the account and ends its sessions at once; the owner cannot be removed (409), an unknown id is 404", async () => {
    const cookie = await editorCookie(db, "gone@example.com");
    const request = new Request("http://localhost/admin", { headers: { Cookie: cookie } });
    expect(await getAdminSession(db, request)).toMatchObject({ role: "editor" });
    const [gone] = await rows("SELECT id FROM admin_accounts WHERE username = 'gone@example.com'");
    assert(gone, "the editor's account");
    expect(await removeAccount(db, Number(gone.id))).toBe("gone@example.com");
    expect(await getAdminSession(db, request)).toBeNull();
    expect(await rows("SELECT id FROM admin_sessions WHERE username = 'gone@example.com'")).toEqual([]);

    await attemptLogin(db, { username: OWNER, password: PASSWORD, ip: "192.0.2.4" }, await firstOwner());
    const [owner] = await rows("SELECT id FROM admin_accounts WHERE role = 'owner'");
    assert(owner, "the owner's account");
    expect(await failure(removeAccount(db, Number(owner.id)))).toEqual([
      409,
      "An owner's account cannot be removed: change its role first.",
    ]);
    expect(await failure(removeAccount(db, 9999))).toEqual([404, "There is no such account."]);
  });
});

import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { adminAccounts, adminSessions, contactMessages, loginAttempts } from "../../../db/schema";
import { hashedCredentials } from "../../../tests/support/admin";
import { countingD1 } from "../../../tests/support/counting-d1";
import { createDatabase, getDb } from "~/server/core/db.server";
import { HttpError } from "../core/http.server";
import {
  adminConfigProblem,
  LOGIN_WINDOW_MINUTES,
  MAX_FAILED_LOGINS,
  SESSION_TTL_SECONDS,
  attemptLogin,
  clearedSessionCookie,
  endAdminSession,
  getAdminSession,
  getAdminSessionWith,
  sessionCookie,
} from "./auth.server";
import { adminFrameContext, adminSessionContext, routeAccess } from "./guard.server";
import { PBKDF2_ITERATIONS, verifyPassword } from "./password.server";
import { SESSION_COOKIE, isCrossSiteRequest } from "../core/request.server";

const db = createDatabase(env.DB);
const USERNAME = "editor";
const PASSWORD = "a long and unguessable passphrase";
const IP = "203.0.113.7";
let credentials: { username: string; passwordHash: string };

beforeAll(async () => {
  credentials = await hashedCredentials(USERNAME, PASSWORD);
});

const login = (overrides: Partial<{ username: string; password: string; ip: string }> = {}, now?: Date) =>
  attemptLogin(db, { username: USERNAME, password: PASSWORD, ip: IP, ...overrides }, credentials, now);

const attemptRows = (ip = IP) => db.select().from(loginAttempts).where(eq(loginAttempts.ip, ip));

const sha256Hex = async (text: string) =>
  Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");

function requestWith(token: string | null, url = "https://example.org/admin", headers: Record<string, string> = {}) {
  const all = new Headers(headers);
  if (token !== null) all.set("Cookie", `theme=dark; ${SESSION_COOKIE}=${token}; other=1`);
  return new Request(url, { headers: all });
}

const newTokenLike = () => "b".repeat(43);

async function loggedIn(now?: Date) {
  const result = await login({}, now);
  if (!result.ok) throw new Error(`login failed: ${result.reason}`);
  return result;
}

describe("the local account of .dev.vars.example (README: admin / examined-life-local)", () => {
  const example = (env as unknown as { DEV_VARS_EXAMPLE: string }).DEV_VARS_EXAMPLE;
  const value = (name: string) => new RegExp(`^${name}='?([^'\\n]*)'?$`, "m").exec(example)?.[1] ?? "";

  it("is a well-formed hash of the README's password", async () => {
    expect(value("ADMIN_USERNAME")).toBe("admin");
    const hash = value("ADMIN_PASSWORD_HASH");
    expect(adminConfigProblem({ ADMIN_USERNAME: "admin", ADMIN_PASSWORD_HASH: hash })).toBeNull();
    expect(await verifyPassword("examined-life-local", hash)).toBe(true);
  });

  it("a malformed hash (a key of 34 bytes) is reported, and locks everyone out", () => {
    const broken = "pbkdf2_sha256$100000$BRX1csDDmxQ6LaJOTAmm3A$pDPCuy4kchPJOZSYP44GR0_Qk93kaRzIZ-1KWJyJFYYnpm";
    expect(adminConfigProblem({ ADMIN_USERNAME: "admin", ADMIN_PASSWORD_HASH: broken })).toMatch(
      /ADMIN_PASSWORD_HASH is not .*npm run admin:hash-password/,
    );
    expect(adminConfigProblem({})).toBeNull();
  });
});

describe("configuration", () => {
  it("pins the PBKDF2 iteration count and the throttle settings", () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    expect(credentials.passwordHash.startsWith("pbkdf2_sha256$100000$")).toBe(true);
    expect(MAX_FAILED_LOGINS).toBe(5);
    expect(LOGIN_WINDOW_MINUTES).toBe(15);
    expect(SESSION_TTL_SECONDS).toBe(8 * 60 * 60);
  });
});

describe("attemptLogin", () => {
  it("signs in: the D1 row is keyed by the SHA-256 of the token, never the token", async () => {
    const now = new Date("2030-01-01T10:00:00.000Z");
    const result = await loggedIn(now);
    // The cookie's value: the token and its HMAC signature.
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(result.expiresAt.toISOString()).toBe("2030-01-01T18:00:00.000Z");

    const rows = await db.select().from(adminSessions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(await sha256Hex(result.token.split(".")[0] ?? ""));
    expect(rows[0]?.id).not.toBe(result.token);
    expect(rows[0]?.username).toBe(USERNAME);
    expect(rows[0]?.expiresAt).toBe("2030-01-01T18:00:00.000Z");
    expect(JSON.stringify(rows)).not.toContain(result.token);
  });

  it("gives every login its own token", async () => {
    const a = await loggedIn();
    const b = await loggedIn();
    expect(a.token).not.toBe(b.token);
    expect(await db.select().from(adminSessions)).toHaveLength(2);
  });

  it("refuses a wrong password and an unknown user alike, recording an attempt for each", async () => {
    expect(await login({ password: "not the passphrase at all" })).toEqual({ ok: false, reason: "invalid" });
    expect(await attemptRows()).toHaveLength(1);
    expect(await login({ username: "root" })).toEqual({ ok: false, reason: "invalid" });
    expect(await attemptRows()).toHaveLength(2);
    expect(await login({ username: `${USERNAME} ` })).toEqual({ ok: false, reason: "invalid" });
    expect(await db.select().from(adminSessions)).toHaveLength(0);
  });

  it("refuses everything when no credentials are configured", async () => {
    const result = await attemptLogin(db, { username: USERNAME, password: PASSWORD, ip: IP }, null);
    expect(result).toEqual({ ok: false, reason: "invalid" });
    expect(await attemptRows()).toHaveLength(1);
  });

  it("verifies a password exactly once per attempt, with the same cost, whatever the username", async () => {
    const calls: string[] = [];
    const verify = async (password: string, stored: string) => {
      calls.push(stored);
      return verifyPassword(password, stored);
    };
    const run = (username: string, password: string, creds: typeof credentials | null = credentials) =>
      attemptLogin(db, { username, password, ip: "198.51.100.1" }, creds, new Date(), { verify });

    expect(await run(USERNAME, "wrong wrong wrong")).toMatchObject({ ok: false, reason: "invalid" });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBe(credentials.passwordHash);

    expect(await run("nobody", PASSWORD)).toMatchObject({ ok: false, reason: "invalid" });
    expect(calls).toHaveLength(2);
    // The dummy hash is well-formed with the same iteration count, so it costs a full PBKDF2 run.
    expect(calls[1]).toMatch(/^pbkdf2_sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(calls[1]).not.toBe(credentials.passwordHash);

    expect(await run(USERNAME, PASSWORD, null)).toMatchObject({ ok: false, reason: "invalid" });
    expect(calls).toHaveLength(3);
    expect(calls[2]).toMatch(/^pbkdf2_sha256\$100000\$/);

    expect(await run(USERNAME, PASSWORD)).toMatchObject({ ok: true });
    expect(calls).toHaveLength(4);
  });

  it("throttles after 5 failures from one address in 15 minutes, even for the right password", async () => {
    const start = new Date("2030-01-01T10:00:00.000Z");
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      const at = new Date(start.getTime() + i * 60_000);
      expect(await login({ password: `wrong password ${i}` }, at)).toEqual({ ok: false, reason: "invalid" });
    }
    const sixth = new Date(start.getTime() + 5 * 60_000);
    const throttled = await login({}, sixth);
    expect(throttled).toMatchObject({ ok: false, reason: "throttled" });
    if (throttled.ok || throttled.reason !== "throttled") throw new Error("expected a throttle");
    expect(throttled.retryAfterSeconds).toBeGreaterThan(0);
    expect(throttled.retryAfterSeconds).toBeLessThanOrEqual(900);
    // The oldest failure (10:00) leaves the window at 10:15, ten minutes after the sixth try.
    expect(throttled.retryAfterSeconds).toBe(600);
    // A throttled try is not verified, not counted and opens no session.
    expect(await attemptRows()).toHaveLength(MAX_FAILED_LOGINS);
    expect(await db.select().from(adminSessions)).toHaveLength(0);

    // Another address is not affected.
    expect(await login({ ip: "198.51.100.20" }, sixth)).toMatchObject({ ok: true });

    // 16 minutes after the first failure it has left the window: 4 remain, so tries are allowed again.
    const later = new Date(start.getTime() + 16 * 60_000);
    expect(await login({}, later)).toMatchObject({ ok: true });
  });

  it("30 concurrent wrong tries from one address: at most 5 password verifications, the rest refused as throttled", async () => {
    let verifications = 0;
    const verify = async (password: string, stored: string) => {
      verifications++;
      return verifyPassword(password, stored);
    };
    const tries = Array.from({ length: 30 }, (_, i) =>
      attemptLogin(db, { username: USERNAME, password: `wrong password ${i}`, ip: IP }, credentials, new Date(), { verify }),
    );
    const results = await Promise.all(tries);
    const refused = results.filter((result) => !result.ok && result.reason === "throttled");
    const invalid = results.filter((result) => !result.ok && result.reason === "invalid");
    expect(verifications).toBeLessThanOrEqual(MAX_FAILED_LOGINS);
    expect(invalid).toHaveLength(verifications);
    expect(refused).toHaveLength(30 - verifications);
    expect(await attemptRows()).toHaveLength(verifications);
    // The right password is refused too while the address is locked.
    expect(await login()).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("counts an IPv6 client per /64, like the other limits: two addresses of one /64 share the lock", async () => {
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
      expect(await login({ password: `wrong password ${i}`, ip: `2001:db8:1:2::${i + 1}` })).toEqual({ ok: false, reason: "invalid" });
    }
    expect(await login({ ip: "2001:db8:1:2:ffff:ffff:ffff:fffe" })).toMatchObject({ ok: false, reason: "throttled" });
    // Another /64 is another client.
    expect(await login({ ip: "2001:db8:1:3::1" })).toMatchObject({ ok: true });
  });

  it("is allowed again once the whole window has passed", async () => {
    const start = new Date("2030-01-01T10:00:00.000Z");
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await login({ password: "wrong password here" }, start);
    expect(await login({}, new Date(start.getTime() + 14 * 60_000))).toMatchObject({ reason: "throttled" });
    expect(await login({}, new Date(start.getTime() + 16 * 60_000))).toMatchObject({ ok: true });
  });

  it("a success clears that address's failed attempts only", async () => {
    await login({ password: "wrong password one" });
    await login({ password: "wrong password two" });
    await login({ password: "wrong password three", ip: "198.51.100.9" });
    expect(await attemptRows()).toHaveLength(2);
    await loggedIn();
    expect(await attemptRows()).toHaveLength(0);
    expect(await attemptRows("198.51.100.9")).toHaveLength(1);
  });

  it("deletes expired sessions when someone signs in", async () => {
    const old = await loggedIn(new Date("2030-01-01T00:00:00.000Z"));
    await loggedIn(new Date("2030-01-02T00:00:00.000Z"));
    const ids = (await db.select({ id: adminSessions.id }).from(adminSessions)).map((r) => r.id);
    expect(ids).toHaveLength(1);
    expect(ids).not.toContain(await sha256Hex(old.token.split(".")[0] ?? ""));
  });
});

describe("sessions", () => {
  it("finds the session named by the cookie, with its account's role (the configured first owner's)", async () => {
    const { token, expiresAt } = await loggedIn();
    const [account] = await db.select({ id: adminAccounts.id }).from(adminAccounts).where(eq(adminAccounts.username, USERNAME));
    expect(await getAdminSession(db, requestWith(token))).toEqual({
      accountId: account?.id,
      username: USERNAME,
      role: "owner",
      expiresAt: expiresAt.toISOString(),
    });
  });

  it("ignores a missing, forged or malformed cookie", async () => {
    await loggedIn();
    const forged = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(await getAdminSession(db, requestWith(null))).toBeNull();
    expect(await getAdminSession(db, requestWith(forged))).toBeNull();
    expect(await getAdminSession(db, requestWith("' OR 1=1 --"))).toBeNull();
    // The stored hash itself is not a valid cookie.
    const [row] = await db.select().from(adminSessions);
    assert(row, "the stored session");
    expect(await getAdminSession(db, requestWith(row.id))).toBeNull();
  });

  it("needs the cookie's signature: a real token unsigned or wrongly signed is no session", async () => {
    const { token } = await loggedIn();
    const [raw, signature] = token.split(".");
    assert(raw && signature, "the token and its signature");
    expect(await getAdminSession(db, requestWith(token))).not.toBeNull();
    expect(await getAdminSession(db, requestWith(raw))).toBeNull();
    expect(await getAdminSession(db, requestWith(`${raw}.${"A".repeat(43)}`))).toBeNull();
    expect(await getAdminSession(db, requestWith(`${newTokenLike()}.${signature}`))).toBeNull();
  });

  it("expires: past expiresAt the session is gone and its row deleted", async () => {
    const { token, expiresAt } = await loggedIn();
    const justBefore = new Date(expiresAt.getTime() - 1000);
    expect(await getAdminSession(db, requestWith(token), justBefore)).not.toBeNull();
    const after = new Date(expiresAt.getTime() + 1000);
    expect(await getAdminSession(db, requestWith(token), after)).toBeNull();
    expect(await db.select().from(adminSessions)).toHaveLength(0);
  });

  it("logout deletes the session on the server", async () => {
    const { token } = await loggedIn();
    const other = await loggedIn();
    await endAdminSession(db, requestWith(token));
    expect(await getAdminSession(db, requestWith(token))).toBeNull();
    const rows = await db.select().from(adminSessions);
    expect(rows.map((r) => r.id)).toEqual([await sha256Hex(other.token.split(".")[0] ?? "")]);
    await endAdminSession(db, requestWith(null)); // no cookie: nothing to do, no error
  });
});

describe("cookies", () => {
  const expires = () => new Date(Date.now() + SESSION_TTL_SECONDS * 1000);
  const attributes = (cookie: string) => cookie.split("; ").slice(1);

  it("is HttpOnly, SameSite=Lax, Path=/ with an expiry, and Secure over https", () => {
    const cookie = sessionCookie("tok", expires(), new Request("https://example.org/login", { method: "POST" }));
    expect(cookie.startsWith(`${SESSION_COOKIE}=tok; `)).toBe(true);
    const attrs = attributes(cookie);
    expect(attrs).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", "Secure"]));
    const maxAge = Number(attrs.find((a) => a.startsWith("Max-Age="))?.slice(8));
    expect(maxAge).toBeGreaterThan(SESSION_TTL_SECONDS - 5);
    expect(maxAge).toBeLessThanOrEqual(SESSION_TTL_SECONDS);
    expect(attrs.some((a) => a.startsWith("Expires="))).toBe(true);
  });

  it("is not Secure on http://localhost or 127.0.0.1 (any port), but is on any other http host", () => {
    const at = (url: string) => attributes(sessionCookie("tok", expires(), new Request(url)));
    expect(at("http://localhost:5173/login")).not.toContain("Secure");
    expect(at("http://localhost/login")).not.toContain("Secure");
    expect(at("http://127.0.0.1:8787/login")).not.toContain("Secure");
    expect(at("https://localhost:5173/login")).toContain("Secure");
    expect(at("http://example.org/login")).toContain("Secure");
  });

  it("clears the cookie with the same attributes", () => {
    const cleared = clearedSessionCookie(new Request("https://example.org/logout"));
    expect(cleared.startsWith(`${SESSION_COOKIE}=; `)).toBe(true);
    expect(attributes(cleared)).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax", "Secure", "Max-Age=0"]));
    expect(cleared).toContain("Expires=Thu, 01 Jan 1970 00:00:00 GMT");
    expect(clearedSessionCookie(new Request("http://localhost:5173/logout"))).not.toContain("Secure");
  });
});

describe("request helpers", () => {
  it("isCrossSiteRequest", () => {
    const post = (headers: Record<string, string>, url = "https://example.org/api/admin/articles") =>
      new Request(url, { method: "POST", headers });
    expect(isCrossSiteRequest(post({}))).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: "https://example.org" }))).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: "https://example.org", "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossSiteRequest(post({ "Sec-Fetch-Site": "same-site" }))).toBe(false);
    expect(isCrossSiteRequest(post({ "Sec-Fetch-Site": "none" }))).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: "http://localhost:5173" }, "http://localhost:5173/admin"))).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteRequest(post({ Origin: "http://example.org" }))).toBe(true);
    expect(isCrossSiteRequest(post({ Origin: "https://example.org:8443" }))).toBe(true);
    expect(isCrossSiteRequest(post({ Origin: "null" }))).toBe(true);
    expect(isCrossSiteRequest(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSiteRequest(post({ Origin: "https://example.org", "Sec-Fetch-Site": "cross-site" }))).toBe(true);
  });
});

describe("guards", () => {
  /** The route guard's decision for a request (app/server/admin/guard.server.ts), with the context it filled in. */
  const access = async (request: Request) => {
    const context = new RouterContextProvider();
    const { refusal } = await routeAccess(request, context);
    return { refusal, session: context.get(adminSessionContext), frame: context.get(adminFrameContext) };
  };

  it("an admin JSON endpoint: 403 for a cross-site request, even with a valid session", async () => {
    const { token } = await loggedIn();
    const { refusal, session } = await access(
      requestWith(token, "https://example.org/api/admin/media", { Origin: "https://evil.example" }),
    );
    expect(refusal).toEqual({ status: 403, message: "Cross-site requests are not allowed." });
    expect(session).toBeNull();
    const response = new HttpError(refusal!.status, refusal!.message).toResponse();
    expect(await response.json()).toEqual({ message: "Cross-site requests are not allowed." });
  });

  it("an admin JSON endpoint: 401 without a session", async () => {
    const { refusal } = await access(requestWith(null, "https://example.org/api/admin/media", { Origin: "https://example.org" }));
    expect(refusal).toEqual({ status: 401, message: "Please sign in as an administrator." });
  });

  it("an admin JSON endpoint: the session for a same-origin request with a valid cookie", async () => {
    const { token } = await loggedIn();
    const { refusal, session, frame } = await access(
      requestWith(token, "https://example.org/api/admin/media", { Origin: "https://example.org" }),
    );
    expect(refusal).toBeNull();
    expect(session).toMatchObject({ username: USERNAME });
    // The frame's figures are a page's.
    expect(frame).toBeNull();
  });

  it("an admin page: 401 without a session (the middleware sends it to /login), the session with the frame's figures in one statement", async () => {
    expect((await access(requestWith(null))).refusal).toEqual({ status: 401, message: "Please sign in as an administrator." });

    const { token } = await loggedIn();
    await db.insert(contactMessages).values({ name: "A", email: "a@example.com", subject: "general", message: "Hello there" });
    const d1 = countingD1();
    const page = await d1.run(() => access(requestWith(token)));
    expect(page.session).toMatchObject({ username: USERNAME });
    expect(page.frame).toEqual({ unhandledMessages: 1, timeZone: "" });
    expect(d1.trips).toHaveLength(1);
  });

  it("getAdminSessionWith reads the frame's figures in the session's statement", async () => {
    const figures = { answer: sql<number>`(select 6 * 7)`, messages: sql<number>`(select count(*) from ${contactMessages})` };
    expect(await getAdminSessionWith(db, requestWith(null), figures)).toBeNull();
    const { token } = await loggedIn();
    const d1 = countingD1();
    const page = await d1.run(() => getAdminSessionWith(getDb(), requestWith(token), figures));
    expect(page?.session).toMatchObject({ username: USERNAME });
    expect(page?.figures.answer).toBe(42);
    expect(d1.trips).toHaveLength(1);
  });
});

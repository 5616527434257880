import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { routeArgs } from "../../tests/support/db";
import { getAdminSession } from "~/server/admin/auth.server";
import { SESSION_COOKIE } from "~/server/core/request.server";
import { createDatabase } from "~/server/core/db.server";
import { action, headers, loader } from "./login";

// vitest.config.ts starts workerd with ADMIN_USERNAME=test-admin and the hash of this password.
const USERNAME = "test-admin";
const PASSWORD = "test-password-123";

function post(
  fields: Record<string, string>,
  {
    ip = "203.0.113.50",
    url = "http://localhost/login",
    origin = "http://localhost",
  }: { ip?: string; url?: string; origin?: string | null } = {},
) {
  const requestHeaders = new Headers({ "CF-Connecting-IP": ip });
  if (origin) requestHeaders.set("Origin", origin);
  return action(routeArgs(new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: requestHeaders })));
}

type DataResult = { data: { ok: boolean; message: string }; init: ResponseInit | null };

describe("login action", () => {
  it("wrong credentials → 401 'Login failed' / 'Invalid credentials', for a wrong password and an unknown user alike", async () => {
    for (const fields of [
      { username: USERNAME, password: "wrong password" },
      { username: "nobody", password: PASSWORD },
    ]) {
      const result = (await post(fields)) as unknown as DataResult;
      expect(result.init?.status).toBe(401);
      expect(result.data).toEqual({ ok: false, message: "Invalid credentials" });
    }
  });

  it("empty fields → 400 without counting as a try", async () => {
    const result = (await post({ username: "", password: "" })) as unknown as DataResult;
    expect(result.init?.status).toBe(400);
    expect((await env.DB.prepare("SELECT count(*) n FROM login_attempts").first())?.n).toBe(0);
  });

  it("the 6th try from one address within 15 minutes → 429 with Retry-After, even with the right password", async () => {
    for (let i = 0; i < 5; i++) {
      const result = (await post({ username: USERNAME, password: `wrong ${i}` })) as unknown as DataResult;
      expect(result.init?.status).toBe(401);
    }
    const throttled = (await post({ username: USERNAME, password: PASSWORD })) as unknown as DataResult;
    expect(throttled.init?.status).toBe(429);
    expect(throttled.data.message).toMatch(/^Too many failed sign-in attempts\. Please wait 15 minutes and try again\.$/);
    const retryAfter = Number(new Headers(throttled.init?.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // The page's headers pass Retry-After on to the document response.
    const documentHeaders = new Headers(
      headers({
        actionHeaders: new Headers(throttled.init?.headers),
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: undefined,
      }) as HeadersInit,
    );
    expect(documentHeaders.get("Retry-After")).toBe(String(retryAfter));
    expect(documentHeaders.get("Cache-Control")).toBe("private, no-store");

    // Another address is not affected.
    const other = await post({ username: USERNAME, password: PASSWORD }, { ip: "203.0.113.99" });
    expect(other).toBeInstanceOf(Response);
  });

  it("30 wrong passwords at once from one address → at most 5 answers 401, every other one 429", async () => {
    const results = (await Promise.all(
      Array.from({ length: 30 }, (_, i) => post({ username: USERNAME, password: `wrong at once ${i}` }, { ip: "203.0.113.77" })),
    )) as unknown as DataResult[];
    const statuses = results.map((result) => result.init?.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
  });

  it("right credentials → 302 to /admin with an HttpOnly, SameSite=Lax session cookie (not Secure on http://localhost)", async () => {
    const response = (await post({ username: USERNAME, password: PASSWORD })) as unknown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin?welcome=1");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}\\.[A-Za-z0-9_-]{43};`));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Secure/);

    // The cookie names a session stored in D1.
    const pair = cookie.split(";")[0] ?? "";
    const session = await getAdminSession(createDatabase(env.DB), new Request("http://localhost/admin", { headers: { Cookie: pair } }));
    expect(session?.username).toBe(USERNAME);
  });

  it("the cookie is Secure when the site is served over https", async () => {
    const response = (await post(
      { username: USERNAME, password: PASSWORD },
      { url: "https://theexaminedlife.org/login", origin: "https://theexaminedlife.org" },
    )) as unknown as Response;
    expect(response.headers.get("Set-Cookie")).toMatch(/; Secure/);
  });

  it("a cross-site POST → 403 and no session", async () => {
    const result = (await post({ username: USERNAME, password: PASSWORD }, { origin: "https://evil.example" })) as unknown as DataResult;
    expect(result.init?.status).toBe(403);
    expect((await env.DB.prepare("SELECT count(*) n FROM admin_sessions").first())?.n).toBe(0);
  });
});

describe("login loader", () => {
  it("shows the form when signed out and redirects to /admin when signed in", async () => {
    expect(await loader(routeArgs("/login"))).toBeNull();
    const response = (await post({ username: USERNAME, password: PASSWORD })) as unknown as Response;
    const pair = (response.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
    const signedIn = new Request("http://localhost/login", { headers: { Cookie: pair } });
    await expect(loader(routeArgs(signedIn))).rejects.toSatisfy(
      (thrown: unknown) => thrown instanceof Response && thrown.status === 302 && thrown.headers.get("Location") === "/admin",
    );
  });
});

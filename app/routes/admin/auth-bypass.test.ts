/**
 * Auth bypass attempts against EVERY admin route and admin API, taken from app/routes.ts itself, so a
 * route added later is attacked too: no session, an expired session, forged and tampered cookies, and
 * cross-site requests with a valid session. Every route with an action outside the admin area must be
 * one of the known public writes, so a new unguarded write cannot slip in unnoticed.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { TEST_ORIGIN, adminCookie } from "../../../tests/support/admin";
import { routeArgs, seedTestDb, settled } from "../../../tests/support/db";
import { asRouted, type RouteModule } from "../../../tests/support/routes";
import routes from "~/routes";
import { SESSION_COOKIE } from "~/server/core/request.server";

/** A route entry with the layouts it sits in (their files, outermost first). */
type FlatRoute = { file: string; path: string; layouts: string[] };

/** Every route module, keyed by its path from the project root ("/app/routes/contact.tsx"). */
const MODULES = import.meta.glob<RouteModule>(["/app/routes/**/*.{ts,tsx}", "!/app/routes/**/*.test.{ts,tsx}"]);

function flatten(entries: readonly { file: string; path?: string; children?: unknown[] }[], layouts: string[] = []): FlatRoute[] {
  return entries.flatMap((entry) => [
    { file: entry.file, path: entry.path ?? "", layouts },
    ...flatten((entry.children ?? []) as { file: string; path?: string }[], [...layouts, entry.file]),
  ]);
}

const ALL_ROUTES = flatten(routes);
const ADMIN_ROUTES = ALL_ROUTES.filter((route) => route.file.startsWith("routes/admin/"));
const API_ROUTES = ALL_ROUTES.filter((route) => route.path.startsWith("api/"));

/** Writes anyone may send (each has its own defences: validation, abuse limits, Stripe verification). */
const PUBLIC_WRITES = new Set([
  "routes/contact.tsx",
  "routes/login.tsx",
  "routes/api/newsletter.subscribe.ts",
  "routes/api/create-payment-intent.ts",
  "routes/api/payment-success.ts",
  "routes/api/stripe.webhook.ts",
  // The mail provider's bounce and complaint webhook: refused (400) without a valid Standard Webhooks signature.
  "routes/api/webhooks.mail-provider.ts",
  "routes/api/not-found.ts",
  // The practice player's play beacons: validated, bot-filtered and rate-limited; they write nothing but a queue message.
  "routes/api/analytics.play.ts",
  // The learning area: "Get my access link" (validated, rate-limited, reveals nothing), and a learner's own
  // progress, answers and certificate (each refused without a learner session that owns the course).
  "routes/learn/home.tsx",
  "routes/learn/lesson.tsx",
  "routes/learn/complete.tsx",
  "routes/learn/sign-out.ts",
  // The learner's deletions of their own answers and progress: refused cross-site and without a session that proved
  // the inbox, confirmed by a ticked box (app/server/learning/learner-data.server.ts).
  "routes/learn/data.tsx",
  // Adding or discarding the work of the address's unproven sessions: refused cross-site and without a session that
  // proved the inbox (app/server/learning/unproven-work.server.ts).
  "routes/learn/unproven.ts",
  // The newsletter: the no-JavaScript signup (as the API's), and the unsubscribe link's one-click POST, which
  // RFC 8058 requires to work without cookies or a CSRF token (the link's own random token is the credential).
  "routes/newsletter/subscribe.tsx",
  "routes/newsletter/unsubscribe.tsx",
  // The confirmation link's button: the link's single-use, expiring token is the credential; a cross-site post is refused.
  "routes/newsletter/confirm.tsx",
  // A gift's manage page: the receipt's token is the credential (only the buyer's inbox has it); resends are spaced,
  // a redeemed gift refuses every change, and a cross-site post is refused (app/server/payments/gifts.server.ts).
  "routes/gift-manage.tsx",
  // A repeat purchase's refund (ADR 0008): the receipt's token is the credential (only that inbox has it); it refunds
  // one paid order within 14 days, once, and a cross-site post is refused (app/server/payments/repeat-purchases.server.ts).
  "routes/repeat-refund.tsx",
  // An editor's invitation (/admin/invite/:token): the link's single-use, expiring token is the credential; the
  // password is validated, and a cross-site post is refused (app/server/admin/accounts.server.ts).
  "routes/admin-invite.tsx",
]);

/** Without a session there is nothing to end: logout then just goes to /login. */
const HARMLESS_WITHOUT_SESSION = new Set(["routes/admin/logout.ts"]);

/** The module of a route entry ("routes/admin/layout.tsx"). */
async function load(file: string): Promise<RouteModule> {
  const importer = MODULES[`/app/${file}`];
  if (!importer) throw new Error(`route module ${file} not found`);
  return importer();
}

/**
 * The route's loader or action as React Router runs it: inside the middleware of its layouts and its own
 * (the admin layout's checks the session), so a guard that moves between them is still attacked.
 */
async function routed(route: FlatRoute, kind: "loader" | "action") {
  const layouts = await Promise.all(route.layouts.map(load));
  return asRouted(await load(route.file), kind, layouts);
}

/** A concrete URL and params for a route pattern (ids that exist in the seed). */
function concrete(path: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = path
    .split("/")
    .map((segment) => {
      if (segment === "*") {
        params["*"] = "anything";
        return params["*"];
      }
      if (!segment.startsWith(":")) return segment;
      const name = segment.slice(1);
      params[name] = name === "type" ? "privacy" : "1";
      return params[name];
    })
    .join("/");
  return { url: `${TEST_ORIGIN}/${url}`, params };
}

/** What a loader or action answered (thrown or returned): its status, redirect target and data. */
async function outcome(run: () => unknown) {
  const result = await settled(run);
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), data: undefined };
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { init, data } = result as { init: ResponseInit | null; data: unknown };
    return { status: init?.status ?? 200, location: null, data };
  }
  if (result instanceof Error) throw result;
  return { status: 200, location: null, data: result };
}

const randomToken = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/**
 * The cookies an attacker might try, built per test from real sessions where a variant needs one,
 * and `valid`: a live session's cookie, for the cross-site attempts.
 */
async function attackerCookies(): Promise<{ attempts: [string, string | null][]; valid: string }> {
  const valid = await adminCookie();
  const validToken = valid.slice(SESSION_COOKIE.length + 1);
  const validId = ((await env.DB.prepare("SELECT id FROM admin_sessions").first()) as { id: string }).id;
  // A second session, then expired in D1 (a login clears expired sessions, so it comes last).
  const expired = await adminCookie();
  await env.DB.prepare("UPDATE admin_sessions SET expires_at = ? WHERE id != ?")
    .bind(new Date(Date.now() - 1000).toISOString(), validId)
    .run();
  expect((await env.DB.prepare("SELECT count(*) n FROM admin_sessions").first())?.n).toBe(2);
  const tamperedToken = validToken.slice(0, -1) + (validToken.endsWith("A") ? "B" : "A");
  const attempts: [string, string | null][] = [
    ["no session", null],
    ["an expired session", expired],
    ["a forged, well-formed token", `${SESSION_COOKIE}=${randomToken()}`],
    ["a real token with one character changed", `${SESSION_COOKIE}=${tamperedToken}`],
    ["the stored session id (the token's hash) as the cookie", `${SESSION_COOKIE}=${validId}`],
    ["a real token under another cookie name", `admin_session=${validToken}`],
    ["a malformed cookie", `${SESSION_COOKIE}=../../etc/passwd; ${SESSION_COOKIE}`],
  ];
  return { attempts, valid };
}

/** Cross-site variants, each with a valid session cookie (the browser would send it on a same-site-lax navigation). */
const CROSS_SITE: [string, Record<string, string>][] = [
  ["Origin of another site", { Origin: "https://evil.example" }],
  ["Origin: null (sandboxed iframe, data: URL)", { Origin: "null" }],
  ["Sec-Fetch-Site: cross-site without Origin", { "Sec-Fetch-Site": "cross-site" }],
  ["an Origin differing only in scheme", { Origin: TEST_ORIGIN.replace("http:", "https:") }],
];

const VALID_BODIES: [RegExp, unknown][] = [
  [
    /^api\/articles/,
    { title: "Pwned", excerpt: "x", content: "x", imageUrl: "/x.svg", category: "Philosophy", readingTime: 1, authorId: 1 },
  ],
  [
    /^api\/practices/,
    { title: "Pwned", description: "x", imageUrl: "/x.svg", category: "Meditation", duration: 1, focus: "x", audioUrl: "/a.ogg" },
  ],
  [/^api\/resources/, { title: "Pwned", author: "x", categoryId: 1, description: "x", url: "https://example.org" }],
  [/^api\/admin\/markdown-preview/, { markdown: "# x" }],
];

function writeRequest(method: string, path: string, headers: Record<string, string>) {
  const all = new Headers({ Origin: TEST_ORIGIN, ...headers });
  if (headers.Origin === undefined && headers["Sec-Fetch-Site"]) all.delete("Origin");
  const isForm = !path.startsWith("api/");
  const body = isForm
    ? new URLSearchParams({ intent: "handled" })
    : JSON.stringify(VALID_BODIES.find(([pattern]) => pattern.test(path))?.[1] ?? {});
  if (!isForm) all.set("Content-Type", "application/json");
  return new Request(concrete(path).url, { method, headers: all, body });
}

/** What a successful bypass would change: content, the inbox, and the live sessions. */
const snapshot = async () =>
  env.DB.prepare(
    `SELECT (SELECT count(*) FROM articles) articles, (SELECT count(*) FROM practices) practices, (SELECT count(*) FROM resources) resources,
      (SELECT group_concat(title) FROM articles) titles, (SELECT count(*) FROM contact_messages WHERE handled = 1) handled,
      (SELECT count(*) FROM admin_sessions WHERE expires_at > ?1) live_sessions`,
  )
    .bind(new Date().toISOString())
    .first();

beforeEach(async () => {
  await seedTestDb();
  await env.DB.prepare(
    "INSERT INTO contact_messages (id, name, email, subject, message) VALUES (1, 'Ada', 'ada@example.com', 'general', 'Hello')",
  ).run();
});

describe("the route list covers the admin area", () => {
  it("finds every admin page and admin API in app/routes.ts", () => {
    expect(ADMIN_ROUTES.length).toBeGreaterThanOrEqual(20);
    expect(ADMIN_ROUTES.map((route) => route.file)).toContain("routes/admin/layout.tsx");
    expect(API_ROUTES.map((route) => route.path)).toContain("api/articles/:id");
  });

  it("a page action outside /admin is a known public write; every other API write is attacked below as an admin API", async () => {
    const pageWrites: string[] = [];
    for (const route of ALL_ROUTES) {
      if (route.file.startsWith("routes/admin/") || API_ROUTES.includes(route)) continue;
      if ((await load(route.file)).action) pageWrites.push(route.file);
    }
    for (const file of pageWrites) expect(PUBLIC_WRITES, `${file} has an action: guard it or list it as public`).toContain(file);
    for (const file of PUBLIC_WRITES) expect((await load(file)).action, `${file} is listed as a public write`).toBeDefined();
  });
});

describe.each(ADMIN_ROUTES)("admin route $path ($file)", (route) => {
  const { file, path } = route;
  it("its loader sends every attacker cookie to /login, revealing no data", async () => {
    const module = await load(file);
    if (!module.loader) return expect(module.action).toBeDefined();
    const { url, params } = concrete(path);
    for (const [attempt, cookie] of (await attackerCookies()).attempts) {
      const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
      const answer = await outcome(async () => (await routed(route, "loader"))(routeArgs(request, params)));
      expect(answer.status, attempt).toBeGreaterThanOrEqual(300);
      expect(answer.status, attempt).toBeLessThan(400);
      // logout's GET goes to /admin, which then goes to /login.
      expect(["/login", "/admin"], attempt).toContain(answer.location);
    }
  });

  it("its action refuses every attacker cookie, and cross-site posts with a valid session", async () => {
    const module = await load(file);
    if (!module.action) return;
    const { attempts, valid } = await attackerCookies();
    const before = await snapshot();
    for (const [attempt, cookie] of attempts) {
      const request = writeRequest("POST", path, cookie ? { Cookie: cookie } : {});
      const answer = await outcome(async () => (await routed(route, "action"))(routeArgs(request, concrete(path).params)));
      if (HARMLESS_WITHOUT_SESSION.has(file)) expect(answer.location, attempt).toMatch(/^\/login/);
      else expect(answer.status, attempt).toBe(401);
    }
    for (const [attempt, headers] of CROSS_SITE) {
      const request = writeRequest("POST", path, { Cookie: valid, ...headers });
      const answer = await outcome(async () => (await routed(route, "action"))(routeArgs(request, concrete(path).params)));
      expect(answer.status, attempt).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });
});

const ADMIN_APIS = API_ROUTES.filter((route) => !PUBLIC_WRITES.has(route.file));

describe.each(ADMIN_APIS)("API $path ($file)", (route) => {
  const { file, path } = route;
  const METHODS = ["POST", "PUT", "PATCH", "DELETE"];

  it("every write method answers 401 JSON to every attacker cookie and 403 cross-site; nothing changes", async () => {
    const module = await load(file);
    if (!module.action) return;
    const { attempts, valid } = await attackerCookies();
    const before = await snapshot();
    const params = concrete(path).params;
    for (const [attempt, cookie] of attempts) {
      for (const method of METHODS) {
        const response = (await (
          await routed(route, "action")
        )(routeArgs(writeRequest(method, path, cookie ? { Cookie: cookie } : {}), params))) as Response;
        expect(response.status, `${method} with ${attempt}`).toBe(401);
        expect(await response.json()).toEqual({ message: "Please sign in as an administrator." });
        expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      }
    }
    for (const [attempt, headers] of CROSS_SITE) {
      for (const method of METHODS) {
        const response = (await (
          await routed(route, "action")
        )(routeArgs(writeRequest(method, path, { Cookie: valid, ...headers }), params))) as Response;
        expect(response.status, `${method} ${attempt}`).toBe(403);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

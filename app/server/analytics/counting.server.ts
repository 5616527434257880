/**
 * Counting page views at the edge (docs/analytics.md, "Counting"): the Worker asks `countPageView` about every answer
 * it gives (workers/fetch-handler.ts, page-cache hits included). A counted view becomes a `PageViewMessage`, gathered
 * with the isolate's other views of the next 250 ms into one message on the analytics queue, sent inside `waitUntil`:
 * the answer never waits for it, and a failure is logged, never thrown.
 *
 * Counted: a GET answered 200 or 304, of a page anyone may read (`isCountedRoute`), that is a document request
 * (`Accept: text/html`) or React Router's `.data` request of a client-side navigation (its Referer is a page of this
 * site other than the target). Never counted: bots (isbot) and requests without a User-Agent, prefetches
 * (`Sec-Purpose`/`Purpose: prefetch`), a signed-in admin, `.data` revalidations, and anything with `ANALYTICS=off`.
 */
import { isbot } from "isbot";
import type { DeviceClass, PageViewMessage } from "~/lib/analytics";
import { externalReferrerHost, visitSourceFrom } from "~/lib/analytics-sources";
import { parseId } from "../content/content.server";
import { normalisePath, type PolicyRoute } from "~/lib/route-policy";
import { routeFor } from "~/site-routes";
import { cacheQuery } from "../core/cache.server";
import { config, type ConfigSource } from "../core/config.server";
import { createDatabase } from "../core/db.server";
import type { RequestIdentity } from "../core/identity.server";
import { logEvent, shortError } from "../core/log.server";
import { requestClientKey } from "../core/request.server";
import { utcDay } from "~/lib/analytics-range";
import { knownVisitorKeys, visitorKeys } from "./visitor-hash.server";

/** The enrolment page is private (a payment form), yet its views make the course funnel: counted too. */
const ENROL_PATTERN = "/courses/:id/enroll";

/**
 * Whether views of `route` are counted: a page (not the API, not a file or a redirect) that anyone may read and that
 * is the same for everyone ("public" or "public-uncached"), and the enrolment page. Never the admin, a learner's pages,
 * a personal link (tokens, certificates) or the not-found page.
 */
export function isCountedRoute(route: PolicyRoute): boolean {
  if (route.pattern === ENROL_PATTERN) return true;
  if (!route.page || route.api || route.pattern === "/*") return false;
  return route.policy.read === "anyone" && (route.policy.cache === "public" || route.policy.cache === "public-uncached");
}

/** The page a `.data` request loads: "/articles.data" is "/articles", "/_.data" is "/" (and "/_root.data", as normalisePath reads it). */
function pagePathOfData(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.replace(/\.data$/, "");
}

/** A page's path and query as the page cache's key sees them (the parameters it reads; utm_* and the like dropped). */
const pageKey = (url: URL) => normalisePath(url.pathname) + cacheQuery(url);

/**
 * Whether a `.data` request is a navigation: React Router's client asks for the next page's data with the page it
 * leaves as the Referer. A revalidation (after a form's action, or on focus) asks for the page it is on: not a view.
 */
function isDataNavigation(request: Request, url: URL): boolean {
  const referer = request.headers.get("Referer");
  if (!referer || !URL.canParse(referer)) return false;
  const from = new URL(referer);
  if (from.host !== url.host) return false;
  const target = new URL(pagePathOfData(url.pathname) + url.search, url.origin);
  return pageKey(from) !== pageKey(target);
}

/** A prefetch or prerender the browser makes ahead of a click that may never come. */
function isPrefetch(headers: Headers): boolean {
  return /prefetch|prerender/i.test(
    `${headers.get("Sec-Purpose") ?? ""} ${headers.get("Purpose") ?? ""} ${headers.get("X-Purpose") ?? ""} ${headers.get("X-Moz") ?? ""}`,
  );
}

/** The device class a User-Agent names: tablets first (an Android tablet says "Android" without "Mobile"). */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)|Android(?!.*Mobile)/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** Cloudflare's country code for the request (two letters; "XX" unknown and "T1" Tor are left out). */
function countryOf(request: Request): string | null {
  const country: unknown = request.cf?.country;
  if (typeof country !== "string" || !/^[A-Z]{2}$/.test(country) || country === "XX") return null;
  return country;
}

/** The most User-Agents an isolate remembers what it found in (a bot or not, the device class). */
const MAX_KNOWN_USER_AGENTS = 500;
const knownUserAgents = new Map<string, { bot: boolean; device: DeviceClass }>();

/**
 * Whether a User-Agent is a bot (isbot: one large regular expression, the decision's longest test) and its device
 * class, worked out once per isolate for its most recent User-Agents: visitors' browsers repeat.
 */
function readUserAgent(userAgent: string) {
  let known = knownUserAgents.get(userAgent);
  if (!known) {
    known = { bot: isbot(userAgent), device: deviceClass(userAgent) };
    if (knownUserAgents.size >= MAX_KNOWN_USER_AGENTS) knownUserAgents.clear();
    knownUserAgents.set(userAgent, known);
  }
  return known;
}

/** What `countPageView` decides: null when the request is not a counted view, else the route it views. */
export function countedRoute(request: Request, response: Pick<Response, "status">, identity: Pick<RequestIdentity, "adminToken">) {
  if (request.method !== "GET" || (response.status !== 200 && response.status !== 304)) return null;
  if (identity.adminToken !== null) return null;
  const userAgent = request.headers.get("User-Agent") ?? "";
  if (userAgent.trim() === "" || isPrefetch(request.headers)) return null;
  const url = new URL(request.url);
  const data = url.pathname.endsWith(".data");
  if (data ? !isDataNavigation(request, url) : !(request.headers.get("Accept") ?? "").includes("text/html")) return null;
  const route = routeFor(url.pathname);
  if (!isCountedRoute(route)) return null;
  // Last: the longest test.
  const { bot, device } = readUserAgent(userAgent);
  if (bot) return null;
  return { route, url: data ? new URL(pagePathOfData(url.pathname) + url.search, url.origin) : url, userAgent, device };
}

/** The content id of a page whose id is not one (never expected: such a page answers 404 and is not counted). */
export const OTHER_CONTENT_ID = "other";

/**
 * The `:id` segment's value of `pathname` under `pattern` as the content's id, or ''. Every `:id` page reads its id
 * with parseId (digits, above 0), so /articles/1, /articles/01 and /articles/0001 are one article: its row is the
 * number written plainly, never one row per spelling; anything else is OTHER_CONTENT_ID.
 */
export function contentIdOf(pattern: string, pathname: string): string {
  const at = pattern.split("/").indexOf(":id");
  if (at === -1) return "";
  const id = parseId(pathname.split("/")[at]);
  return id === null ? OTHER_CONTENT_ID : String(id);
}

export type CountDeps = {
  identity: Pick<RequestIdentity, "adminToken">;
  env: ConfigSource & { DB: D1Database; ANALYTICS_QUEUE: Queue };
  waitUntil: (promise: Promise<unknown>) => void;
  now?: () => Date;
};

/** A counted view's message but its visitor and client hashes. */
function viewFields(
  request: Request,
  counted: NonNullable<ReturnType<typeof countedRoute>>,
  day: string,
): Omit<PageViewMessage, "visitor" | "client"> {
  const { route, url, device } = counted;
  // The view's own tags only: an untagged visit from another site is counted under its referrer, not as a source.
  const { source, medium, campaign } = visitSourceFrom(url.searchParams, null);
  return {
    type: "view",
    day,
    pattern: route.pattern,
    contentId: contentIdOf(route.pattern, url.pathname),
    referrer: externalReferrerHost(request.headers.get("Referer"), url.host),
    source,
    medium,
    campaign,
    country: countryOf(request),
    device,
  };
}

/** How long an isolate gathers views before it sends them as one queue message. */
export const VIEW_FLUSH_MS = 250;
/** The most views in one queue message (about 25 KB of JSON: one queue operation, which counts per 64 KB). */
export const MAX_VIEWS_PER_MESSAGE = 100;

/** The views an isolate gathered for one queue binding, the send they wait for, and what sends it before its time. */
type Pending = { views: PageViewMessage[]; sent: Promise<void>; sendNow: () => void };
const pendingByQueue = new WeakMap<Queue, Pending>();

/** A new message on `queue`: sent VIEW_FLUSH_MS after its first view, or at once when `sendNow` is called. */
function startMessage(queue: Queue): Pending {
  let sendNow = () => {};
  const full = new Promise<void>((resolve) => {
    sendNow = resolve;
  });
  const views: PageViewMessage[] = [];
  const pending: Pending = {
    views,
    sendNow: () => sendNow(),
    sent: Promise.race([full, new Promise<void>((resolve) => setTimeout(resolve, VIEW_FLUSH_MS))]).then(async () => {
      if (pendingByQueue.get(queue) === pending) pendingByQueue.delete(queue);
      await queue.send(views);
    }),
  };
  pendingByQueue.set(queue, pending);
  return pending;
}

/**
 * Adds a view to the isolate's next message on `queue` (a message is an array of views): sent VIEW_FLUSH_MS after its
 * first view, or as soon as it holds MAX_VIEWS_PER_MESSAGE. The request of the first view holds the send in its
 * waitUntil (returned here; undefined for the others), so the isolate lives until it has gone. At 1,000 views a second
 * this sends a few messages a second per isolate instead of 1,000 (each a queue operation and a subrequest), and on
 * the page's path it costs a push to an array.
 */
function enqueueView(queue: Queue, view: PageViewMessage): Promise<void> | undefined {
  const existing = pendingByQueue.get(queue);
  const pending = existing ?? startMessage(queue);
  pending.views.push(view);
  if (pending.views.length >= MAX_VIEWS_PER_MESSAGE) {
    pendingByQueue.delete(queue);
    pending.sendNow();
  }
  return existing ? undefined : pending.sent;
}

/** Logs what went wrong with counting a view: it never reaches the visitor. */
const countFailed = (error: unknown) => logEvent("warn", "analytics.count_failed", { error: shortError(error) });

/**
 * Counts the answer `response` gave to `request`, if it is a counted view: the message is made and sent inside
 * `waitUntil`. Never throws, never delays the answer.
 */
export function countPageView(request: Request, response: Pick<Response, "status">, deps: CountDeps): void {
  try {
    if (!config(deps.env).ANALYTICS) return;
    const counted = countedRoute(request, response, deps.identity);
    if (!counted) return;
    const day = utcDay(deps.now?.() ?? new Date());
    const fields = viewFields(request, counted, day);
    // The key the abuse limits count the client under (its address; an IPv6 address's /64), read with this env's config
    // (parsed once for it), not through the identity's getter.
    const parts = { client: requestClientKey(request, deps.env), userAgent: counted.userAgent, host: counted.url.host };
    const queue = deps.env.ANALYTICS_QUEUE;
    // A visitor the isolate has hashed today already: no await at all.
    const known = knownVisitorKeys(day, parts);
    if (known) {
      const sending = enqueueView(queue, { ...fields, ...known });
      if (sending) deps.waitUntil(sending.catch(countFailed));
      return;
    }
    deps.waitUntil(
      visitorKeys(createDatabase(deps.env.DB), day, parts)
        .then((keys) => enqueueView(queue, { ...fields, ...keys }))
        .catch(countFailed),
    );
  } catch (error) {
    countFailed(error);
  }
}

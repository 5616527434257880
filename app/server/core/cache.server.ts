/**
 * Caching of public pages and public GET APIs, and the content version that invalidates it.
 *
 * One rule for what may be cached (`classifyRequest`), and two places that keep it:
 * - Inside the Worker, the Cache API (`caches.default`; local workerd emulates it) keeps public pages
 *   (HTML and their `.data` loader payloads) and public GET APIs, so a hit costs no D1 content query and
 *   no React render; each isolate also keeps its recently served pages in memory (`MemoryCache`), so a
 *   hot page costs no I/O at all. Keys carry the build's version and the content version.
 * - In front of the Worker, Cloudflare's Workers Cache (enabled for production in wrangler.toml) honours
 *   `CDN-Cache-Control`: s-maxage with stale-while-revalidate on the public JSON and `.data` answers,
 *   tagged `content` and purged by tag; `no-store` on everything else. HTML is never stored there: each
 *   document carries its request's CSP nonce, and a cache that answers without running the Worker would
 *   replay it. Browsers always revalidate (`max-age=0`), so they never show a page older than the caches.
 *
 * Every content write (admin create/update/delete, a new enrolment, which course pages count) stores a
 * new random content version in D1 (`site_meta.content_version`) and purges the edge tag, so the next
 * request for any page misses both caches. The version is read from D1 at most once a second per isolate
 * (`CONTENT_VERSION_MEMO_MS`): the isolate that wrote sees the change at once, others within a second.
 *
 * Stored HTML has the nonce replaced by a placeholder, and every hit gets the new request's nonce back
 * (and workers/app.ts sends the CSP header for that same nonce), so a cached page never replays a nonce.
 * What may be kept is each route's policy (`cache` in app/site-routes.ts). Never cached: routes whose policy is not
 * "public" (admin, login, enrolment, payment, learning, certificates, personal links), writes, any request with a (signed)
 * admin or learner session cookie, responses that set a cookie or say private/no-store, and anything but a 200. Keys keep
 * only the query parameters the page reads (its policy's `query`), so `?utm_source=…` shares its page's entry.
 */
import * as workers from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { siteMeta } from "../../../db/schema";
import { policyFor, routeFor } from "~/site-routes";
import { readIdentity, type RequestIdentity } from "./identity.server";
import { BOOKMARK_HEADER, type Database } from "./db.server";
import { NO_STORE, withHeadersSet } from "./http.server";
import { logEvent, shortError } from "./log.server";

/** Response header saying how the Worker's cache answered: HIT, MISS or BYPASS. */
export const CACHE_STATUS_HEADER = "X-Worker-Cache";
/** Edge cache tag of every cacheable answer; purged on each content write. */
export const CONTENT_CACHE_TAG = "content";
/** Stands in for the CSP nonce in stored HTML. */
export const NONCE_PLACEHOLDER = "__csp_nonce_placeholder__";
/** How long the Worker's cache keeps an entry. Content changes never wait for it (versioned keys); it
 * only bounds what depends on the clock, such as the footer's copyright year. */
export const STORED_TTL_SECONDS = 60 * 60;
/** How long the isolate's memory tier keeps a page (its size limit usually decides first). */
export const MEMORY_TTL_MS = 5 * 60 * 1000;
export const CONTENT_VERSION_MEMO_MS = 1_000;

/** Browsers revalidate every time; shared caches in front may keep an answer for 5 minutes. */
const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=300";
/** For Cloudflare's cache in front of the Worker only (browsers would show stale pages with SWR). */
const EDGE_CACHE_CONTROL = "public, s-maxage=300, stale-while-revalidate=86400";

export type CacheClass = "public-page" | "public-api" | "private" | "other";

/**
 * How the cache treats a request, from its route's policy (app/site-routes.ts) and who sends it: a route the policy
 * calls private is "private"; so is any page a signed-in admin or learner asks for (a course page offers them "Continue
 * learning"). Otherwise a GET of a public route is cacheable ("public-page", or "public-api" under /api/), and anything
 * else is left alone ("other"). `identity` is the request's (app/server/core/identity.server.ts; read here without one):
 * a cookie counts only when it is signed, so a forged one is an anonymous visitor's.
 */
export async function classifyRequest(request: Request, url = new URL(request.url), identity?: RequestIdentity): Promise<CacheClass> {
  const { policy, api } = routeFor(url.pathname);
  if (policy.cache === "private") return "private";
  if (request.headers.has("Cookie") && (identity ?? (await readIdentity(request))).signedIn) return "private";
  if (request.method !== "GET" || request.headers.has("Authorization")) return "other";
  if (policy.cache === "public") return api ? "public-api" : "public-page";
  return "other";
}

const isHtml = (headers: Headers) => (headers.get("Content-Type") ?? "").startsWith("text/html");

function isStorable(response: Response) {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    response.body !== null &&
    !response.headers.has("Set-Cookie") &&
    !/\b(private|no-store|no-cache)\b/i.test(cacheControl) &&
    response.headers.get("Vary") !== "*"
  );
}

/** React Router's loader-data requests (`*.data`) name the routes whose data they want. */
const DATA_PARAMETERS = ["_routes"];

/**
 * The request's query as the cache sees it: only the parameters its page reads (its policy's `query`), sorted;
 * every other one (`utm_*`, `fbclid`, cache-busters) leaves the answer unchanged, so it is not in the key.
 */
export function cacheQuery(url: URL): string {
  if (!url.search) return "";
  const kept = [...(policyFor(url.pathname).query ?? [])];
  if (url.pathname.endsWith(".data")) kept.push(...DATA_PARAMETERS);
  const query = new URLSearchParams();
  for (const name of kept.sort()) for (const value of url.searchParams.getAll(name)) query.append(name, value);
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** The Cache API key's URL: the build and content versions, then the request's path and `cacheQuery`. */
function cacheKeyUrl(url: URL, buildVersion: string, contentVersion: string) {
  const versions = `${encodeURIComponent(buildVersion)}/${encodeURIComponent(contentVersion)}`;
  return `${url.origin}/__page-cache/${versions}${url.pathname}${cacheQuery(url)}`;
}

/** The Cache API key (the memory tier uses its URL: a hit there makes no Request). */
export function cacheKey(request: Request, buildVersion: string, contentVersion: string) {
  return new Request(cacheKeyUrl(new URL(request.url), buildVersion, contentVersion));
}

export type PageCacheDeps = {
  /** The Worker's cache, or null when it is turned off (dev server, `PAGE_CACHE=off`). */
  cache: Cache | null;
  /** The isolate's memory tier in front of `cache`, or null. */
  memory: MemoryCache | null;
  buildVersion: string;
  contentVersion: () => Promise<string>;
  waitUntil: (promise: Promise<unknown>) => void;
};

/**
 * A stored answer as a hit sends it: its body as UTF-8 bytes, split where the CSP nonce goes (a hit joins
 * the pieces with its own nonce's bytes; answers other than HTML are one piece), and every header of the
 * hit, the public cache headers included. A hit then neither searches the text nor encodes it, and
 * makes one Response (docs/performance.md, "What a cache hit costs").
 */
type StoredPage = { pieces: Uint8Array[]; size: number; headers: [string, string][] };

const encoder = new TextEncoder();

function storedPage(body: string, headers: Headers): StoredPage {
  const pieces = (isHtml(headers) ? body.split(NONCE_PLACEHOLDER) : [body]).map((piece) => encoder.encode(piece));
  // A write's D1 bookmark is its visitor's (db.server.ts): a shared copy does not hand it on.
  const kept = [...headers].filter(
    ([name]) => !/^(cache-control|cf-cache-status|age|expires)$/i.test(name) && name.toLowerCase() !== BOOKMARK_HEADER,
  );
  return {
    pieces,
    size: pieces.reduce((sum, piece) => sum + piece.byteLength, 0),
    headers: [...kept, ...Object.entries(publicHeaders(headers, "HIT"))],
  };
}

/**
 * Answers a request from the Worker's cache when it may, else renders it (and stores the answer when
 * it may), and sets the Cache-Control headers of its class. `nonce` is this request's CSP nonce;
 * `isComplete`, asked once the body has streamed, says whether every part of it arrived; `identity` is who sends the
 * request (read here when the caller has not).
 */
export async function servePage(
  request: Request,
  nonce: string,
  deps: PageCacheDeps,
  render: () => Promise<Response>,
  isComplete: () => boolean = () => true,
  identity?: RequestIdentity,
): Promise<Response> {
  const url = new URL(request.url);
  const kind = await classifyRequest(request, url, identity);
  if (kind === "other") return notForTheEdge(await render());
  if (kind === "private") {
    const response = await render();
    return withHeaders(response, {
      "Cache-Control": response.headers.get("Cache-Control") ?? NO_STORE,
      "CDN-Cache-Control": "no-store",
      [CACHE_STATUS_HEADER]: "BYPASS",
    });
  }
  if (!deps.cache) return withPublicHeaders(await render(), "BYPASS");

  const keyUrl = cacheKeyUrl(url, deps.buildVersion, await deps.contentVersion());
  const remembered = deps.memory?.get(keyUrl);
  if (remembered) return fromStored(remembered, nonce);
  const key = new Request(keyUrl);
  const hit = await deps.cache.match(key);
  if (hit) {
    const stored = storedPage(await hit.text(), hit.headers);
    deps.memory?.set(keyUrl, stored);
    return fromStored(stored, nonce);
  }

  const response = await render();
  // isStorable has checked the body too; the test here tells TypeScript.
  if (!isStorable(response) || !response.body) return withPublicHeaders(response, "BYPASS");
  const [forClient, forCache] = response.body.tee();
  deps.waitUntil(store(deps.cache, deps.memory, key, response, forCache, nonce, isComplete));
  return withPublicHeaders(new Response(forClient, response), "MISS");
}

async function store(
  cache: Cache,
  memory: MemoryCache | null,
  key: Request,
  response: Response,
  body: ReadableStream,
  nonce: string,
  isComplete: () => boolean,
) {
  try {
    // Every cacheable answer is text (HTML, JSON, React Router's loader data).
    const text = await new Response(body).text();
    if (!isComplete()) return;
    if (isHtml(response.headers) && !nonce) return; // nothing to tell this page's nonce from its content
    const withoutNonce = isHtml(response.headers) ? text.replaceAll(nonce, NONCE_PLACEHOLDER) : text;
    memory?.set(key.url, storedPage(withoutNonce, response.headers));
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", `public, max-age=${STORED_TTL_SECONDS}`);
    headers.delete(BOOKMARK_HEADER);
    await cache.put(key, new Response(withoutNonce, { status: 200, headers }));
  } catch (error) {
    // An answer that failed while streaming is not kept; the visitor already has what was sent.
    logEvent("warn", "cache.store_failed", { error: shortError(error) });
  }
}

/** A stored page as this request's answer, with this request's nonce in the HTML: the pieces' bytes copied once. */
function fromStored(stored: StoredPage, nonce: string) {
  const nonceBytes = encoder.encode(nonce);
  const body = new Uint8Array(stored.size + nonceBytes.byteLength * (stored.pieces.length - 1));
  let offset = 0;
  for (const [index, piece] of stored.pieces.entries()) {
    if (index > 0) {
      body.set(nonceBytes, offset);
      offset += nonceBytes.byteLength;
    }
    body.set(piece, offset);
    offset += piece.byteLength;
  }
  return new Response(body, { status: 200, headers: stored.headers });
}

/**
 * Keeps an answer out of Cloudflare's cache in front of the Worker, which stores only what this module
 * allows (public JSON and loader data); browsers still follow the answer's own Cache-Control.
 */
export function notForTheEdge(response: Response) {
  if (response.headers.has("CDN-Cache-Control")) return response;
  return withHeaders(response, { "CDN-Cache-Control": "no-store" });
}

/** Cache headers of a public answer (only a 200 is cacheable; other statuses keep their own). */
function withPublicHeaders(response: Response, status: "HIT" | "MISS" | "BYPASS") {
  if (!isStorable(response)) return withHeaders(response, { "CDN-Cache-Control": "no-store", [CACHE_STATUS_HEADER]: status });
  return withHeaders(response, publicHeaders(response.headers, status));
}

function publicHeaders(headers: Headers, status: "HIT" | "MISS" | "BYPASS") {
  return {
    "Cache-Control": PUBLIC_CACHE_CONTROL,
    // HTML holds its request's nonce: only the Worker's cache, which puts a fresh one in, may keep it.
    "CDN-Cache-Control": isHtml(headers) ? "no-store" : EDGE_CACHE_CONTROL,
    "Cache-Tag": CONTENT_CACHE_TAG,
    [CACHE_STATUS_HEADER]: status,
  };
}

const withHeaders = (response: Response, headers: Record<string, string>) => withHeadersSet(response, Object.entries(headers));

/**
 * The isolate's copy of recently served pages, in front of the Cache API, so a hit on a hot page costs
 * no I/O. Least recently used entries go first past `maxBytes`; entries expire after `ttlMs`. Keys are
 * the versioned Cache API keys, so a content write misses here too.
 */
export class MemoryCache {
  private readonly entries = new Map<string, { page: StoredPage; expiresAt: number }>();
  private size = 0;

  constructor(
    private readonly maxBytes = 8 * 1024 * 1024,
    private readonly ttlMs = MEMORY_TTL_MS,
    private readonly now = Date.now,
  ) {}

  get(key: string): StoredPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.size -= entry.page.size;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry.page;
  }

  set(key: string, page: StoredPage) {
    const previous = this.entries.get(key);
    if (previous) this.size -= previous.page.size;
    this.entries.delete(key);
    if (page.size > this.maxBytes) return;
    this.entries.set(key, { page, expiresAt: this.now() + this.ttlMs });
    this.size += page.size;
    for (const [oldest, entry] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.size -= entry.page.size;
    }
  }
}

// ---------------------------------------------------------------- content version

const CONTENT_VERSION_KEY = "content_version";
/** The version before any content write has recorded one. */
const INITIAL_VERSION = "initial";

/**
 * The content version, memoised per isolate for `ttlMs`. `bump` records a new one (and updates the
 * memo at once, so this isolate never serves an older version after its own write).
 */
export function createContentVersion({ ttlMs = CONTENT_VERSION_MEMO_MS, now = Date.now } = {}) {
  let memo: { value: string; until: number } | null = null;
  let pending: Promise<string> | null = null;
  // A read that started before a bump must not put the older value back into the memo.
  let generation = 0;

  return {
    /** `database` is called only when the memo has expired. */
    async read(database: () => Database): Promise<string> {
      if (memo && now() < memo.until) return memo.value;
      if (!pending) {
        const started = generation;
        pending = database()
          .select({ value: siteMeta.value })
          .from(siteMeta)
          .where(eq(siteMeta.key, CONTENT_VERSION_KEY))
          .get()
          .then((row) => {
            const value = row?.value ?? INITIAL_VERSION;
            if (generation === started) memo = { value, until: now() + ttlMs };
            return memo?.value ?? value;
          })
          .finally(() => {
            pending = null;
          });
      }
      return pending;
    },

    async bump(db: Database): Promise<string> {
      const value = crypto.randomUUID();
      await db.insert(siteMeta).values({ key: CONTENT_VERSION_KEY, value }).onConflictDoUpdate({ target: siteMeta.key, set: { value } });
      generation++;
      memo = { value, until: now() + ttlMs };
      await purgeEdgeCache();
      return value;
    },
  };
}

/** The isolate's content version: page requests read it, content writes bump it. */
export const contentVersion = createContentVersion();

/** Every content write calls this after it succeeded. */
export const markContentChanged = (db: Database) => contentVersion.bump(db);

/** Purges Cloudflare's Workers Cache in front of the Worker, where it is enabled (not in local workerd). */
async function purgeEdgeCache() {
  // Local workerd has no Workers Cache: `cache` is missing or has no purge there.
  const edge = (workers as { cache?: Partial<CacheContext> }).cache;
  if (typeof edge?.purge !== "function") return;
  try {
    const result = await edge.purge({ tags: [CONTENT_CACHE_TAG] });
    if (!result.success) logEvent("warn", "cache.purge_failed", { error: JSON.stringify(result.errors).slice(0, 200) });
  } catch (error) {
    logEvent("warn", "cache.purge_failed", { error: shortError(error) });
  }
}

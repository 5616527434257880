/**
 * What the service worker (app/service-worker.ts) may keep for offline use, and how: pure rules shared by the
 * worker and the "Save for offline" code (app/lib/offline-practices.ts), tested in offline-rules.test.ts.
 * docs/offline.md explains them; docs/decisions/0007-service-worker-and-the-csp.md says why HTML is kept whole.
 * Which pages may be kept is each route's policy (`offline` in app/site-routes.ts), which the worker hands to
 * `requestKind`: this module does not load the route table, so "Save for offline" (app/lib/offline-practices.ts) does
 * not either.
 */

/** Saved practices: kept across builds (each entry carries its own page, recording and scripts). */
export const SAVED_CACHE = "saved-practices-v1";
/** Where a saved practice's details (title, size, date) are kept, one JSON entry per practice. */
export const SAVED_DETAILS_PREFIX = "/__offline/saved/";
/** The page shown for a page neither online nor kept (precached at install). */
export const OFFLINE_PAGE = "/offline";
export const SAVED_PAGE = "/saved";

const BUILD_CACHE = /^(pages|assets)-(.+)$/;

/** The caches of one build: visited pages, and the scripts, styles, fonts and images they loaded. */
export function buildCaches(build: string) {
  return { pages: `pages-${build}`, assets: `assets-${build}` };
}

/** The caches an activated worker of `build` deletes: every other build's. The saved practices and foreign caches stay. */
export function staleCaches(names: readonly string[], build: string): string[] {
  return names.filter((name) => {
    const match = BUILD_CACHE.exec(name);
    return match !== null && match[2] !== build;
  });
}

/**
 * What the worker does with a request: keep a page, keep an asset, answer a recording from a saved copy, keep the page
 * a client navigation's loader data is for (`page-data`), or nothing.
 */
export type RequestKind = "page" | "page-data" | "asset" | "recording" | "pass";

/** React Router's loader-data parameters: not part of the page's address. */
const DATA_PARAMETERS = ["_routes", "index"];

/**
 * The page a loader-data request (`*.data`) is for: "/articles/1.data" is "/articles/1", "/_root.data" is "/", "/x/_.data"
 * is "/x/"; its own query without React Router's parameters. Null for any other URL.
 */
export function pageOfData(href: string): URL | null {
  const url = new URL(href);
  const path = url.pathname;
  if (!path.endsWith(".data")) return null;
  url.pathname = path === "/_root.data" ? "/" : path.endsWith("/_.data") ? path.slice(0, -"_.data".length) : path.slice(0, -".data".length);
  for (const name of DATA_PARAMETERS) url.searchParams.delete(name);
  return url;
}

/** A browser's prefetch or prerender: a guess at the next click, not a page the visitor opened. */
const isPrefetch = (headers: Headers) => /prefetch|prerender/i.test(`${headers.get("Sec-Purpose") ?? ""} ${headers.get("Purpose") ?? ""}`);

/** Static files (served before the Worker, not routes) whose names never change meaning within a build: hashed scripts, fonts, images, icons. */
const ASSET = /^\/(assets|fonts|images|icons)\/|^\/favicon\.(svg|ico)$|^\/manifest\.webmanifest$/;
const RECORDING = /^\/(audio|media)\//;

/**
 * `keepsOffline` says whether the route of a path may be kept (`policyFor(path).offline`): pages are never kept where
 * it says no (the admin area, sign-in, learning, payments, personal links, the API, a path no route serves), nor React
 * Router's loader data, whatever the answer says.
 */
export function requestKind(
  request: { method: string; url: string; mode?: string; headers: Headers; referrer?: string },
  origin: string,
  keepsOffline: (pathname: string) => boolean,
): RequestKind {
  const url = new URL(request.url);
  if (url.origin !== origin || request.method !== "GET") return "pass";
  const path = url.pathname;
  if (RECORDING.test(path)) return "recording";
  if (ASSET.test(path)) return "asset";
  const page = pageOfData(request.url);
  if (page) {
    // A client navigation (a link followed without a page load) asks only for the next page's data: the worker keeps
    // that page too, as a load would have. Not a prefetch, nor a revalidation of the page the visitor is on.
    const revalidation = request.referrer ? new URL(request.referrer, origin).pathname === page.pathname : false;
    return keepsOffline(page.pathname) && !isPrefetch(request.headers) && !revalidation ? "page-data" : "pass";
  }
  if (!keepsOffline(path)) return "pass";
  if (request.mode === "navigate" || (request.headers.get("Accept") ?? "").includes("text/html")) return "page";
  return "pass";
}

/**
 * Whether an answer may be stored: a whole 200, no cookie set, nothing private, no `no-store`, not varying on
 * everything. (A service worker never sees Set-Cookie, but a cookie-setting answer is refused all the same.)
 */
export function mayStore(response: { status: number; headers: Headers; type?: string }): boolean {
  if (response.status !== 200 || (response.type !== undefined && response.type !== "basic" && response.type !== "default")) return false;
  if (response.headers.has("Set-Cookie")) return false;
  if (/\b(private|no-store)\b/i.test(response.headers.get("Cache-Control") ?? "")) return false;
  return response.headers.get("Vary")?.trim() !== "*";
}

/**
 * A range of a recording kept whole (the player asks for ranges to seek): 206 with Content-Range for one
 * satisfiable `bytes=` range, 416 for an unsatisfiable one, the whole file (200) otherwise.
 */
export function answerRange(body: ArrayBuffer, range: string | null, contentType: string): Response {
  const size = body.byteLength;
  const whole = () =>
    new Response(body, { status: 200, headers: { "Content-Type": contentType, "Content-Length": String(size), "Accept-Ranges": "bytes" } });
  const match = range === null ? null : /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  if (!match || (match[1] === "" && match[2] === "")) return whole();
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(size - Number(match[2]), 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${size}` } });
  return new Response(body.slice(start, end + 1), {
    status: 206,
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(end - start + 1),
      "Content-Range": `bytes ${start}-${end}/${size}`,
      "Accept-Ranges": "bytes",
    },
  });
}

/** The site's own scripts and styles a page's HTML names (its stylesheet, modulepreloads, and the late-hydration script's list). */
export function assetsNamedIn(html: string): string[] {
  return [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
}

/** The recording of a practice page's HTML (the player's `<audio src>`). */
export function recordingNamedIn(html: string): string | null {
  return /<audio\b[^>]*\bsrc="([^"]+)"/.exec(html)?.[1] ?? null;
}

/**
 * The service worker, built to /sw.js by vite.config.ts (one classic script, nothing loaded at run time) and
 * registered by app/root.tsx after the page's `load` as /sw.js?build=<the client build's version>. What it keeps
 * and why: docs/offline.md; the rules themselves are app/lib/offline-rules.ts, and which pages may be kept is each
 * route's policy (app/site-routes.ts).
 *
 * - Pages: network first; a kept copy (stored whole, headers included, so its CSP nonce still matches) only when
 *   the network fails; for a page never kept, the offline page. A page reached by client navigation (only its loader
 *   data was fetched) is fetched whole and kept too.
 * - Scripts, styles, fonts, images: their names carry a hash or never change, so a kept copy is served first.
 * - Recordings: only a saved practice's, whole, sliced into the range the player asks for.
 * - Caches are named after the build; an activated worker deletes the other builds' (the saved practices stay).
 */
import {
  OFFLINE_PAGE,
  SAVED_CACHE,
  SAVED_PAGE,
  answerRange,
  assetsNamedIn,
  buildCaches,
  mayStore,
  pageOfData,
  requestKind,
  staleCaches,
} from "./lib/offline-rules";
import { policyFor } from "./site-routes";

// The DOM library's types, not the worker's: the few worker types used here.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response> | Response): void };
// The worker's global scope: `self` with its clients (this module's own declaration shadows the DOM's `self`).
declare const self: Window & { clients: { claim(): Promise<void> } };
const on = <E extends Event>(type: "install" | "activate" | "fetch", listener: (event: E) => void) =>
  self.addEventListener(type, listener as EventListener);

const build = new URL(self.location.href).searchParams.get("build") || "dev";
const { pages: PAGES, assets: ASSETS } = buildCaches(build);

/** The shell kept at install: the offline page, the saved list, and the scripts and styles they name. */
async function precacheShell() {
  const [pages, assets] = await Promise.all([caches.open(PAGES), caches.open(ASSETS)]);
  for (const path of [OFFLINE_PAGE, SAVED_PAGE]) {
    const response = await fetch(path, { cache: "reload", credentials: "omit" });
    if (!mayStore(response)) throw new Error(`${path} answered ${response.status}: not kept.`);
    const html = await response.clone().text();
    await pages.put(path, response);
    await assets.addAll(assetsNamedIn(html).filter((url) => !url.endsWith("/")));
  }
}

on<ExtendableEvent>("install", (event) => event.waitUntil(precacheShell()));

on<ExtendableEvent>("activate", (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), build).map((name) => caches.delete(name)));
      // The first worker takes the page that registered it, so that page is kept without a reload.
      await self.clients.claim();
    })(),
  );
});

on<FetchEvent>("fetch", (event) => {
  const kind = requestKind(event.request, self.location.origin, (path) => policyFor(path).offline);
  if (kind === "page") event.respondWith(page(event.request));
  else if (kind === "page-data") pageData(event);
  else if (kind === "asset") event.respondWith(asset(event.request));
  else if (kind === "recording") event.respondWith(recording(event.request));
});

async function page(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (mayStore(response)) {
      const copy = response.clone();
      void caches.open(PAGES).then((cache) => cache.put(request.url, copy));
    }
    return response;
  } catch (offline) {
    // Served only without a network: the page as it was answered, its nonce and its CSP header together.
    const kept =
      (await caches.match(request.url, { ignoreVary: true })) ??
      (request.mode === "navigate" ? await caches.match(OFFLINE_PAGE) : undefined);
    if (kept) return kept;
    throw offline;
  }
}

/**
 * A client navigation's loader data goes to the network as it would; when it comes back public (a visitor's, not a
 * signed-in admin's or learner's: those are private), the page it is for is fetched and kept as if it had been loaded
 * whole, so "the articles and pages you opened" includes those reached by a link. The fetch says `Purpose: prefetch`,
 * which the analytics do not count as a view (the navigation already was one).
 */
function pageData(event: FetchEvent) {
  const answer = fetch(event.request);
  event.respondWith(answer);
  const page = pageOfData(event.request.url);
  event.waitUntil(
    answer
      .then(async (data) => {
        if (!page || !mayStore(data)) return;
        const response = await fetch(page, { headers: { Accept: "text/html", Purpose: "prefetch" }, credentials: "same-origin" });
        if (mayStore(response)) await (await caches.open(PAGES)).put(page.href, response);
      })
      // Offline, or the page failed: nothing is kept, and the navigation's own answer is not affected.
      .catch(() => undefined),
  );
}

async function asset(request: Request): Promise<Response> {
  const kept = await caches.match(request.url, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (mayStore(response)) {
    const copy = response.clone();
    void caches.open(ASSETS).then((cache) => cache.put(request.url, copy));
  }
  return response;
}

/** A saved recording is kept whole (fetched without a range); the player's range requests are cut from it. */
async function recording(request: Request): Promise<Response> {
  const kept = await (await caches.open(SAVED_CACHE)).match(request.url);
  if (!kept) return fetch(request);
  const type = kept.headers.get("Content-Type") ?? "application/octet-stream";
  return answerRange(await kept.arrayBuffer(), request.headers.get("Range"), type);
}

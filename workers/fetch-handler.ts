/**
 * The Worker's fetch: what happens to a request, in order (workers/app.ts hands it the server build). Apart from
 * workers/app.ts so that server tests can run it with a build of their own (workers/database-outage.test.ts).
 */
import { RouterContextProvider } from "react-router";
import { crossSitePageWrite } from "../app/server/admin/guard.server";
import { countPageView } from "../app/server/analytics/counting.server";
import { config } from "../app/server/core/config.server";
import { MemoryCache, contentVersion, notForTheEdge, servePage, type PageCacheDeps } from "../app/server/core/cache.server";
import { identityContext, readIdentity } from "../app/server/core/identity.server";
import { databaseOutageContext, databaseUnavailableResponse } from "../app/server/core/database-outage.server";
import { createDatabase, withD1Session } from "../app/server/core/db.server";
import { streamOutcomeContext, type StreamOutcome } from "../app/server/core/deferred.server";
import { documentBodiesContext, isDocumentRequest } from "../app/server/content/document-body.server";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseFailure, NO_STORE, withHeadersSet } from "../app/server/core/http.server";
import { isLessonRecording } from "../app/server/content/media.server";
import { adminSessionByToken } from "../app/server/admin/auth.server";
import { readSessionToken } from "../app/server/core/request.server";
import { logEvent, requestIdOf, rootCause, shortError, withRequestId } from "../app/server/core/log.server";
import { createNonce, cspNonceContext, withSecurityHeaders } from "../app/server/core/security-headers.server";
import { EMULATOR_PATH_PREFIX, getPaymentsSettings } from "../app/server/payments/stripe.server";
import { EMULATOR_WEBHOOK_URL_HEADER } from "../app/lib/stripe-emulator";
import { MEDIA_KEY_PATTERN, MEDIA_PATH_PREFIX } from "../app/lib/media-schemas";
import { isImageWidth, isResizableKey, variantKey } from "../app/lib/image-sizes";
import { E2E_ROUTE_PREFIX, serveE2eRoute } from "./e2e-routes";
import { serveAssetWithRanges, serveObjectWithRanges } from "./ranged-assets";
import type { serverBuildHandler } from "./request-handler";

type ServerHandler = ReturnType<typeof serverBuildHandler>;

/** The Worker's `fetch` over `server` (React Router's handler and its build). */
export function createFetchHandler(server: ServerHandler) {
  // Every log line of the request carries its id (app/server/core/log.server.ts): the ray id, or a random one.
  return (request: Request, env: Env, ctx: ExecutionContext): Promise<Response> =>
    withRequestId(requestIdOf(request), () => handleRequest(server, request, env, ctx));
}

async function handleRequest(server: ServerHandler, request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const url = new URL(request.url);
  if (config(env).BENCH_ROUTES && url.pathname === BENCH_CONSTANT_ROUTE) return benchConstant(Number(url.searchParams.get("bytes")));
  if (config(env).E2E_ROUTES && url.pathname.startsWith(E2E_ROUTE_PREFIX)) return serveE2eRoute(request, env.DB, url.pathname);
  const nonce = createNonce();
  // Vite's dev server injects inline scripts of its own, so the CSP applies to built code only.
  const secure = (response: Response) => withSecurityHeaders(response, { nonce, pathname: url.pathname, csp: !import.meta.env.DEV });

  if (url.pathname.startsWith("/audio/")) return secure(notForTheEdge(await serveAssetWithRanges(request, env.ASSETS)));
  if (url.pathname.startsWith(MEDIA_PATH_PREFIX)) return secure(await serveMedia(request, env, url.pathname, url.searchParams.get("w")));
  if (url.pathname.startsWith(`${EMULATOR_PATH_PREFIX}/`)) return secure(await proxyToStripeEmulator(request, env));

  // A page's form posted from another site: the guard's 403, not React Router's bare 400 (app/server/admin/guard.server.ts).
  const crossSite = crossSitePageWrite(request);
  if (crossSite) return secure(crossSite);

  // Who sends the request, read once (a signed cookie costs one HMAC): the cache, D1 and React Router's context share it.
  const identity = await readIdentity(request);
  // A cache hit needs neither a D1 session nor React Router: both start only when the page renders.
  const outcome: StreamOutcome = { failed: false, streamed: false };
  // A D1 failure React Router caught (a loader, action or middleware) is reported here by handleError (app/entry.server.tsx).
  const outage = { failed: false };
  const handle = () => {
    const context = new RouterContextProvider();
    context.set(cspNonceContext, nonce);
    context.set(streamOutcomeContext, outcome);
    context.set(databaseOutageContext, outage);
    context.set(identityContext, identity);
    if (isDocumentRequest(url)) context.set(documentBodiesContext, new Map());
    return server.handle(request, context);
  };
  const render = async () => {
    const response = await withD1Session(request, env.DB, handle, identity);
    // Single-fetch data (`.data`) stays React Router's encoding, which its client reads; it gets the Retry-After.
    if (outage.failed && url.pathname.endsWith(".data"))
      return withHeadersSet(response, [["Retry-After", String(DATABASE_RETRY_AFTER_SECONDS)]]);
    return outage.failed ? databaseUnavailableResponse(request) : response;
  };
  // Only a page written whole is kept (app/server/core/deferred.server.ts says why).
  const complete = () => !outcome.failed && !outcome.streamed;
  try {
    const response = secure(await servePage(request, nonce, await pageCacheDeps(server, env, ctx), render, complete, identity));
    // A counted page view (cache hits included) goes to the analytics queue inside waitUntil: docs/analytics.md.
    countPageView(request, response, { identity, env, waitUntil: (promise) => ctx.waitUntil(promise) });
    return response;
  } catch (error) {
    // D1 failing outside React Router: the page cache's content-version read, the D1 session itself.
    if (!isDatabaseFailure(error)) throw error;
    logEvent("error", "d1.unavailable", { where: "worker", path: url.pathname, error: shortError(rootCause(error)) });
    return secure(databaseUnavailableResponse(request));
  }
}

/**
 * The benchmark's ceiling for anything this Worker serves (scripts/bench/render-time.ts): a constant string of a
 * page's size (`?bytes=`). It exists only when the run sets the var BENCH_ROUTES=on, which wrangler.toml never does.
 */
const BENCH_CONSTANT_ROUTE = "/__bench/constant";
let benchBody = "";
function benchConstant(requested: number) {
  const bytes = Number.isInteger(requested) ? Math.min(Math.max(requested, 1), 1_000_000) : 1;
  if (benchBody.length !== bytes) benchBody = "x".repeat(bytes);
  return new Response(benchBody, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/** The isolate's memory tier of the page cache, shared by its requests. */
const memory = new MemoryCache();

/**
 * The Worker's page cache (app/server/core/cache.server.ts): off on the dev server (code changes under it)
 * and with the var `PAGE_CACHE=off` (the benchmark's uncached run); keys carry the client build's version.
 */
async function pageCacheDeps(server: ServerHandler, env: Env, ctx: ExecutionContext): Promise<PageCacheDeps> {
  const enabled = !import.meta.env.DEV && config(env).PAGE_CACHE;
  return {
    cache: enabled ? caches.default : null,
    memory: enabled ? memory : null,
    buildVersion: (await server.build()).assets.version,
    // Read at most once a second per isolate, from any replica.
    contentVersion: () => contentVersion.read(() => createDatabase(env.DB.withSession("first-unconstrained"))),
    waitUntil: (promise) => ctx.waitUntil(promise),
  };
}

/** Audio files of the media library, by their key's extension. */
const AUDIO_KEY = /\.(?:ogg|mp3|m4a|aac|wav)$/;

/**
 * An uploaded file of the media library (app/server/content/media.server.ts). An image's key names its bytes, so the edge
 * may keep it as long as the browser does (a deleted file's cached copies expire on their own). A recording is asked of
 * D1 first: a lesson's is not served here (404; to owners and editors, uncached) but by its lesson's route, which checks
 * access (docs/http.md, "Lesson recordings"); any other is served, kept an hour by the browser and never by the edge, since it may become a lesson's.
 */
async function serveMedia(request: Request, env: Env, pathname: string, width: string | null) {
  const key = pathname.slice(MEDIA_PATH_PREFIX.length);
  if (!MEDIA_KEY_PATTERN.test(key)) return new Response("Not found.", { status: 404 });
  if (width !== null && isResizableKey(key)) return serveImageVariant(request, env, key, Number(width));
  if (!AUDIO_KEY.test(key)) return serveObjectWithRanges(request, env.MEDIA, key);
  try {
    const db = createDatabase(env.DB.withSession("first-unconstrained"));
    if (await isLessonRecording(db, key)) {
      // The staff who edit courses (owners, editors) hear it in the library and the course editor; nobody keeps a copy.
      const staff = await adminSessionByToken(db, await readSessionToken(request), {});
      if (!staff || staff.session.role === "contributor") {
        return notForTheEdge(new Response("Not found.", { status: 404, headers: { "Cache-Control": NO_STORE } }));
      }
      return notForTheEdge(withHeadersSet(await serveObjectWithRanges(request, env.MEDIA, key), [["Cache-Control", NO_STORE]]));
    }
  } catch (error) {
    if (!isDatabaseFailure(error)) throw error;
    logEvent("error", "d1.unavailable", { where: "media", path: pathname, error: shortError(rootCause(error)) });
    return databaseUnavailableResponse(request);
  }
  const response = await serveObjectWithRanges(request, env.MEDIA, key);
  return notForTheEdge(withHeadersSet(response, [["Cache-Control", "public, max-age=3600"]]));
}

/**
 * /media/<key>?w=<width>: the image's copy at that width (docs/content-and-markdown.md, "Image sizes"), kept as long as
 * the original, since it is only ever stored once. Where none was made (an image uploaded before copies were, or one
 * narrower than the width, or a width not in IMAGE_WIDTHS) the original, kept a day only: its copy may come later.
 */
async function serveImageVariant(request: Request, env: Env, key: string, width: number) {
  if (isImageWidth(width) && (request.method === "GET" || request.method === "HEAD")) {
    const variant = await serveObjectWithRanges(request, env.MEDIA, variantKey(key, width));
    if (variant.status !== 404) return variant;
  }
  const original = await serveObjectWithRanges(request, env.MEDIA, key);
  return original.ok ? withHeadersSet(original, [["Cache-Control", "public, max-age=86400"]]) : original;
}

/**
 * In emulator mode the browser reaches the Stripe emulator (stand-in Stripe.js and API) on this origin, with
 * the publishable key only: credentials are not passed on, so nothing a secret key allows (listing every
 * PaymentIntent and its client secret, creating, cancelling) is reachable from outside the app.
 */
function proxyToStripeEmulator(request: Request, env: Env) {
  const emulator = env.STRIPE_EMULATOR;
  if (!emulator || getPaymentsSettings(env).mode !== "emulator") {
    return Response.json({ message: "Not found." }, { status: 404 });
  }
  const url = new URL(request.url);
  const target = new URL(url.pathname.slice(EMULATOR_PATH_PREFIX.length) + url.search, "http://stripe-emulator.local");
  const forwarded = new Request(target, request);
  forwarded.headers.delete("Authorization");
  forwarded.headers.delete("Cookie");
  forwarded.headers.set(EMULATOR_WEBHOOK_URL_HEADER, new URL("/api/stripe/webhook", url).href);
  return emulator.fetch(forwarded);
}

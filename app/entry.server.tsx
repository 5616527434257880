import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { DocumentBodiesContext } from "./lib/document-body";
import { NonceContext } from "./lib/nonce";
import { databaseOutageContext, noteDatabaseFailure } from "./server/core/database-outage.server";
import { streamOutcomeContext } from "./server/core/deferred.server";
import { documentBodiesContext } from "./server/content/document-body.server";
import { hydrateAfterLoad } from "./server/core/late-hydration.server";
import { cspNonceContext } from "./server/core/security-headers.server";
import { logEvent, rootCause, shortError, stackOf } from "./server/core/log.server";

export const streamTimeout = 5_000;

/**
 * Every error React Router caught in a loader, action or middleware. A D1 failure is noted on the request, and the
 * Worker answers the whole request with the 503 (app/server/core/database-outage.server.ts); anything else is logged as
 * React Router's own handler would.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const outage = typeof context?.get === "function" ? context.get(databaseOutageContext) : null;
  if (noteDatabaseFailure(error, outage)) logEvent("error", "d1.unavailable", { where: "route", error: shortError(rootCause(error)) });
  else logEvent("error", "route.unhandled_error", { error: shortError(error), stack: stackOf(error) });
};
/**
 * How long a document waits for its deferred data before it sends the shell. Data that arrives
 * within it is rendered in place (no skeleton flashes by, and no script is needed to reveal it);
 * slower data streams in behind the skeletons.
 */
export const SHELL_HOLD_MS = 50;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The nonce workers/app.ts put in the CSP header; every inline script React Router emits carries it.
  const nonce = loadContext.get(cspNonceContext) || undefined;
  // How the page was written, for the Worker's cache (app/server/core/deferred.server.ts).
  const outcome = loadContext.get(streamOutcomeContext);
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  // Crawlers and SPA-mode get the whole document at once, every section in place.
  const wholeDocument = Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      {/* The bodies the loaders left out of their data, to render into the document (server/document-body.server.ts). */}
      <DocumentBodiesContext.Provider value={loadContext.get(documentBodiesContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentBodiesContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      // A section that is ready goes in place, however long (React would move one past ~12 KB to the end
      // of the document, behind its skeleton, to be revealed by script).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      signal: AbortSignal.timeout(streamTimeout + 1_000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors while streaming after the shell are logged, not thrown: the shell is already out.
        // The page is then incomplete, so the Worker's cache does not keep it.
        if (shellRendered) {
          logEvent("error", "render.streamed_failed", { error: shortError(error), stack: stackOf(error) });
          if (outcome) outcome.failed = true;
        }
      },
    },
  );
  shellRendered = true;

  // React writes what is ready when the body is first read: waiting here is what puts quick data in place.
  let whole = false;
  const allReady = body.allReady.then(
    () => (whole = true),
    () => undefined,
  );
  if (wholeDocument) await allReady;
  else {
    let hold: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([allReady, new Promise((resolve) => (hold = setTimeout(resolve, SHELL_HOLD_MS)))]);
    clearTimeout(hold);
  }
  if (outcome && !whole) outcome.streamed = true;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Built pages hydrate after load (app/server/core/late-hydration.server.ts); the Vite dev server is left alone.
  const stream = import.meta.env.DEV ? body : hydrateAfterLoad(body);
  return new Response(stream, { headers: responseHeaders, status: responseStatusCode });
}

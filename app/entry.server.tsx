import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./lib/nonce";
import { streamOutcomeContext } from "./server/deferred.server";
import { cspNonceContext } from "./server/security-headers.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The nonce workers/app.ts put in the CSP header; every inline script React Router emits carries it.
  const nonce = loadContext.get(cspNonceContext) || undefined;
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  // Crawlers and SPA-mode get the whole document at once, every section in place.
  const wholeDocument = Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      // Whole documents never move a finished section out of place (React does past ~12 KB).
      progressiveChunkSize: wholeDocument ? Number.MAX_SAFE_INTEGER : undefined,
      signal: AbortSignal.timeout(streamTimeout + 1_000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors while streaming after the shell are logged, not thrown: the shell is already out.
        // The page is then incomplete, so the Worker's cache does not keep it.
        if (shellRendered) {
          console.error(error);
          const outcome = loadContext.get(streamOutcomeContext);
          if (outcome) outcome.failed = true;
        }
      },
    },
  );
  shellRendered = true;

  if (wholeDocument) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

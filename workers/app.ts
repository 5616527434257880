import { RouterContextProvider, createRequestHandler } from "react-router";
import { createNonce, cspNonceContext, withSecurityHeaders } from "../app/server/security-headers.server";
import { EMULATOR_PATH_PREFIX, getPaymentsSettings } from "../app/server/stripe.server";
import { serveAssetWithRanges } from "./ranged-assets";

const handleRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const nonce = createNonce();
    // Vite's dev server injects inline scripts of its own, so the CSP applies to built code only.
    const secure = (response: Response) =>
      withSecurityHeaders(response, { nonce, pathname: url.pathname, csp: !import.meta.env.DEV });

    if (url.pathname.startsWith("/audio/")) return secure(await serveAssetWithRanges(request, env.ASSETS));
    if (url.pathname.startsWith(`${EMULATOR_PATH_PREFIX}/`)) return secure(await proxyToStripeEmulator(request, env));

    const context = new RouterContextProvider();
    context.set(cspNonceContext, nonce);
    return secure(await handleRequest(request, context));
  },
} satisfies ExportedHandler<Env>;

/** In emulator mode the browser reaches the Stripe emulator (stand-in Stripe.js and API) on this origin. */
function proxyToStripeEmulator(request: Request, env: Env) {
  const emulator = (env as { STRIPE_EMULATOR?: Fetcher }).STRIPE_EMULATOR;
  if (!emulator || getPaymentsSettings(env as never).mode !== "emulator") {
    return Response.json({ message: "Not found." }, { status: 404 });
  }
  const url = new URL(request.url);
  const target = new URL(url.pathname.slice(EMULATOR_PATH_PREFIX.length) + url.search, "http://stripe-emulator.local");
  const forwarded = new Request(target, request);
  forwarded.headers.set("x-emulator-webhook-url", new URL("/api/stripe/webhook", url).href);
  return emulator.fetch(forwarded);
}

import { redirect } from "react-router";
import type { Route } from "./+types/access";
import { getDb } from "~/server/core/db.server";
import { identityOf } from "~/server/core/identity.server";
import { learnerSessionCookie, learnerSignInAvailable, proveInbox, redeemAccessToken } from "~/server/learning/learner.server";
import { NO_STORE } from "~/server/core/http.server";
import { unprovenWorkOf } from "~/server/learning/unproven-work.server";

/**
 * The access-link redirect sends no Referer: the next request must not carry the link's token anywhere. (Its policy in
 * app/site-routes.ts makes every answer private and noindex.)
 */
const ACCESS_REDIRECT_HEADERS = { "Referrer-Policy": "no-referrer" } as const;

/**
 * A request that only looks at the link, and must not use it up: a HEAD (link scanners, mail clients checking a
 * URL) or a browser's prefetch (`Sec-Purpose: prefetch`, or the older `Purpose: prefetch`/`X-Purpose: preview`).
 */
export function isLookOnlyRequest(request: Request) {
  if (request.method === "HEAD") return true;
  const purpose = [request.headers.get("Sec-Purpose"), request.headers.get("Purpose"), request.headers.get("X-Purpose")]
    .filter((value) => value !== null)
    .join(",")
    .toLowerCase();
  return /\b(prefetch|prerender|preview)\b/.test(purpose);
}

/**
 * An e-mailed access link: used up once, exchanged for a proven learner session on this device (an unproven session of
 * the same address held by this browser is merged into the address: `proveInbox`), then into the course, or to /learn
 * when unproven sessions elsewhere did work the learner may add.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  // A look is not a click: nothing is used up, no session starts. A prefetch gets an answer it cannot keep (not 2xx,
  // no-store), so the click that follows reaches this loader.
  if (isLookOnlyRequest(request)) {
    return new Response(null, {
      status: request.method === "HEAD" ? 200 : 503,
      headers: { ...ACCESS_REDIRECT_HEADERS, "Cache-Control": NO_STORE, "Retry-After": "0" },
    });
  }
  // Without the signing secret no session could start: the link is kept for when it can.
  if (!learnerSignInAvailable()) throw redirect("/learn?notice=sign-in-unavailable", { headers: ACCESS_REDIRECT_HEADERS });
  const db = getDb();
  const redemption = await redeemAccessToken(db, params.token);
  if (!redemption.ok) {
    throw redirect(`/learn?notice=${redemption.reason === "invalid" ? "link-invalid" : "nothing-owned"}`, {
      headers: ACCESS_REDIRECT_HEADERS,
    });
  }
  const session = await proveInbox(db, {
    email: redemption.email,
    previousSessionId: (await identityOf(request, context)).learnerSessionId,
  });
  if (!session) throw redirect("/learn?notice=sign-in-unavailable", { headers: ACCESS_REDIRECT_HEADERS });
  // Work done in unproven sessions elsewhere (the device that paid) waits on /learn for the learner to add or discard.
  const offered = (await unprovenWorkOf(db, redemption.email)).length > 0;
  throw redirect(offered || redemption.courseId === null ? "/learn" : `/courses/${redemption.courseId}/learn`, {
    headers: { ...ACCESS_REDIRECT_HEADERS, "Set-Cookie": learnerSessionCookie(session, request) },
  });
}

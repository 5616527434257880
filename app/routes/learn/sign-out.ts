import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { getDb } from "~/server/core/db.server";
import { clearedLearnerCookie, endLearnerSession } from "~/server/learning/learner.server";
import { NO_STORE } from "~/server/core/http.server";

/**
 * Signs this device out: the session is deleted in D1 and the cookie cleared. Progress stays with the address. A
 * cross-site post is refused (403: its policy in app/site-routes.ts, enforced by the route guard).
 */
export async function action({ request }: Route.ActionArgs) {
  await endLearnerSession(getDb(), request);
  return redirect("/learn?notice=signed-out", {
    headers: { "Set-Cookie": clearedLearnerCookie(request), "Cache-Control": NO_STORE },
  });
}

export function loader() {
  return redirect("/learn");
}

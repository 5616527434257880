import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { getDb } from "~/server/core/db.server";
import { isCrossSiteRequest } from "~/server/core/request.server";
import { HttpError } from "~/server/core/http.server";
import { clearedLearnerCookie, endLearnerSession } from "~/server/learning/learner.server";

/** Signs this device out: the session is deleted in D1 and the cookie cleared. Progress stays with the address. */
export async function action({ request }: Route.ActionArgs) {
  if (isCrossSiteRequest(request)) throw new HttpError(403, "Cross-site requests are not allowed.").toResponse();
  await endLearnerSession(getDb(), request);
  return redirect("/learn?notice=signed-out", {
    headers: { "Set-Cookie": clearedLearnerCookie(request), "Cache-Control": "private, no-store" },
  });
}

export function loader() {
  return redirect("/learn");
}

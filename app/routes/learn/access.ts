import { redirect } from "react-router";
import type { Route } from "./+types/access";
import { getDb } from "~/server/db.server";
import { PRIVATE_PAGE_HEADERS } from "~/server/learner-context.server";
import { learnerSessionCookie, redeemAccessToken, startLearnerSession } from "~/server/learner.server";

/** An e-mailed access link: used up once, exchanged for a learner session on this device, then into the course. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb();
  const redemption = await redeemAccessToken(db, params.token);
  if (!redemption.ok) {
    throw redirect(`/learn?notice=${redemption.reason === "invalid" ? "link-invalid" : "nothing-owned"}`, {
      headers: PRIVATE_PAGE_HEADERS,
    });
  }
  const session = await startLearnerSession(db, redemption.email);
  throw redirect(redemption.courseId === null ? "/learn" : `/courses/${redemption.courseId}/learn`, {
    headers: { ...PRIVATE_PAGE_HEADERS, "Set-Cookie": learnerSessionCookie(session, request), "Referrer-Policy": "no-referrer" },
  });
}

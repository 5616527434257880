import { redirect } from "react-router";
import type { Route } from "./+types/unproven";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { HttpError, NO_STORE } from "~/server/core/http.server";
import { provenLearner } from "~/server/learning/learner-data.server";
import { addUnprovenWork, discardUnprovenWork, unprovenWorkActionSchema } from "~/server/learning/unproven-work.server";

/**
 * POST intent=add | discard, courseId: the work of this address's unproven sessions of that course joins its record, or is
 * deleted (docs/courses-and-learning.md, "Merging on proof"). Only a session that proved the inbox may (403 otherwise;
 * cross-site posts are refused by the route guard), then /learn says what was done.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return formAction({ request, context }, unprovenWorkActionSchema, async (input) => {
    const learner = await provenLearner(context);
    if (!learner) throw new HttpError(403, "Open the link we e-mailed you on this device first: only the inbox's owner can add this work.");
    const db = getDb();
    if (input.intent === "add") await addUnprovenWork(db, learner.email, input.courseId);
    else await discardUnprovenWork(db, learner.email, input.courseId);
    return redirect(`/learn?notice=unproven-${input.intent === "add" ? "added" : "discarded"}`, { headers: { "Cache-Control": NO_STORE } });
  });
}

export function loader() {
  return redirect("/learn");
}

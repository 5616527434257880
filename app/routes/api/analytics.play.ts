import type { Route } from "./+types/analytics.play";
import { getDb } from "~/server/core/db.server";
import { HttpError, handleApi } from "~/server/core/http.server";
import { identityOf } from "~/server/core/identity.server";
import { playBindings, receivePlayBeacon } from "~/server/analytics/plays.server";

/** The practice player's beacons (app/server/analytics/plays.server.ts): 204 whether counted or not; refusals as `{ message }`. */
export const action = ({ request, context }: Route.ActionArgs) =>
  handleApi(async () => {
    if (request.method !== "POST") throw new HttpError(405, "Send the beacon with a POST request.");
    const identity = await identityOf(request, context);
    await receivePlayBeacon(request, {
      db: getDb(),
      ...playBindings(),
      clientKey: identity.clientKey,
      admin: identity.adminToken !== null,
    });
    return new Response(null, { status: 204 });
  });

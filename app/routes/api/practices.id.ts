import type { Route } from "./+types/practices.id";
import { practiceSchema } from "~/lib/admin-schemas";
import { deletePractice, updatePractice } from "~/server/admin-content.server";
import { adminApi } from "~/server/admin-guard.server";
import { getDb } from "~/server/db.server";
import { getPractice, parseId } from "~/server/content.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/http.server";

export const loader = ({ params }: Route.LoaderArgs) =>
  handleApi(async () => {
    const id = parseId(params.id);
    const practice = id === null ? undefined : await getPractice(getDb(), id);
    if (!practice) throw new HttpError(404, "Practice not found.");
    return json(practice);
  });

/** PUT /api/practices/{id} replaces a practice (200 with the row); DELETE removes it (204). Admin only. */
export const action = ({ request, params }: Route.ActionArgs) =>
  adminApi(request, async (db) => {
    const id = parseId(params.id);
    if (request.method === "PUT") {
      const input = await readJsonBody(request, practiceSchema);
      if (id === null) throw new HttpError(404, "Practice not found.");
      return json(await updatePractice(db, id, input));
    }
    if (request.method === "DELETE") {
      if (id === null) throw new HttpError(404, "Practice not found.");
      await deletePractice(db, id);
      return new Response(null, { status: 204 });
    }
    throw new HttpError(405, "Use PUT to change a practice or DELETE to remove it.");
  });

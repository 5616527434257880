import type { Route } from "./+types/practices";
import { practiceSchema } from "~/lib/admin-schemas";
import { createPractice } from "~/server/admin-content.server";
import { adminApi } from "~/server/admin-guard.server";
import { getDb } from "~/server/db.server";
import { listPractices } from "~/server/content.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/http.server";

export const loader = () => handleApi(async () => json(await listPractices(getDb())));

/** POST /api/practices (admin): creates a practice; 201 with the stored row. */
export const action = ({ request }: Route.ActionArgs) =>
  adminApi(request, async (db) => {
    if (request.method !== "POST") throw new HttpError(405, "Create a practice with a POST request.");
    const input = await readJsonBody(request, practiceSchema);
    return json(await createPractice(db, input), { status: 201 });
  });

import type { Route } from "./+types/resources";
import { resourceSchema } from "~/lib/admin-schemas";
import { createResource, listResources } from "~/server/admin-content.server";
import { adminApi } from "~/server/admin-guard.server";
import { getDb } from "~/server/db.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/http.server";

/** GET /api/resources: every resource, flat (the public library data, with each resource's url). */
export const loader = () => handleApi(async () => json(await listResources(getDb())));

/** POST /api/resources (admin): creates a resource; 201 with the stored row, 400 for an unknown categoryId. */
export const action = ({ request }: Route.ActionArgs) =>
  adminApi(request, async (db) => {
    if (request.method !== "POST") throw new HttpError(405, "Create a resource with a POST request.");
    const input = await readJsonBody(request, resourceSchema);
    return json(await createResource(db, input), { status: 201 });
  });

import type { Route } from "./+types/resources.id";
import { resourceSchema } from "~/lib/admin-schemas";
import { deleteResource, updateResource } from "~/server/admin-content.server";
import { adminApi } from "~/server/admin-guard.server";
import { getDb } from "~/server/db.server";
import { getResource, parseId } from "~/server/content.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/http.server";

export const loader = ({ params }: Route.LoaderArgs) =>
  handleApi(async () => {
    const id = parseId(params.id);
    const resource = id === null ? undefined : await getResource(getDb(), id);
    if (!resource) throw new HttpError(404, "Resource not found.");
    return json(resource);
  });

/** PUT /api/resources/{id} replaces a resource (200 with the row); DELETE removes it (204). Admin only. */
export const action = ({ request, params }: Route.ActionArgs) =>
  adminApi(request, async (db) => {
    const id = parseId(params.id);
    if (request.method === "PUT") {
      const input = await readJsonBody(request, resourceSchema);
      if (id === null) throw new HttpError(404, "Resource not found.");
      return json(await updateResource(db, id, input));
    }
    if (request.method === "DELETE") {
      if (id === null) throw new HttpError(404, "Resource not found.");
      await deleteResource(db, id);
      return new Response(null, { status: 204 });
    }
    throw new HttpError(405, "Use PUT to change a resource or DELETE to remove it.");
  });

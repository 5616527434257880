/**
 * GET /api/{articles,practices,resources}/{id}: the public item; PUT (admin) replaces it (200 with the row),
 * DELETE removes it (204). Registered once per content type in app/routes.ts; the URL says which.
 */
import type { Route } from "./+types/content-item";
import { CONTENT_TYPE_FORMS } from "~/components/admin/content-types";
import { deleteContent, updateContent } from "~/server/admin-content.server";
import { adminApi } from "~/server/admin-guard.server";
import { auditItemName } from "~/server/audit.server";
import { parseId } from "~/server/content.server";
import { CONTENT_TYPE_SERVERS, contentTypeOfRequest, notFoundMessage } from "~/server/content-types.server";
import { getDb } from "~/server/db.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/http.server";

export const loader = ({ request, params }: Route.LoaderArgs) =>
  handleApi(async () => {
    const key = contentTypeOfRequest(request, "api");
    const id = parseId(params.id);
    const item = id === null ? undefined : await CONTENT_TYPE_SERVERS[key].getPublic(getDb(), id);
    if (!item) throw new HttpError(404, notFoundMessage(key));
    return json(item);
  });

export const action = ({ request, params }: Route.ActionArgs) =>
  adminApi(request, async (db, session, note) => {
    const key = contentTypeOfRequest(request, "api");
    const type = CONTENT_TYPE_FORMS[key];
    const id = parseId(params.id);
    if (request.method === "PUT") {
      const input = await readJsonBody(request, type.updateSchema);
      if (id === null) throw new HttpError(404, notFoundMessage(key));
      const updated = await updateContent(db, key, id, input as Record<string, unknown>, { author: session });
      note.object = auditItemName(key, id, (updated as { title?: string }).title);
      return json(updated);
    }
    if (request.method === "DELETE") {
      if (id === null) throw new HttpError(404, notFoundMessage(key));
      const deleted = await deleteContent(db, key, id);
      note.object = auditItemName(key, id, deleted?.title);
      return new Response(null, { status: 204 });
    }
    throw new HttpError(405, `Use PUT to change ${type.withArticle} or DELETE to remove it.`);
  });

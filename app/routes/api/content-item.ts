/**
 * GET /api/{articles,practices,resources,courses}/{id}: the public item, with its version as the `ETag`; PUT (admin)
 * replaces it (200 with the row and its new `ETag`), DELETE removes it (204). Registered once per content type in
 * app/routes.ts; the URL says which. A PUT must say which version it was edited from (the body's `version` or an
 * `If-Match` header: app/server/core/edit-version.server.ts): 428 without one, 409 when someone else saved since.
 */
import type { Route } from "./+types/content-item";
import { CONTENT_TYPE_SPECS } from "~/lib/content-types/registry";
import { deleteContent, getContentVersion, updateContent } from "~/server/admin/content.server";
import { adminApi } from "~/server/admin/guard.server";
import { checkItemAccess, checkStatusChange, itemActor } from "~/server/admin/content-access.server";
import { auditItemName } from "~/server/admin/audit.server";
import { parseId } from "~/server/content/content.server";
import { CONTENT_TYPE_NAMES } from "~/lib/content-types";
import { contentTypeOfRequest, contentTypeServer, notFoundMessage } from "~/server/content/content-types.server";
import { getDb } from "~/server/core/db.server";
import { etagOf, requiredVersion } from "~/server/core/edit-version.server";
import { HttpError, handleApi, json, checkedBody, readJsonValue } from "~/server/core/http.server";

export const loader = ({ request, params }: Route.LoaderArgs) =>
  handleApi(async () => {
    const key = contentTypeOfRequest(request);
    const id = parseId(params.id);
    if (id === null) throw new HttpError(404, notFoundMessage(key));
    const db = getDb();
    // The version is read before the item, so a save in between makes the ETag older than the body (a 409 on the
    // PUT that follows), never newer (which would let that PUT overwrite the save unseen).
    const version = await getContentVersion(db, key, id);
    const item = version !== undefined && (await contentTypeServer(key).getPublic(db, id));
    if (!item) throw new HttpError(404, notFoundMessage(key));
    return json(item, { headers: { ETag: etagOf(version) } });
  });

export const action = ({ request, params, context }: Route.ActionArgs) =>
  adminApi({ request, context }, async (db, session, note) => {
    const key = contentTypeOfRequest(request);
    const type = CONTENT_TYPE_SPECS[key];
    const id = parseId(params.id);
    if (request.method === "PUT") {
      const server = contentTypeServer(key);
      const body = await readJsonValue(request);
      const input = checkedBody(type.updateSchema, server.apiBody ? await server.apiBody(db, body) : body);
      if (id === null) throw new HttpError(404, notFoundMessage(key));
      const { noun, path } = CONTENT_TYPE_NAMES[key];
      const version = requiredVersion(request, input.version, `this ${noun.toLowerCase()}`, `GET /api/${path}/${id}`);
      // Whose item, and what the role may do to it (the route's `items`): a contributor saves only their own drafts.
      const actor = itemActor(request, session);
      await checkItemAccess(db, key, id, actor, "change");
      checkStatusChange(actor, input, false);
      const updated = await updateContent(db, key, id, { ...input, version }, { author: session });
      note.object = auditItemName(key, id, updated.title);
      return json(updated, { headers: { ETag: etagOf(updated.updatedAt) } });
    }
    if (request.method === "DELETE") {
      if (id === null) throw new HttpError(404, notFoundMessage(key));
      await checkItemAccess(db, key, id, itemActor(request, session), "delete");
      const deleted = await deleteContent(db, key, id);
      note.object = auditItemName(key, id, deleted?.title);
      return new Response(null, { status: 204 });
    }
    throw new HttpError(405, `Use PUT to change ${type.withArticle} or DELETE to remove it.`);
  });

/**
 * GET /api/{articles,practices,resources}: the public list; POST (admin): creates one, 201 with the stored row.
 * Registered once per content type in app/routes.ts; the URL says which (app/lib/content-types.ts).
 */
import type { Route } from "./+types/content-collection";
import { CONTENT_TYPE_SPECS } from "~/lib/content-types/registry";
import { createContent } from "~/server/admin/content.server";
import { adminApi } from "~/server/admin/guard.server";
import { checkStatusChange, itemActor } from "~/server/admin/content-access.server";
import { auditItemName } from "~/server/admin/audit.server";
import { contentTypeOfRequest, contentTypeServer } from "~/server/content/content-types.server";
import { getDb } from "~/server/core/db.server";
import { HttpError, checkedBody, handleApi, json, readJsonValue } from "~/server/core/http.server";

export const loader = ({ request }: Route.LoaderArgs) =>
  handleApi(async () => json(await contentTypeServer(contentTypeOfRequest(request)).listPublic(getDb())));

export const action = ({ request, context }: Route.ActionArgs) =>
  adminApi({ request, context }, async (db, session, note) => {
    const key = contentTypeOfRequest(request);
    const type = CONTENT_TYPE_SPECS[key];
    if (request.method !== "POST") throw new HttpError(405, `Create ${type.withArticle} with a POST request.`);
    const server = contentTypeServer(key);
    const body = await readJsonValue(request);
    const input = checkedBody(type.createSchema, server.apiBody ? await server.apiBody(db, body) : body);
    // A contributor creates drafts only (app/site-routes.ts, the route's `items`).
    checkStatusChange(itemActor(request, session), input, true);
    const created = await createContent(db, key, input, { author: session, createdBy: session.accountId });
    note.object = auditItemName(key, created.id, created.title);
    return json(created, { status: 201 });
  });

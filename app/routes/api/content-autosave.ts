/**
 * POST /api/{articles,practices,resources,courses,authors}/{id}/autosave (admin): keeps the edit form's values as the
 * signed-in account's autosave of the item (app/server/admin/autosaves.server.ts), never the item itself; DELETE
 * discards it. Body `{ version, values }` (app/lib/autosave.ts): 400 for a bad body, 404 for an unknown item, 409 when
 * the item was saved since `version`; 404 or 403 as a save for an item the account may not change (a contributor's
 * are their own drafts). Autosaves are not audited: they change nothing anyone else sees.
 */
import type { Route } from "./+types/content-autosave";
import { autosaveSchema } from "~/lib/autosave";
import { checkItemAccess, itemActor } from "~/server/admin/content-access.server";
import { adminApi } from "~/server/admin/guard.server";
import { autosaveContent, discardAutosave } from "~/server/admin/autosaves.server";
import { parseId } from "~/server/content/content.server";
import { contentTypeOfRequest, notFoundMessage } from "~/server/content/content-types.server";
import { revisionFields } from "~/server/content/revisions.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/core/http.server";

export const loader = () =>
  handleApi(async () => {
    throw new HttpError(405, "Autosave with a POST request; the edit page offers an autosave back.");
  });

export const action = ({ request, params, context }: Route.ActionArgs) =>
  adminApi(
    { request, context },
    async (db, session) => {
      const key = contentTypeOfRequest(request);
      const id = parseId(params.id);
      if (request.method === "POST") {
        const input = await readJsonBody(request, autosaveSchema(revisionFields(key)));
        if (id === null) throw new HttpError(404, notFoundMessage(key));
        // Only an item the account may save (a contributor: their own draft), with the same 404 and 403 as a save.
        await checkItemAccess(db, key, id, itemActor(request, session), "change");
        return json(await autosaveContent(db, key, id, input, session.username));
      }
      if (request.method === "DELETE") {
        if (id === null) throw new HttpError(404, notFoundMessage(key));
        await discardAutosave(db, key, id, session.username);
        return new Response(null, { status: 204 });
      }
      throw new HttpError(405, "Autosave with a POST request, or discard your autosave with DELETE.");
    },
    { writes: false },
  );

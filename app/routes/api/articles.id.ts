import type { Route } from "./+types/articles.id";
import { articleUpdateSchema } from "~/lib/admin-schemas";
import { deleteArticle, updateArticle } from "~/server/admin-content.server";
import { adminApi } from "~/server/admin-guard.server";
import { getDb } from "~/server/db.server";
import { getArticle, parseId } from "~/server/content.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/http.server";

export const loader = ({ params }: Route.LoaderArgs) =>
  handleApi(async () => {
    const id = parseId(params.id);
    const article = id === null ? undefined : await getArticle(getDb(), id);
    if (!article) throw new HttpError(404, "Article not found.");
    return json(article);
  });

/** PUT /api/articles/{id} replaces an article (200 with the row); DELETE removes it (204). Admin only. */
export const action = ({ request, params }: Route.ActionArgs) =>
  adminApi(request, async (db) => {
    const id = parseId(params.id);
    if (request.method === "PUT") {
      const input = await readJsonBody(request, articleUpdateSchema);
      if (id === null) throw new HttpError(404, "Article not found.");
      return json(await updateArticle(db, id, input));
    }
    if (request.method === "DELETE") {
      if (id === null) throw new HttpError(404, "Article not found.");
      await deleteArticle(db, id);
      return new Response(null, { status: 204 });
    }
    throw new HttpError(405, "Use PUT to change an article or DELETE to remove it.");
  });

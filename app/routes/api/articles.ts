import type { Route } from "./+types/articles";
import { articleSchema } from "~/lib/admin-schemas";
import { createArticle } from "~/server/admin-content.server";
import { adminApi } from "~/server/admin-guard.server";
import { getDb } from "~/server/db.server";
import { listArticles } from "~/server/content.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/http.server";

export const loader = () => handleApi(async () => json(await listArticles(getDb())));

/** POST /api/articles (admin): creates an article; 201 with the stored row. */
export const action = ({ request }: Route.ActionArgs) =>
  adminApi(request, async (db) => {
    if (request.method !== "POST") throw new HttpError(405, "Create an article with a POST request.");
    const input = await readJsonBody(request, articleSchema);
    return json(await createArticle(db, input), { status: 201 });
  });

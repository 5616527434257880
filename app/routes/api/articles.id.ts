import type { Route } from "./+types/articles.id";
import { getDb } from "~/server/db.server";
import { getArticle, parseId } from "~/server/content.server";
import { HttpError, handleApi, json } from "~/server/http.server";

export const loader = ({ params }: Route.LoaderArgs) =>
  handleApi(async () => {
    const id = parseId(params.id);
    const article = id === null ? undefined : await getArticle(getDb(), id);
    if (!article) throw new HttpError(404, "Article not found.");
    return json(article);
  });

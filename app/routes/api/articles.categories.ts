import { getDb } from "~/server/core/db.server";
import { listArticleCategories } from "~/server/content/content.server";
import { handleApi, json } from "~/server/core/http.server";

export const loader = () => handleApi(async () => json(await listArticleCategories(getDb())));

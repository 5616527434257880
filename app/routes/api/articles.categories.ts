import { getDb } from "~/server/db.server";
import { listArticleCategories } from "~/server/content.server";
import { handleApi, json } from "~/server/http.server";

export const loader = () => handleApi(async () => json(await listArticleCategories(getDb())));

import { getDb } from "~/server/core/db.server";
import { listFeaturedArticles } from "~/server/content/content.server";
import { handleApi, json } from "~/server/core/http.server";

export const loader = () => handleApi(async () => json(await listFeaturedArticles(getDb())));

import { getDb } from "~/server/db.server";
import { listFeaturedArticles } from "~/server/content.server";
import { handleApi, json } from "~/server/http.server";

export const loader = () => handleApi(async () => json(await listFeaturedArticles(getDb())));

import { getDb } from "~/server/db.server";
import { listArticles } from "~/server/content.server";
import { handleApi, json } from "~/server/http.server";

export const loader = () => handleApi(async () => json(await listArticles(getDb())));

import { getDb } from "~/server/db.server";
import { listResourceCategories } from "~/server/content.server";
import { handleApi, json } from "~/server/http.server";

export const loader = () => handleApi(async () => json(await listResourceCategories(getDb())));

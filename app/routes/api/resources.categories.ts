import { getDb } from "~/server/core/db.server";
import { listResourceCategories } from "~/server/content/content.server";
import { handleApi, json } from "~/server/core/http.server";

export const loader = () => handleApi(async () => json(await listResourceCategories(getDb())));

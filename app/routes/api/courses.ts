import { listCourses } from "~/server/courses.server";
import { getDb } from "~/server/db.server";
import { handleApi, json } from "~/server/http.server";

export const loader = () => handleApi(async () => json(await listCourses(getDb())));

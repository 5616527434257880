import type { Route } from "./+types/courses.id";
import { parseId } from "~/server/content.server";
import { getCourse } from "~/server/courses.server";
import { getDb } from "~/server/db.server";
import { HttpError, handleApi, json } from "~/server/http.server";

export const loader = ({ params }: Route.LoaderArgs) =>
  handleApi(async () => {
    const id = parseId(params.id);
    const course = id === null ? undefined : await getCourse(getDb(), id);
    if (!course) throw new HttpError(404, "Course not found.");
    return json(course);
  });

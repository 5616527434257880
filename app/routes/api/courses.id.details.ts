import type { Route } from "./+types/courses.id.details";
import { parseId } from "~/server/content/content.server";
import { getCourseDetails } from "~/server/learning/courses.server";
import { getDb } from "~/server/core/db.server";
import { HttpError, handleApi, json } from "~/server/core/http.server";

export const loader = ({ params }: Route.LoaderArgs) =>
  handleApi(async () => {
    const id = parseId(params.id);
    const course = id === null ? undefined : await getCourseDetails(getDb(), id);
    if (!course) throw new HttpError(404, "Course not found.");
    return json(course);
  });

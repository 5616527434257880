import type { Route } from "./+types/practices.id";
import { getDb } from "~/server/db.server";
import { getPractice, parseId } from "~/server/content.server";
import { HttpError, handleApi, json } from "~/server/http.server";

export const loader = ({ params }: Route.LoaderArgs) =>
  handleApi(async () => {
    const id = parseId(params.id);
    const practice = id === null ? undefined : await getPractice(getDb(), id);
    if (!practice) throw new HttpError(404, "Practice not found.");
    return json(practice);
  });

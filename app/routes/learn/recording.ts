import { env } from "cloudflare:workers";
import type { Route } from "./+types/recording";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";
import { NO_STORE } from "~/server/core/http.server";
import { lessonReader } from "~/server/learning/learner-context.server";
import { lessonRecording } from "~/server/learning/learning.server";
import { serveRecordingAt } from "../../../workers/ranged-assets";

const refusal = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE } });

/**
 * `GET|HEAD /courses/{id}/learn/{lessonId}/recording`: the lesson's recording, with byte ranges (docs/http.md), to
 * whoever may read the lesson (`lessonRecording`: the lesson page's rule); 403 for anyone else, 404 for no such
 * recording. Never kept by a cache: a refund closes it at the next request.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const courseId = parseId(params.id);
  const lessonId = parseId(params.lessonId);
  if (courseId === null || lessonId === null) return refusal(404, "Not found.");
  const found = await lessonRecording(getDb(), { courseId, lessonId, reader: await lessonReader(context) });
  if ("status" in found) return refusal(found.status, found.message);
  const response = await serveRecordingAt(request, found.audioUrl, { media: env.MEDIA, assets: env.ASSETS });
  if (!response) return refusal(404, "This lesson has no recording.");
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", NO_STORE);
  headers.set("CDN-Cache-Control", "no-store");
  return new Response(response.body, { status: response.status, headers });
}

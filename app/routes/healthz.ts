import { env } from "cloudflare:workers";
import type { Route } from "./+types/healthz";
import { requestIdOf } from "~/server/core/log.server";
import { healthResponse } from "~/server/operator/health.server";

/** For an uptime monitor: 200 when D1, R2 and the queue binding answer, 503 naming the failing part (app/server/operator/health.server.ts). */
export const loader = ({ request }: Route.LoaderArgs) =>
  healthResponse({ db: env.DB, media: env.MEDIA, queue: env.MAIL_QUEUE, requestId: requestIdOf(request) });

/**
 * The practice player's play beacons (POST /api/analytics/play, docs/analytics.md "Plays and sources"): the player
 * (app/components/practice/practice-player-controller.ts) reports a play's start, its half-way point and its end with
 * `navigator.sendBeacon`, each once per play, with a random play id it never stores. A beacon is read, checked and
 * handed to the analytics queue as a PlayMessage; the queue's consumer (aggregate.server.ts) adds it to the day's
 * totals, counting each (play id, event) once. Nothing here is stored, and nothing names the listener.
 *
 * In order: the body (text/plain as sendBeacon sends a string, or JSON; at most MAX_PLAY_BEACON_BYTES), its fields
 * (zod), then bots (isbot) and the site's own admins, who are answered 204 and not counted, then the abuse limit
 * (Cloudflare's Rate Limiting binding: no D1 write), then the practice, which must exist and be published (one D1 read).
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { isbot } from "isbot";
import { z } from "zod";
import { practices } from "../../../db/schema";
import { PLAY_EVENTS, type PlayMessage } from "~/lib/analytics";
import { utcDay } from "~/lib/analytics-range";
import type { Database } from "../core/db.server";
import { HttpError, readJsonText } from "../core/http.server";
import { isPublished } from "../content/published.server";

/** A beacon is about 120 bytes; anything much larger is not the player's. */
export const MAX_PLAY_BEACON_BYTES = 1024;
/** The most seconds one report may add (a report comes at half way and at the end of a recording of at most 45 minutes). */
export const MAX_PLAY_SECONDS = 3600;
/** Seconds a refused client is told to wait: the limiter's period (wrangler.toml, `[[ratelimits]]`). */
export const PLAY_RATE_LIMIT_PERIOD_SECONDS = 60;

/** What the player sends: the practice, its play's random id, the event, the seconds listened since its previous report. */
export const playBeaconSchema = z.object({
  practiceId: z
    .number({ error: "practiceId must be a practice id." })
    .int("practiceId must be a practice id.")
    .positive("practiceId must be a practice id."),
  playId: z.string({ error: "playId must be a UUID." }).uuid("playId must be a UUID."),
  event: z.enum(PLAY_EVENTS, { error: `event must be one of ${PLAY_EVENTS.join(", ")}.` }),
  seconds: z.number({ error: "seconds must be a number." }).finite("seconds must be a number.").min(0, "seconds must not be negative."),
});
export type PlayBeacon = z.infer<typeof playBeaconSchema>;

export type PlayBeaconDeps = {
  db: Database;
  queue: { send: (message: PlayMessage) => Promise<unknown> };
  limiter: Pick<RateLimit, "limit">;
  /** The client's key (its address, an IPv6 address's /64), for the limiter. */
  clientKey: string;
  /** A signed admin session cookie came with the beacon: the site's own people are not counted. */
  admin: boolean;
};

/** What became of a beacon that was answered 204. */
export type PlayBeaconOutcome = "queued" | "bot" | "admin";

/** Reads the beacon's body: text/plain (sendBeacon's string) or JSON, at most MAX_PLAY_BEACON_BYTES. */
async function readBeacon(request: Request): Promise<PlayBeacon> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(text\/plain|application\/(.+\+)?json)\b/i.test(type)) {
    throw new HttpError(415, "Send the beacon as text/plain or application/json.");
  }
  return readJsonText(request, playBeaconSchema, MAX_PLAY_BEACON_BYTES);
}

/**
 * Handles one beacon: refuses what is malformed (415, 413, 400), past the limit (429) or about no published practice
 * (404); ignores bots and admins; otherwise sends the PlayMessage to the analytics queue.
 */
export async function receivePlayBeacon(request: Request, deps: PlayBeaconDeps, now = new Date()): Promise<PlayBeaconOutcome> {
  const beacon = await readBeacon(request);
  if (isbot(request.headers.get("user-agent") ?? "")) return "bot";
  if (deps.admin) return "admin";
  const { success } = await deps.limiter.limit({ key: deps.clientKey });
  if (!success) {
    throw new HttpError(429, "Too many requests. Please try again in 1 minute.", undefined, {
      "Retry-After": String(PLAY_RATE_LIMIT_PERIOD_SECONDS),
    });
  }
  const practice = await deps.db
    .select({ id: practices.id, duration: practices.duration })
    .from(practices)
    .where(and(eq(practices.id, beacon.practiceId), isPublished(practices)))
    .get();
  if (!practice) throw new HttpError(404, "Practice not found.", "practiceId");
  await deps.queue.send(playMessage(beacon, now, recordingSeconds(practice.duration)));
  return "queued";
}

/**
 * The most seconds a report of a practice's play may add: its recording's stated length (minutes) and a tenth more
 * (the seed's recordings are within 5% of it; an owner's upload may be a little longer than the minutes typed).
 */
export function recordingSeconds(durationMinutes: number): number {
  return Math.min(Math.ceil((durationMinutes * 60 * 11) / 10), MAX_PLAY_SECONDS);
}

/**
 * The queue's message for a beacon: today's date, the time it came (`at`: the consumer bounds a report's seconds by
 * the time since its play's start), and the seconds as a whole number within 0..`lengthSeconds` (0 for a start).
 */
export function playMessage(beacon: PlayBeacon, now: Date, lengthSeconds = MAX_PLAY_SECONDS): PlayMessage {
  const seconds = beacon.event === "start" ? 0 : Math.min(Math.round(beacon.seconds), lengthSeconds, MAX_PLAY_SECONDS);
  return {
    type: "play",
    day: utcDay(now),
    practiceId: beacon.practiceId,
    playId: beacon.playId,
    event: beacon.event,
    seconds,
    at: now.getTime(),
  };
}

/** The Worker's own bindings: the analytics queue and the play limiter (wrangler.toml). */
export const playBindings = () => ({ queue: env.ANALYTICS_QUEUE, limiter: env.PLAY_RATE_LIMITER });

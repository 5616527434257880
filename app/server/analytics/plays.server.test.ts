/** The practice player's play beacons: what is refused, what is ignored, and the one queue message a good beacon makes. */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { PLAY_BEACON_PATH, type PlayMessage } from "~/lib/analytics";
import { routeFor } from "~/site-routes";
import { HttpError } from "../core/http.server";
import * as playRoute from "~/routes/api/analytics.play";
import { insertRow, routeArgs, seedTestDb, settled, testDb } from "../../../tests/support/db";
import { adminCookie } from "../../../tests/support/admin";
import { MAX_PLAY_BEACON_BYTES, MAX_PLAY_SECONDS, type PlayBeaconDeps, receivePlayBeacon, recordingSeconds } from "./plays.server";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const NOW = new Date("2026-11-28T10:15:00Z");

/** The analytics queue in a test: keeps what it is sent. */
function recordingQueue() {
  const sent: PlayMessage[] = [];
  return { sent, queue: { send: async (message: PlayMessage) => void sent.push(message) } };
}

/** A limiter that allows `allowed` calls, then refuses; counts the calls. */
function countingLimiter(allowed = Number.POSITIVE_INFINITY) {
  const calls: string[] = [];
  return { calls, limiter: { limit: async ({ key }: { key: string }) => ({ success: calls.push(key) <= allowed }) } };
}

/** A beacon as sendBeacon sends a string: text/plain. */
function beaconRequest(body: unknown, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${PLAY_BEACON_PATH}`, {
    method: "POST",
    headers: { "Content-Type": "text/plain;charset=UTF-8", "User-Agent": BROWSER, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const playId = "0b7c1c3e-5f3a-4d6e-9a51-2f0c8d9e4b11";
const beacon = (patch: Record<string, unknown> = {}) => ({ practiceId: 1, playId, event: "start", seconds: 0, ...patch });

let sent: PlayMessage[];
let calls: string[];
let deps: PlayBeaconDeps;

beforeEach(async () => {
  await seedTestDb();
  const queue = recordingQueue();
  const limiter = countingLimiter();
  sent = queue.sent;
  calls = limiter.calls;
  deps = { db: testDb(), queue: queue.queue, limiter: limiter.limiter, clientKey: "203.0.113.7", admin: false };
});

const receive = (request: Request, overrides: Partial<PlayBeaconDeps> = {}) => receivePlayBeacon(request, { ...deps, ...overrides }, NOW);

/** The refusal a beacon gets: its status, message and field. */
async function refusal(request: Request, overrides: Partial<PlayBeaconDeps> = {}) {
  const error = await settled(() => receive(request, overrides));
  if (!(error instanceof HttpError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.status, message: error.message, field: error.field, headers: error.headers };
}

describe("a play beacon", () => {
  it("is served at the path the player sends to", () => {
    expect(routeFor(PLAY_BEACON_PATH).file).toBe("routes/api/analytics.play.ts");
  });

  it("becomes one PlayMessage on the analytics queue: the day, the practice, the play, the event and the seconds", async () => {
    expect(await receive(beaconRequest(beacon({ event: "half", seconds: 612.4 })))).toBe("queued");
    expect(sent).toEqual([{ type: "play", day: "2026-11-28", practiceId: 1, playId, event: "half", seconds: 612, at: NOW.getTime() }]);
    expect(calls).toEqual(["203.0.113.7"]);
  });

  it("is taken as JSON too; a start carries no seconds, and a report at most the recording's length", async () => {
    const json = { "Content-Type": "application/json" };
    await receive(beaconRequest(beacon({ event: "start", seconds: 40 }), json));
    await receive(beaconRequest(beacon({ event: "complete", seconds: 10 * MAX_PLAY_SECONDS })));
    const minutes = (await env.DB.prepare("SELECT duration FROM practices WHERE id = 1").first<{ duration: number }>())?.duration ?? 0;
    expect(recordingSeconds(minutes)).toBe(Math.ceil(minutes * 66));
    expect(recordingSeconds(minutes)).toBeLessThan(MAX_PLAY_SECONDS);
    expect(sent.map((message) => [message.event, message.seconds])).toEqual([
      ["start", 0],
      ["complete", recordingSeconds(minutes)],
    ]);
  });

  it("is refused when malformed, naming the field, and then costs neither the limiter nor the queue anything", async () => {
    expect(await refusal(beaconRequest("{not json"))).toMatchObject({ status: 400, message: "The request body is not valid JSON." });
    expect(await refusal(beaconRequest(beacon({ event: "pause" })))).toMatchObject({ status: 400, field: "event" });
    expect(await refusal(beaconRequest(beacon({ playId: "1" })))).toMatchObject({
      status: 400,
      field: "playId",
      message: "playId must be a UUID.",
    });
    expect(await refusal(beaconRequest(beacon({ practiceId: "1" })))).toMatchObject({ status: 400, field: "practiceId" });
    expect(await refusal(beaconRequest(beacon({ practiceId: 1.5 })))).toMatchObject({ status: 400, field: "practiceId" });
    expect(await refusal(beaconRequest(beacon({ seconds: -1 })))).toMatchObject({ status: 400, field: "seconds" });
    expect(await refusal(beaconRequest(beacon({ seconds: "10" })))).toMatchObject({ status: 400, field: "seconds" });
    expect(await refusal(beaconRequest("[]"))).toMatchObject({ status: 400 });
    expect(await refusal(beaconRequest(beacon(), { "Content-Type": "application/x-www-form-urlencoded" }))).toMatchObject({ status: 415 });
    const padded = JSON.stringify({ ...beacon(), pad: "x".repeat(MAX_PLAY_BEACON_BYTES) });
    expect(await refusal(beaconRequest(padded))).toMatchObject({ status: 413 });
    expect(sent).toEqual([]);
    expect(calls).toEqual([]);
  });

  it("from a bot, or from the site's own admin, is answered and not counted", async () => {
    expect(await receive(beaconRequest(beacon(), { "User-Agent": GOOGLEBOT }))).toBe("bot");
    expect(await receive(beaconRequest(beacon(), { "User-Agent": "curl/8.5.0" }))).toBe("bot");
    expect(await receive(beaconRequest(beacon()), { admin: true })).toBe("admin");
    expect(sent).toEqual([]);
    expect(await receive(beaconRequest(beacon()))).toBe("queued");
    expect(sent).toHaveLength(1);
  });

  it("past the client's limit is refused with 429 and Retry-After, and nothing is queued", async () => {
    const limiter = countingLimiter(2);
    expect(await receive(beaconRequest(beacon()), { limiter: limiter.limiter })).toBe("queued");
    expect(await receive(beaconRequest(beacon({ event: "half" })), { limiter: limiter.limiter })).toBe("queued");
    const refused = await refusal(beaconRequest(beacon({ event: "complete" })), { limiter: limiter.limiter });
    expect(refused).toMatchObject({ status: 429, headers: { "Retry-After": "60" } });
    expect(refused.message).toMatch(/^Too many requests/);
    expect(sent.map((message) => message.event)).toEqual(["start", "half"]);
  });

  it("is limited by wrangler.toml's Rate Limiting binding: 60 a minute per client, another client unaffected", async () => {
    const limiter = env.PLAY_RATE_LIMITER;
    const client = `198.51.100.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`;
    const outcomes = [];
    for (let i = 0; i < 61; i++)
      outcomes.push((await settled(() => receive(beaconRequest(beacon()), { limiter, clientKey: client }))) === "queued");
    expect(outcomes.filter(Boolean)).toHaveLength(60);
    expect(outcomes.at(-1)).toBe(false);
    expect(await receive(beaconRequest(beacon()), { limiter, clientKey: `${client}-other` })).toBe("queued");
  });

  it("about a draft, a scheduled or an unknown practice is refused with 404", async () => {
    await env.DB.batch([
      insertRow("practices", {
        id: 900,
        title: "Draft",
        description: "d",
        image_url: "/images/x.svg",
        category: "Meditation",
        duration: 5,
        focus: "f",
        audio_url: "/audio/x.opus",
        status: "draft",
      }),
      insertRow("practices", {
        id: 901,
        title: "Later",
        description: "d",
        image_url: "/images/x.svg",
        category: "Meditation",
        duration: 5,
        focus: "f",
        audio_url: "/audio/x.opus",
        status: "scheduled",
        publish_at: "2099-01-01T00:00:00.000Z",
      }),
    ]);
    for (const practiceId of [900, 901, 123456])
      expect(await refusal(beaconRequest(beacon({ practiceId })))).toMatchObject({ status: 404, message: "Practice not found." });
    expect(sent).toEqual([]);
  });
});

describe("POST /api/analytics/play", () => {
  it("never answers 5xx: random and malformed bodies get 204 or a 4xx { message }, and only valid beacons are queued", async () => {
    const queue = recordingQueue();
    const bindings: { ANALYTICS_QUEUE: unknown } = env;
    const real = bindings.ANALYTICS_QUEUE;
    bindings.ANALYTICS_QUEUE = queue.queue;
    const field = fc.oneof(
      fc.anything(),
      fc.string({ maxLength: 50 }),
      fc.integer(),
      fc.double(),
      fc.constantFrom("start", "half", "complete", playId),
    );
    const body = fc.oneof(
      fc.record({ practiceId: field, playId: field, event: field, seconds: field }, { requiredKeys: [] }),
      fc.record({
        practiceId: fc.integer({ min: -5, max: 5 }),
        playId: fc.constant(playId),
        event: fc.constantFrom("start", "half", "complete"),
        seconds: fc.double({ min: -10, max: 1e9, noNaN: true }),
      }),
      fc.string({ maxLength: 2000 }),
      fc.anything(),
    );
    let client = 0;
    try {
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "");
          const response = await playRoute.action(routeArgs(beaconRequest(text, { "CF-Connecting-IP": `192.0.2.${++client % 250}` })));
          if (response.status === 204) return;
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          expect(typeof ((await response.json()) as { message?: unknown }).message).toBe("string");
        }),
        { numRuns: 150 },
      );
      for (const message of queue.sent) {
        expect([1, 2, 3, 4, 5]).toContain(message.practiceId);
        expect(message.seconds).toBeGreaterThanOrEqual(0);
        expect(message.seconds).toBeLessThanOrEqual(MAX_PLAY_SECONDS);
      }
    } finally {
      bindings.ANALYTICS_QUEUE = real;
    }
  });

  it("answers 204 with no body, 400 as { message }, and counts no signed-in admin", async () => {
    const queue = recordingQueue();
    const bindings: { ANALYTICS_QUEUE: unknown } = env;
    const real = bindings.ANALYTICS_QUEUE;
    bindings.ANALYTICS_QUEUE = queue.queue;
    try {
      const counted = await playRoute.action(routeArgs(beaconRequest(beacon({ practiceId: 2 }))));
      expect(counted.status).toBe(204);
      expect(await counted.text()).toBe("");
      expect(queue.sent).toMatchObject([{ type: "play", practiceId: 2, event: "start" }]);

      const admin = await playRoute.action(routeArgs(beaconRequest(beacon(), { Cookie: await adminCookie() })));
      expect(admin.status).toBe(204);
      expect(queue.sent).toHaveLength(1);

      const bad = await playRoute.action(routeArgs(beaconRequest(beacon({ event: "stop" }))));
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ message: expect.stringContaining("event"), field: "event" });
    } finally {
      bindings.ANALYTICS_QUEUE = real;
    }
  });
});

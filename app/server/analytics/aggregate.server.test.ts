import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testDb } from "../../../tests/support/db";
import { loggedEvents } from "../../../tests/support/logs";
import { countingD1 } from "../../../tests/support/counting-d1";
import type { AnalyticsMessage, PageViewMessage, PlayMessage } from "~/lib/analytics";
import { getDb } from "../core/db.server";
import {
  forgetPastDays,
  handleAnalyticsBatch,
  MAX_ITEMS_PER_WRITE,
  MAX_VALUES_PER_DIMENSION_DAY,
  MAX_VIEWS_PER_CLIENT_DAY,
  OTHER_VALUE,
} from "./aggregate.server";
import { PUBLISH_CRON } from "../content/publication.server";
import worker from "../../../workers/app";
import { daySalt, forgetSaltMemo, visitorHash } from "./visitor-hash.server";

type FakeMessage = Message<unknown> & { acked: boolean; retried: boolean };

function fakeMessage(body: unknown, attempts = 1): FakeMessage {
  const message: FakeMessage = {
    id: crypto.randomUUID(),
    timestamp: new Date(),
    body,
    attempts,
    acked: false,
    retried: false,
    ack() {
      message.acked = true;
    },
    retry() {
      message.retried = true;
    },
  };
  return message;
}

type FakeBatch = Omit<MessageBatch<unknown>, "messages"> & { messages: FakeMessage[] };

function fakeBatch(bodies: unknown[]): FakeBatch {
  const messages = bodies.map((body) => fakeMessage(body));
  return {
    queue: "analytics",
    messages,
    metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } },
    ackAll: () => {
      for (const message of messages) message.ack();
    },
    retryAll: () => {
      for (const message of messages) message.retry();
    },
  };
}

const DAY = "2030-06-15";
const view = (fields: Partial<PageViewMessage> = {}): PageViewMessage => ({
  type: "view",
  day: DAY,
  pattern: "/articles/:id",
  contentId: "1",
  referrer: null,
  source: null,
  medium: null,
  campaign: null,
  country: "DE",
  device: "desktop",
  visitor: "a".repeat(32),
  ...fields,
});
const play = (fields: Partial<PlayMessage> = {}): PlayMessage => ({
  type: "play",
  day: DAY,
  practiceId: 7,
  playId: "play-0001",
  event: "start",
  seconds: 0,
  ...fields,
});

const consume = (bodies: AnalyticsMessage[] | unknown[]) => handleAnalyticsBatch(fakeBatch(bodies), { db: testDb() });

const rows = async (sql: string) => (await env.DB.prepare(sql).all<Record<string, unknown>>()).results;
const pages = () => rows("SELECT day, pattern, content_id, views, visitors FROM analytics_pages ORDER BY day, pattern, content_id");
const dimension = (name: string) =>
  rows(`SELECT day, value, views, visitors FROM analytics_dimensions WHERE dimension = '${name}' ORDER BY day, value`);
const plays = () => rows("SELECT practice_id, plays, halves, completions, seconds_listened FROM analytics_plays ORDER BY practice_id");

beforeEach(() => forgetSaltMemo());
afterEach(() => vi.restoreAllMocks());

describe("the analytics consumer", () => {
  it("sums a batch into the day's rows: views per page and dimension, each visitor once", async () => {
    const a = "a".repeat(32);
    const b = "b".repeat(32);
    await consume([
      view({ visitor: a, referrer: "google.com", source: "newsletter", campaign: "issue-3" }),
      view({ visitor: a }),
      view({ visitor: a, contentId: "2", device: "mobile" }),
      view({ visitor: b, pattern: "/", contentId: "", country: null, referrer: "google.com" }),
    ]);
    expect(await pages()).toEqual([
      { day: DAY, pattern: "/", content_id: "", views: 1, visitors: 1 },
      { day: DAY, pattern: "/articles/:id", content_id: "1", views: 2, visitors: 1 },
      { day: DAY, pattern: "/articles/:id", content_id: "2", views: 1, visitors: 1 },
    ]);
    expect(await dimension("site")).toEqual([{ day: DAY, value: "", views: 4, visitors: 2 }]);
    expect(await dimension("referrer")).toEqual([{ day: DAY, value: "google.com", views: 2, visitors: 2 }]);
    expect(await dimension("source")).toEqual([{ day: DAY, value: "newsletter", views: 1, visitors: 1 }]);
    expect(await dimension("campaign")).toEqual([{ day: DAY, value: "issue-3", views: 1, visitors: 1 }]);
    // No row for a missing value (medium; b's country).
    expect(await dimension("medium")).toEqual([]);
    expect(await dimension("country")).toEqual([{ day: DAY, value: "DE", views: 3, visitors: 1 }]);

    // The next batch: the same visitor again is no new visitor, anywhere.
    await consume([view({ visitor: a }), view({ visitor: b, referrer: "google.com" })]);
    expect((await pages()).find((row) => row.content_id === "1")).toMatchObject({ views: 4, visitors: 2 });
    expect(await dimension("site")).toEqual([{ day: DAY, value: "", views: 6, visitors: 2 }]);
    expect(await dimension("referrer")).toEqual([{ day: DAY, value: "google.com", views: 3, visitors: 2 }]);
  });

  it("a flood from one client stays within its daily cap and the dimensions' ceilings, even in concurrent batches", async () => {
    // 300 cached page loads from one address, each with a made-up User-Agent (a new "visitor"), referrer and tags, and
    // an article id spelt another way, sent as six batches at once.
    const client = "c".repeat(32);
    const loads = Array.from({ length: 300 }, (_, i) =>
      view({
        visitor: i.toString(16).padStart(32, "0"),
        client,
        referrer: `spam-${i}.example`,
        source: `s${i}`,
        medium: `m${i}`,
        campaign: `c${i}`,
      }),
    );
    // Another client's views still count in full that day.
    const other = view({ visitor: "f".repeat(32), client: "e".repeat(32), source: "newsletter" });
    const batches = Array.from({ length: 6 }, (_, b) => loads.slice(b * 50, b * 50 + 50));
    batches[5]?.push(other);
    await Promise.all(batches.map((bodies) => consume(bodies)));

    const [site] = await dimension("site");
    expect(site).toEqual({ day: DAY, value: "", views: MAX_VIEWS_PER_CLIENT_DAY + 1, visitors: MAX_VIEWS_PER_CLIENT_DAY + 1 });
    for (const name of ["referrer", "source", "medium", "campaign"]) {
      const values = await dimension(name);
      const named = values.filter((row) => row.value !== OTHER_VALUE);
      expect(named.length).toBeLessThanOrEqual(MAX_VALUES_PER_DIMENSION_DAY);
      // Every counted view is in the dimension, a value of its own or "(other)".
      expect(values.reduce((sum, row) => sum + Number(row.views), 0)).toBe(
        name === "source" || name === "referrer" ? (name === "source" ? 201 : 200) : 200,
      );
    }
    expect(await rows(`SELECT views FROM analytics_clients WHERE client = '${client}'`)).toEqual([{ views: MAX_VIEWS_PER_CLIENT_DAY }]);
    // The rows the flood can add a day are bounded: 1 page, 1 site, 1 device, 1 country, 4 × (ceiling + other).
    const [{ n }] = (await rows("SELECT (SELECT count(*) FROM analytics_pages) + (SELECT count(*) FROM analytics_dimensions) AS n")) as [
      { n: number },
    ];
    expect(n).toBeLessThanOrEqual(4 + 4 * (MAX_VALUES_PER_DIMENSION_DAY + 1) + 1);
    // Past its cap the client counts nothing more today; the next day it counts again.
    await consume([view({ client, visitor: "1".repeat(32) }), view({ day: "2030-06-16", client, visitor: "1".repeat(32) })]);
    expect(await dimension("site")).toEqual([site, { day: "2030-06-16", value: "", views: 1, visitors: 1 }]);
  });

  it("a dimension value new on a day already at its ceiling counts as (other); known values keep counting", async () => {
    const values = Array.from({ length: MAX_VALUES_PER_DIMENSION_DAY }, (_, i) =>
      view({ visitor: i.toString(16).padStart(32, "0"), campaign: `known-${i}` }),
    );
    await consume(values);
    await consume([view({ visitor: "9".repeat(32), campaign: "known-0" }), view({ visitor: "8".repeat(32), campaign: "brand-new" })]);
    const campaigns = await dimension("campaign");
    expect(campaigns).toHaveLength(MAX_VALUES_PER_DIMENSION_DAY + 1);
    expect(campaigns.find((row) => row.value === "known-0")).toMatchObject({ views: 2, visitors: 2 });
    expect(campaigns.find((row) => row.value === OTHER_VALUE)).toMatchObject({ views: 1, visitors: 1 });
    expect(campaigns.find((row) => row.value === "brand-new")).toBeUndefined();
  });

  it("writes a batch of 100 in two D1 round trips: the day's state of its clients and values, then one transaction", async () => {
    const counting = countingD1();
    const bodies = Array.from({ length: 100 }, (_, i) =>
      view({ visitor: i.toString(16).padStart(32, "0"), contentId: String(i % 7), referrer: i % 3 ? null : "example.org" }),
    );
    await counting.run(() => handleAnalyticsBatch(fakeBatch(bodies), { db: getDb() }));
    expect(counting.trips).toHaveLength(2);
    expect(counting.trips[0]).toHaveLength(3);
    // The clients' counts, the pages, the dimensions, the keys, and the two guards.
    expect(counting.trips[1]).toHaveLength(6);
    expect(await dimension("site")).toEqual([{ day: DAY, value: "", views: 100, visitors: 100 }]);
  });

  it("writes a batch of many views per message in transactions of whole messages, and counts it exactly", async () => {
    const counting = countingD1();
    // 15 messages of 100 views (an isolate's gathered views each): 1,500 views, 300 visitors.
    const bodies = Array.from({ length: 15 }, (_, m) =>
      Array.from({ length: 100 }, (_, i) => view({ visitor: ((m * 100 + i) % 300).toString(16).padStart(32, "0") })),
    );
    const batch = fakeBatch(bodies);
    await counting.run(() => handleAnalyticsBatch(batch, { db: getDb() }));
    expect(counting.trips).toHaveLength(2 * Math.ceil(1500 / MAX_ITEMS_PER_WRITE));
    expect(batch.messages.every((message) => message.acked)).toBe(true);
    expect(await dimension("site")).toEqual([{ day: DAY, value: "", views: 1500, visitors: 300 }]);
    expect((await pages())[0]).toMatchObject({ views: 1500, visitors: 300 });
  });

  it("counts concurrent batches exactly (D1 runs each batch's transaction alone)", async () => {
    const visitors = Array.from({ length: 30 }, (_, i) => i.toString(16).padStart(32, "0"));
    const batches = Array.from({ length: 6 }, (_, b) => visitors.map((visitor, i) => view({ visitor, contentId: String((i + b) % 3) })));
    await Promise.all(batches.map((bodies) => consume(bodies)));
    expect(await dimension("site")).toEqual([{ day: DAY, value: "", views: 180, visitors: 30 }]);
    const byPage = await pages();
    expect(byPage.map((row) => row.views)).toEqual([60, 60, 60]);
    // Every visitor saw every page.
    expect(byPage.map((row) => row.visitors)).toEqual([30, 30, 30]);
  });

  it("counts each play's start, half and complete once, even sent twice, and clamps the seconds", async () => {
    await consume([play(), play(), play({ event: "half", seconds: 300 }), play({ playId: "play-0002" })]);
    await consume([
      play({ event: "half", seconds: 300 }),
      play({ event: "complete", seconds: 99_999 }),
      play({ event: "complete", seconds: -5, playId: "play-0002" }),
    ]);
    await Promise.all([consume([play({ event: "complete", seconds: 40 })]), consume([play({ event: "complete", seconds: 40 })])]);
    expect(await plays()).toEqual([{ practice_id: 7, plays: 2, halves: 1, completions: 2, seconds_listened: 300 + 3600 + 0 }]);
  });

  it("counts a half or a completion only after its play's start, with no more seconds than passed since it began", async () => {
    const began = Date.parse(`${DAY}T10:00:00Z`);
    // A completion and a half of plays that never started: not counted.
    await consume([
      play({ playId: "never-started", event: "complete", seconds: 60, at: began }),
      play({ playId: "never-2", event: "half", seconds: 60, at: began }),
    ]);
    expect(await plays()).toEqual([]);
    // A play started at 10:00; its half says 3 hours heard at 10:05, its completion 3 hours more at 10:06: 5 minutes, then 1.
    await consume([play({ playId: "play-timed", at: began })]);
    await Promise.all([
      consume([play({ playId: "play-timed", event: "half", seconds: 10_800, at: began + 5 * 60_000 })]),
      consume([
        play({ playId: "play-0003", at: began + 1000 }),
        play({ playId: "play-0003", event: "complete", seconds: 500, at: began + 31_000 }),
      ]),
    ]);
    await consume([play({ playId: "play-timed", event: "complete", seconds: 10_800, at: began + 6 * 60_000 })]);
    expect(await plays()).toEqual([{ practice_id: 7, plays: 2, halves: 1, completions: 2, seconds_listened: 300 + 360 + 30 }]);
  });

  it("acknowledges and logs a message that is not a view or a play; the valid ones are still counted", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const batch = fakeBatch([{ type: "view", day: "yesterday" }, "nonsense", view({ visitor: "not hex" }), view()]);
    await handleAnalyticsBatch(batch, { db: testDb() });
    expect(batch.messages.map((message) => [message.acked, message.retried])).toEqual([
      [true, false],
      [true, false],
      [true, false],
      [true, false],
    ]);
    expect(loggedEvents(error).filter((line) => line.event === "analytics.bad_message")).toEqual([expect.objectContaining({ count: 3 })]);
    expect(await dimension("site")).toEqual([{ day: DAY, value: "", views: 1, visitors: 1 }]);
  });

  it("reads a message that holds an isolate's views (an array), dropping the invalid ones", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const batch = fakeBatch([[view(), view({ visitor: "b".repeat(32) }), { type: "view" }], [{ nonsense: true }], play()]);
    await handleAnalyticsBatch(batch, { db: testDb() });
    expect(batch.messages.every((message) => message.acked && !message.retried)).toBe(true);
    expect(loggedEvents(error).filter((line) => line.event === "analytics.bad_message")).toEqual([expect.objectContaining({ count: 2 })]);
    expect(await dimension("site")).toEqual([{ day: DAY, value: "", views: 2, visitors: 2 }]);
    expect(await plays()).toEqual([{ practice_id: 7, plays: 1, halves: 0, completions: 0, seconds_listened: 0 }]);
  });

  it("a D1 failure writes nothing and retries the batch, which then counts once", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const db = testDb();
    const batch = fakeBatch([view(), view({ visitor: "b".repeat(32) })]);
    const failing = vi.spyOn(db.$client, "batch").mockRejectedValueOnce(new Error("D1_ERROR: Network connection lost."));
    await handleAnalyticsBatch(batch, { db });
    expect(batch.messages.every((message) => message.retried && !message.acked)).toBe(true);
    expect(loggedEvents(error).some((line) => line.event === "analytics.write_failed")).toBe(true);
    expect(await dimension("site")).toEqual([]);
    failing.mockRestore();
    const again = fakeBatch(batch.messages.map((message) => message.body));
    await handleAnalyticsBatch(again, { db });
    expect(again.messages.every((message) => message.acked)).toBe(true);
    expect(await dimension("site")).toEqual([{ day: DAY, value: "", views: 2, visitors: 2 }]);
  });
});

describe("unique visitors per day", () => {
  const parts = { client: "203.0.113.9", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0", host: "theexaminedlife.org" };

  it("two visits of one client on one day are one visitor; the next day it is a new one; the past day's salt is gone", async () => {
    const db = testDb();
    const first = await visitorHash(db, "2030-06-15", parts);
    const second = await visitorHash(db, "2030-06-15", parts);
    expect(second).toBe(first);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    // Another client that day: another hash.
    expect(await visitorHash(db, "2030-06-15", { ...parts, client: "203.0.113.10" })).not.toBe(first);
    await consume([view({ visitor: first }), view({ visitor: second, contentId: "2" })]);

    // The next day: a new salt, a new hash, a new visitor.
    const nextDay = await visitorHash(db, "2030-06-16", parts);
    expect(nextDay).not.toBe(first);
    await consume([view({ day: "2030-06-16", visitor: nextDay })]);
    expect(await dimension("site")).toEqual([
      { day: "2030-06-15", value: "", views: 2, visitors: 1 },
      { day: "2030-06-16", value: "", views: 1, visitors: 1 },
    ]);

    // The cron on the next day forgets the past day: its salt and its keys are deleted, only the counts stay.
    expect(await forgetPastDays(db, new Date("2030-06-16T00:05:00Z"))).toMatchObject({ salts: 1 });
    expect(await rows("SELECT day FROM analytics_salts")).toEqual([{ day: "2030-06-16" }]);
    expect(await rows("SELECT DISTINCT day FROM analytics_seen")).toEqual([{ day: "2030-06-16" }]);
    // Nothing can make the past day's hash again: asked for that day, a new salt is drawn and the hash differs.
    forgetSaltMemo();
    expect(await visitorHash(db, "2030-06-15", parts)).not.toBe(first);
    expect(await dimension("site")).toHaveLength(2);
  });

  it("isolates agree on the day's salt: the first one written wins", async () => {
    const db = testDb();
    const salts = await Promise.all(
      Array.from({ length: 5 }, async () => {
        forgetSaltMemo();
        return daySalt(db, "2030-06-15");
      }),
    );
    expect(new Set(salts).size).toBe(1);
    expect(await rows("SELECT count(*) AS n FROM analytics_salts")).toEqual([{ n: 1 }]);
  });
});

describe("the Worker's handlers", () => {
  it("its queue handler counts the analytics queue's batches; the 5-minute cron forgets the days before today", async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    const batch = fakeBatch([view()]);
    await worker.queue({ ...batch, queue: "analytics" } as never, env as never);
    expect(batch.messages[0]?.acked).toBe(true);
    expect(await dimension("site")).toEqual([{ day: DAY, value: "", views: 1, visitors: 1 }]);
    await daySalt(testDb(), DAY);
    const nextDay = new Date("2030-06-16T00:05:00Z");
    await worker.scheduled({ cron: PUBLISH_CRON, scheduledTime: nextDay.getTime(), noRetry() {} } as ScheduledController, env as never);
    expect(await rows("SELECT day FROM analytics_salts")).toEqual([]);
    expect(await rows("SELECT day FROM analytics_seen")).toEqual([]);
    expect(await dimension("site")).toHaveLength(1);
  });
});

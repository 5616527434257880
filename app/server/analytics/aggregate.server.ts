/**
 * The analytics queue's consumer (docs/analytics.md, "The queue"): a batch of page views and plays becomes the day's
 * aggregate rows, in ONE D1 batch (one round trip, one transaction) per 1,000 views and plays (MAX_ITEMS_PER_WRITE):
 *
 * 1. upserts into analytics_pages, analytics_dimensions and analytics_plays (`INSERT … SELECT … FROM json_each(?)
 *    … ON CONFLICT DO UPDATE SET views = views + excluded.views`): one bound JSON parameter each, as D1 allows at most
 *    100 bound parameters per statement. The batch is summed in JavaScript first: 100 views of one page are one row.
 *    Unique visitors and play events are counted in the same statements, as the keys of the batch that
 *    analytics_seen does not hold yet;
 * 2. then the batch's keys are added to analytics_seen (ON CONFLICT DO NOTHING), in the same transaction.
 *
 * Keys, per day: "v:<hash>" (a visitor of the site; also counts its device and country, which its hash fixes),
 * "p:<pattern>|<content id>:<hash>" (a visitor of a page), "d:<dimension>|<value>:<hash>" (a visitor who came by a
 * referrer, source, medium or campaign), "play:<play id>:<event>" (a play's report).
 *
 * Why one transaction: a D1 failure leaves nothing of its messages written and they are retried, so neither views nor
 * visitors are lost or counted twice; two batches at once are serialised by D1, and the second sees the first's keys.
 * The one case that counts twice: the batch committed but the acknowledgement was lost (the consumer died in
 * between), and the queue delivers it again; its views (not its visitors or plays, whose keys exist) count twice.
 */
import { lt } from "drizzle-orm";
import { z } from "zod";
import { analyticsClients, analyticsSalts, analyticsSeen } from "../../../db/schema";
import { type AnalyticsMessage, DEVICE_CLASSES, PLAY_EVENTS, type PageViewMessage, type PlayMessage } from "~/lib/analytics";
import { SOURCE_MAX_LENGTH } from "~/lib/analytics-sources";
import type { Database } from "../core/db.server";
import { logEvent, shortError } from "../core/log.server";
import { utcDay } from "~/lib/analytics-range";

/**
 * The most views one client (an address, an IPv6 /64, whatever User-Agents it sends) counts a day: enough for a
 * household or an office reading all day behind one address, and a flood of cached page loads stops counting there
 * (issue #37: 300 loads made 300 "unique visitors"). Past it, the client's views that day are not counted at all.
 */
export const MAX_VIEWS_PER_CLIENT_DAY = 200;
/**
 * The most distinct values a day keeps of each dimension a visitor chooses (referrer, source, medium, campaign: the
 * Referer and the URL's tags are whatever a request says). The day's first ones get rows; any further value counts
 * as OTHER_VALUE, so a flood of made-up tags adds one row, not one per tag.
 */
export const MAX_VALUES_PER_DIMENSION_DAY = 50;
/** The value an unknown or over-the-ceiling dimension value is counted as. */
export const OTHER_VALUE = "(other)";
/** The dimensions whose values come from the request, each under MAX_VALUES_PER_DIMENSION_DAY. */
export const OPEN_DIMENSIONS = ["referrer", "source", "medium", "campaign"] as const;
/** How often one write is tried again at once when a concurrent write took the same client's views or dimension values. */
const ADMIT_ATTEMPTS = 5;

/** The most seconds one play report may add (a report comes at start, half way and the end of one recording). */
export const MAX_REPORTED_SECONDS = 3600;

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const TAG = z.string().min(1).max(SOURCE_MAX_LENGTH).nullable();

const viewSchema = z.object({
  type: z.literal("view"),
  day: DAY,
  pattern: z.string().startsWith("/").max(200),
  contentId: z.string().max(SOURCE_MAX_LENGTH),
  referrer: TAG,
  source: TAG,
  medium: TAG,
  campaign: TAG,
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  device: z.enum(DEVICE_CLASSES),
  visitor: z.string().regex(/^[0-9a-f]{16,64}$/),
  client: z
    .string()
    .regex(/^[0-9a-f]{16,64}$/)
    .optional(),
}) satisfies z.ZodType<PageViewMessage>;

const playSchema = z.object({
  type: z.literal("play"),
  day: DAY,
  practiceId: z.number().int().positive(),
  playId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  event: z.enum(PLAY_EVENTS),
  seconds: z.number().finite(),
  at: z.number().int().positive().optional(),
}) satisfies z.ZodType<PlayMessage>;

const messageSchema = z.discriminatedUnion("type", [viewSchema, playSchema]);

/** Seconds a report adds: whole seconds, 0 to MAX_REPORTED_SECONDS. */
const clampSeconds = (seconds: number) => Math.min(Math.max(Math.round(seconds), 0), MAX_REPORTED_SECONDS);

type Counted = { day: string; views: number; keys: Set<string> };
type PlayEvents = Map<string, { event: PlayMessage["event"]; seconds: number }>;

/** The batch summed per row: each row's views and the distinct keys that may make it new visitors or plays. */
function aggregate(messages: readonly AnalyticsMessage[]) {
  const pages = new Map<string, Counted & { day: string; pattern: string; contentId: string }>();
  const dimensions = new Map<string, Counted & { day: string; dimension: string; value: string }>();
  const plays = new Map<string, { day: string; practiceId: number; events: PlayEvents }>();
  const seen = new Map<string, [day: string, key: string]>();
  const add = <T extends Counted>(map: Map<string, T>, id: string, make: () => T, key: string) => {
    let row = map.get(id);
    if (!row) {
      row = make();
      map.set(id, row);
    }
    row.views++;
    row.keys.add(key);
    seen.set(`${row.day}\n${key}`, [row.day, key]);
  };
  for (const message of messages) {
    if (message.type === "play") {
      const id = `${message.day}\n${message.practiceId}`;
      let row = plays.get(id);
      if (!row) {
        row = { day: message.day, practiceId: message.practiceId, events: new Map() };
        plays.set(id, row);
      }
      const key = `play:${message.playId}:${message.event}`;
      // The same report twice in one batch counts once (the first one).
      if (!row.events.has(key)) row.events.set(key, { event: message.event, seconds: clampSeconds(message.seconds) });
      seen.set(`${message.day}\n${key}`, [message.day, key]);
      // When the play began, so that its later reports are bounded by the time since (admit).
      if (message.event === "start" && message.at !== undefined) {
        const began = playStartKey(message.playId, message.at);
        seen.set(`${message.day}\n${began}`, [message.day, began]);
      }
      continue;
    }
    const { day, pattern, contentId, visitor } = message;
    const site = `v:${visitor}`;
    add(
      pages,
      `${day}\n${pattern}\n${contentId}`,
      () => ({ day, pattern, contentId, views: 0, keys: new Set() }),
      `p:${pattern}|${contentId}:${visitor}`,
    );
    const dimension = (name: string, value: string | null, key: string) => {
      if (value === null) return;
      add(dimensions, `${day}\n${name}\n${value}`, () => ({ day, dimension: name, value, views: 0, keys: new Set() }), key);
    };
    dimension("site", "", site);
    // The hash is made from the User-Agent and the address: a visitor's device and country are its own, counted with it.
    dimension("device", message.device, site);
    dimension("country", message.country, site);
    for (const name of ["referrer", "source", "medium", "campaign"] as const)
      dimension(name, message[name], `d:${name}|${message[name]}:${visitor}`);
  }
  return { pages: [...pages.values()], dimensions: [...dimensions.values()], plays: [...plays.values()], seen: [...seen.values()] };
}

/** Keys of `day` that analytics_seen does not hold yet, counted (the SQL of a row's `visitors`). */
const NEW_KEYS = (row: string, keysAt: string) =>
  `(SELECT count(*) FROM json_each(${row}.value, '${keysAt}') k WHERE NOT EXISTS (SELECT 1 FROM analytics_seen s WHERE s.day = json_extract(${row}.value, '$[0]') AND s.key = k.value))`;

/**
 * The upsert of one batch's rows into a table of counts (analytics_pages, analytics_dimensions): each row is
 * `[day, key column 1, key column 2, views, [keys]]`, its visitors the keys analytics_seen does not hold yet.
 */
function countsUpsert(d1: D1Database, table: string, keyColumns: readonly [string, string], rows: unknown[][]): D1PreparedStatement {
  const [first, second] = keyColumns;
  return d1
    .prepare(`INSERT INTO ${table} (day, ${first}, ${second}, views, visitors)
        SELECT json_extract(r.value, '$[0]'), json_extract(r.value, '$[1]'), json_extract(r.value, '$[2]'), json_extract(r.value, '$[3]'),
          ${NEW_KEYS("r", "$[4]")}
        FROM json_each(?) r WHERE true
        ON CONFLICT (day, ${first}, ${second}) DO UPDATE SET views = views + excluded.views, visitors = visitors + excluded.visitors`)
    .bind(JSON.stringify(rows));
}

/**
 * The D1 statements of one batch's aggregate, in order: raw SQL over one JSON parameter each (prepared on the D1
 * binding itself: Drizzle's batch cannot bind the parameters of its `db.run(sql…)`).
 */
function aggregateStatements(db: Database, totals: ReturnType<typeof aggregate>): D1PreparedStatement[] {
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  if (totals.pages.length > 0) {
    const rows = totals.pages.map((row) => [row.day, row.pattern, row.contentId, row.views, [...row.keys]]);
    statements.push(countsUpsert(d1, "analytics_pages", ["pattern", "content_id"], rows));
  }
  if (totals.dimensions.length > 0) {
    const rows = totals.dimensions.map((row) => [row.day, row.dimension, row.value, row.views, [...row.keys]]);
    statements.push(countsUpsert(d1, "analytics_dimensions", ["dimension", "value"], rows));
  }
  if (totals.plays.length > 0) {
    // [day, practice id, [[key, event, seconds], …]]: only the reports whose key is new are summed.
    const rows = totals.plays.map((row) => [
      row.day,
      row.practiceId,
      [...row.events].map(([key, { event, seconds }]) => [key, event, seconds]),
    ]);
    statements.push(
      d1
        .prepare(`INSERT INTO analytics_plays (day, practice_id, plays, halves, completions, seconds_listened)
        SELECT day, practice_id, sum(event = 'start'), sum(event = 'half'), sum(event = 'complete'), sum(seconds) FROM (
          SELECT json_extract(r.value, '$[0]') AS day, json_extract(r.value, '$[1]') AS practice_id,
            json_extract(e.value, '$[1]') AS event, json_extract(e.value, '$[2]') AS seconds
          FROM json_each(?) r, json_each(r.value, '$[2]') e
          WHERE NOT EXISTS (SELECT 1 FROM analytics_seen s WHERE s.day = json_extract(r.value, '$[0]') AND s.key = json_extract(e.value, '$[0]'))
        ) WHERE true GROUP BY day, practice_id
        ON CONFLICT (day, practice_id) DO UPDATE SET plays = plays + excluded.plays, halves = halves + excluded.halves,
          completions = completions + excluded.completions, seconds_listened = seconds_listened + excluded.seconds_listened`)
        .bind(JSON.stringify(rows)),
    );
  }
  if (totals.seen.length > 0) {
    const rows = totals.seen;
    statements.push(
      d1
        .prepare(`INSERT INTO analytics_seen (day, key)
        SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?) WHERE true
        ON CONFLICT DO NOTHING`)
        .bind(JSON.stringify(rows)),
    );
  }
  return statements;
}

/**
 * The key that records when a play began: `playstart:<play id>:<ms since 1970>`, one per start report received (the
 * earliest wins), deleted with the day like every key.
 */
const playStartKey = (playId: string, at: number) => `playstart:${playId}:${at}`;

/** What the day already holds of a write's clients, open dimensions and plays, read before it is admitted. */
type DayState = { clientViews: Map<string, number>; values: Map<string, Set<string>>; playStarts: Map<string, number> };

const clientOf = (view: PageViewMessage) => view.client ?? view.visitor;

/** Reads the views counted today of the items' clients, and the values their days hold of the open dimensions. */
async function readDayState(db: Database, items: readonly AnalyticsMessage[]): Promise<DayState> {
  const clients = new Map<string, [string, string]>();
  const days = new Set<string>();
  const reportedPlays = new Map<string, [string, string]>();
  for (const item of items) {
    if (item.type === "play" && item.event !== "start") reportedPlays.set(`${item.day}\n${item.playId}`, [item.day, item.playId]);
    if (item.type !== "view") continue;
    clients.set(`${item.day}\n${clientOf(item)}`, [item.day, clientOf(item)]);
    days.add(item.day);
  }
  const state: DayState = { clientViews: new Map(), values: new Map(), playStarts: new Map() };
  if (days.size === 0 && reportedPlays.size === 0) return state;
  const [counted, values, starts] = await db.$client.batch<Record<string, string | number>>([
    db.$client
      .prepare(`SELECT c.day, c.client, c.views FROM analytics_clients c, json_each(?) j
        WHERE c.day = json_extract(j.value, '$[0]') AND c.client = json_extract(j.value, '$[1]')`)
      .bind(JSON.stringify([...clients.values()])),
    db.$client
      .prepare(`SELECT day, dimension, value FROM analytics_dimensions
        WHERE day IN (SELECT value FROM json_each(?)) AND dimension IN (SELECT value FROM json_each(?)) AND value != ?`)
      .bind(JSON.stringify([...days]), JSON.stringify(OPEN_DIMENSIONS), OTHER_VALUE),
    // Each play reported here that started today, and its earliest start time: its "play:<id>:start" key, and its
    // "playstart:<id>:<ms>" keys (a range of the key's index, "playstart:<id>:" up to "playstart:<id>;"); a start
    // from before the time was sent has only the first, and bounds nothing (at 0).
    db.$client
      .prepare(`SELECT day, play, coalesce(min(at), 0) AS at FROM (
          SELECT json_extract(j.value, '$[0]') AS day, json_extract(j.value, '$[1]') AS play, j.key AS item,
            CASE WHEN s.key LIKE 'playstart:%' THEN CAST(substr(s.key, length('playstart:' || json_extract(j.value, '$[1]') || ':') + 1) AS INTEGER) END AS at
          FROM json_each(?) j JOIN analytics_seen s ON s.day = json_extract(j.value, '$[0]')
            AND (s.key = 'play:' || json_extract(j.value, '$[1]') || ':start'
              OR (s.key > 'playstart:' || json_extract(j.value, '$[1]') || ':' AND s.key < 'playstart:' || json_extract(j.value, '$[1]') || ';'))
        ) GROUP BY item`)
      .bind(JSON.stringify([...reportedPlays.values()])),
  ]);
  for (const row of starts?.results ?? []) state.playStarts.set(`${row.day}\n${row.play}`, Number(row.at));
  for (const row of counted?.results ?? []) state.clientViews.set(`${row.day}\n${row.client}`, Number(row.views));
  for (const row of values?.results ?? []) {
    const id = `${row.day}\n${row.dimension}`;
    const set = state.values.get(id) ?? new Set();
    set.add(String(row.value));
    state.values.set(id, set);
  }
  return state;
}

/**
 * The items a write counts, given what the day holds: a client's views past MAX_VIEWS_PER_CLIENT_DAY are left out, and
 * an open dimension's value that would be the day's MAX_VALUES_PER_DIMENSION_DAY + 1st is counted as OTHER_VALUE.
 * A play's half or complete is counted only after its start (in the day's keys or in this write), with at most the
 * seconds that passed since that start (the endpoint already bounds it by the recording's length).
 * Also returns each client's views admitted, which the write adds to analytics_clients.
 */
function admit(items: readonly AnalyticsMessage[], state: DayState) {
  const admitted: AnalyticsMessage[] = [];
  const clientViews = new Map<string, [day: string, client: string, views: number]>();
  for (const item of items) {
    if (item.type === "play" && item.event === "start") {
      const id = `${item.day}\n${item.playId}`;
      const at = item.at ?? 0;
      state.playStarts.set(id, Math.min(state.playStarts.get(id) ?? at, at));
    }
  }
  for (const item of items) {
    if (item.type === "play") {
      if (item.event === "start") {
        admitted.push(item);
        continue;
      }
      const began = state.playStarts.get(`${item.day}\n${item.playId}`);
      // A half or a completion of a play that never started is not counted.
      if (began === undefined) continue;
      const since = item.at === undefined || began === 0 ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor((item.at - began) / 1000));
      admitted.push({ ...item, seconds: Math.min(item.seconds, since) });
      continue;
    }
    const client = clientOf(item);
    const id = `${item.day}\n${client}`;
    const before = state.clientViews.get(id) ?? 0;
    if (before >= MAX_VIEWS_PER_CLIENT_DAY) continue;
    state.clientViews.set(id, before + 1);
    const entry = clientViews.get(id) ?? [item.day, client, 0];
    entry[2]++;
    clientViews.set(id, entry);
    const view = { ...item };
    for (const name of OPEN_DIMENSIONS) {
      const value = view[name];
      if (value === null || value === OTHER_VALUE) continue;
      const key = `${item.day}\n${name}`;
      const known = state.values.get(key) ?? new Set<string>();
      state.values.set(key, known);
      if (known.has(value)) continue;
      if (known.size < MAX_VALUES_PER_DIMENSION_DAY) known.add(value);
      else view[name] = OTHER_VALUE;
    }
    admitted.push(view);
  }
  return { admitted, clientViews: [...clientViews.values()] };
}

/** The marker of a write refused by its guard (a concurrent write took what this one was about to count). */
const GUARD_ERROR = /malformed JSON/i;

/**
 * The write's client counts (upserted), and its guard, last in the transaction: if any of its clients now has more
 * than MAX_VIEWS_PER_CLIENT_DAY views, or any of its days more values of an open dimension than its admission
 * counted on (a write that read the same state committed between this one's read and write), `json()` of a value that
 * is not JSON fails the statement, so the whole transaction writes nothing and is admitted again from a fresh read.
 */
function clientStatements(db: Database, clientViews: [string, string, number][], valueCounts: [string, string, number][]) {
  const d1 = db.$client;
  if (clientViews.length === 0) return { upsert: [], guard: [] };
  const keys = JSON.stringify(clientViews);
  return {
    upsert: [
      d1
        .prepare(`INSERT INTO analytics_clients (day, client, views)
          SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?) WHERE true
          ON CONFLICT (day, client) DO UPDATE SET views = views + excluded.views`)
        .bind(keys),
    ],
    guard: [
      d1
        .prepare(`SELECT json(c.client) FROM analytics_clients c, json_each(?) j
          WHERE c.day = json_extract(j.value, '$[0]') AND c.client = json_extract(j.value, '$[1]') AND c.views > ?`)
        .bind(keys, MAX_VIEWS_PER_CLIENT_DAY),
      d1
        .prepare(`SELECT json('x' || count(*)) FROM analytics_dimensions d, json_each(?) j
          WHERE d.day = json_extract(j.value, '$[0]') AND d.dimension = json_extract(j.value, '$[1]') AND d.value != ?
          GROUP BY j.key HAVING count(*) > json_extract(j.value, '$[2]')`)
        .bind(JSON.stringify(valueCounts), OTHER_VALUE),
    ],
  };
}

/**
 * Writes one chunk's items: reads the day's state, admits the items under the caps and ceilings, and writes them in
 * one transaction whose guard fails if a concurrent write changed that state; then reads and tries again.
 */
async function writeChunk(db: Database, items: readonly AnalyticsMessage[]) {
  for (let attempt = 1; ; attempt++) {
    const state = await readDayState(db, items);
    const { admitted, clientViews } = admit(items, state);
    const valueCounts = [...state.values].map(([id, values]): [string, string, number] => {
      const [day = "", dimension = ""] = id.split("\n");
      return [day, dimension, values.size];
    });
    const { upsert, guard } = clientStatements(db, clientViews, valueCounts);
    const statements = [...upsert, ...aggregateStatements(db, aggregate(admitted)), ...guard];
    if (statements.length === 0) return;
    try {
      await db.$client.batch(statements);
      return;
    } catch (error) {
      if (attempt >= ADMIT_ATTEMPTS || !GUARD_ERROR.test(String((error as Error)?.message ?? error))) throw error;
    }
  }
}

/**
 * A message body on the analytics queue: one view or play (the beacon endpoint sends a play at a time), or an array
 * of them (the Worker gathers an isolate's views for VIEW_FLUSH_MS into one message: counting.server.ts).
 */
export type AnalyticsQueueBody = AnalyticsMessage | AnalyticsMessage[];

/** The most items one message may hold (the Worker sends at most 100 views a message). */
const MAX_ITEMS_PER_MESSAGE = 1000;
/**
 * The most items (views and plays) written in one D1 transaction: a batch of 100 messages of 100 views is written in
 * ten. Keeps each statement's one JSON parameter well under D1's 2 MB (1,000 views: at most ~6,000 keys, ~400 KB).
 */
export const MAX_ITEMS_PER_WRITE = 1000;

export type AnalyticsConsumerDeps = { db: Database };

/** How long a failed batch waits before it is delivered again (the queue's max_retries bounds the attempts). */
const RETRY_DELAY_SECONDS = 30;

/**
 * The analytics queue's consumer: an item (a view or a play) that is not valid is dropped and logged, and a message
 * with nothing valid acknowledged (retrying cannot fix it); the valid ones are written in one D1 batch per
 * MAX_ITEMS_PER_WRITE items (whole messages each), then their messages acknowledged; a D1 failure retries that
 * write's messages, and nothing of theirs was written.
 */
export async function handleAnalyticsBatch(batch: MessageBatch<unknown>, { db }: AnalyticsConsumerDeps): Promise<void> {
  let chunk: { messages: Message<unknown>[]; items: AnalyticsMessage[] } = { messages: [], items: [] };
  const chunks = [chunk];
  let invalid = 0;
  for (const message of batch.messages) {
    const body = Array.isArray(message.body) ? message.body.slice(0, MAX_ITEMS_PER_MESSAGE) : [message.body];
    const items: AnalyticsMessage[] = [];
    for (const item of body) {
      const parsed = messageSchema.safeParse(item);
      if (parsed.success) items.push(parsed.data);
      else invalid++;
    }
    if (items.length === 0) {
      message.ack();
      continue;
    }
    // Whole messages per write: a message is acknowledged or retried with everything in it.
    if (chunk.items.length > 0 && chunk.items.length + items.length > MAX_ITEMS_PER_WRITE) {
      chunk = { messages: [], items: [] };
      chunks.push(chunk);
    }
    chunk.messages.push(message);
    chunk.items.push(...items);
  }
  if (invalid > 0) logEvent("warn", "analytics.bad_message", { count: invalid });
  for (const { messages, items } of chunks) {
    if (messages.length === 0) continue;
    try {
      await writeChunk(db, items);
    } catch (error) {
      logEvent("error", "analytics.write_failed", { messages: messages.length, items: items.length, error: shortError(error) });
      for (const message of messages) message.retry({ delaySeconds: RETRY_DELAY_SECONDS });
      continue;
    }
    for (const message of messages) message.ack();
  }
}

/**
 * Forgets the days before `now`'s (UTC): their salts, so that no visitor hash of theirs can be made again, their
 * keys and their clients' counts. Run by the 5-minute cron ("analytics-forget", workers/app.ts), so a day's salt is gone minutes after midnight.
 */
export async function forgetPastDays(db: Database, now: Date) {
  const today = utcDay(now);
  const [salts, keys] = await db.batch([
    db.delete(analyticsSalts).where(lt(analyticsSalts.day, today)),
    db.delete(analyticsSeen).where(lt(analyticsSeen.day, today)),
    db.delete(analyticsClients).where(lt(analyticsClients.day, today)),
  ]);
  return { salts: salts.meta.changes, keys: keys.meta.changes };
}

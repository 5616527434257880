/**
 * What a day of analytics costs in D1 (issue #28, "Retention and scale"): a realistic synthetic day of 100,000 page
 * views (300 pages, 40,000 visitors, 50 referring sites, tagged links, 30 countries, 3 devices) and 2,000 plays,
 * fed through the queue consumer in batches of 100 as the queue would deliver them; then the rows and bytes of each
 * table, and the time each batch took. The figures are in docs/analytics.md ("Retention and scale").
 *
 * A full day takes about a minute here: it runs when VITE_ANALYTICS_DAY=full is set
 * (`VITE_ANALYTICS_DAY=full npx vitest run app/server/analytics/aggregate-size.server.test.ts`); otherwise a tenth of
 * the day (10,000 views) checks the same sums.
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { testDb } from "../../../tests/support/db";
import { type AnalyticsMessage, DEVICE_CLASSES, PLAY_EVENTS } from "~/lib/analytics";
import { handleAnalyticsBatch } from "./aggregate.server";

const FULL = import.meta.env.VITE_ANALYTICS_DAY === "full";
const VIEWS = FULL ? 100_000 : 10_000;
const VISITORS = FULL ? 40_000 : 4_000;
const PLAYS = FULL ? 2_000 : 200;
const DAY = "2030-06-15";

/** A small deterministic generator (mulberry32), so every run feeds the same day. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An index in 0..n-1, the lower ones far more likely (roughly Zipf: a few pages and sites get most visits). */
const skewed = (next: () => number, n: number) => Math.min(n - 1, Math.floor(n * next() ** 2.5));

/** The site's 300 pages: 10 lists and fixed pages, 150 articles, 60 practices, 20 courses and their enrolment pages, 40 issues. */
const PAGES: [pattern: string, contentId: string][] = [
  ...["/", "/articles", "/practices", "/resources", "/courses", "/about", "/contact", "/newsletter", "/search", "/recommended-reading"].map(
    (pattern): [string, string] => [pattern, ""],
  ),
  ...Array.from({ length: 150 }, (_, i): [string, string] => ["/articles/:id", String(i + 1)]),
  ...Array.from({ length: 60 }, (_, i): [string, string] => ["/practices/:id", String(i + 1)]),
  ...Array.from({ length: 20 }, (_, i): [string, string] => ["/courses/:id", String(i + 1)]),
  ...Array.from({ length: 20 }, (_, i): [string, string] => ["/courses/:id/enroll", String(i + 1)]),
  ...Array.from({ length: 40 }, (_, i): [string, string] => ["/newsletter/:id", String(i + 1)]),
];
const REFERRERS = Array.from({ length: 50 }, (_, i) => (i === 0 ? "google.com" : `site-${i}.example`));
const SOURCES = ["newsletter", "mastodon", "podcast", "partner", "bluesky"];
const MEDIUMS = ["email", "social", "audio"];
const CAMPAIGNS = Array.from({ length: 20 }, (_, i) => `issue-${i + 1}`);
const COUNTRIES = Array.from({ length: 30 }, (_, i) => String.fromCharCode(65 + (i % 26), 65 + Math.floor(i / 26) + (i % 7)));

function syntheticDay(): AnalyticsMessage[] {
  const next = random(28);
  const visitors = Array.from({ length: VISITORS }, (_, i) => ({
    hash: i.toString(16).padStart(32, "0"),
    device: DEVICE_CLASSES[skewed(next, 3)] ?? "desktop",
    country: COUNTRIES[skewed(next, COUNTRIES.length)] ?? null,
  }));
  const messages: AnalyticsMessage[] = [];
  for (let i = 0; i < VIEWS; i++) {
    // Every visitor comes at least once; the rest of the views go to visitors at random.
    const visitor = visitors[i < VISITORS ? i : Math.floor(next() * VISITORS)] ?? visitors[0];
    const [pattern, contentId] = PAGES[skewed(next, PAGES.length)] ?? ["/", ""];
    const external = next() < 0.25;
    const tagged = next() < 0.08;
    messages.push({
      type: "view",
      day: DAY,
      pattern,
      contentId,
      referrer: external ? (REFERRERS[skewed(next, REFERRERS.length)] ?? null) : null,
      source: tagged ? (SOURCES[skewed(next, SOURCES.length)] ?? null) : null,
      medium: tagged ? (MEDIUMS[skewed(next, MEDIUMS.length)] ?? null) : null,
      campaign: tagged && next() < 0.7 ? (CAMPAIGNS[skewed(next, CAMPAIGNS.length)] ?? null) : null,
      country: visitor?.country ?? null,
      device: visitor?.device ?? "desktop",
      visitor: visitor?.hash ?? "0".repeat(32),
    });
  }
  for (let i = 0; i < PLAYS; i++) {
    const practiceId = skewed(next, 60) + 1;
    const events = PLAY_EVENTS.slice(0, 1 + Math.floor(next() * 3));
    for (const event of events)
      messages.push({ type: "play", day: DAY, practiceId, playId: `play-${i}-xxxxxxxx`, event, seconds: event === "start" ? 0 : 300 });
  }
  // The queue delivers in the order the day happened: plays among the views.
  for (let i = messages.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [messages[i], messages[j]] = [messages[j] as AnalyticsMessage, messages[i] as AnalyticsMessage];
  }
  return messages;
}

afterEach(() => vi.restoreAllMocks());

describe("a day of analytics in D1", () => {
  it(
    `${VIEWS.toLocaleString("en")} page views and ${PLAYS.toLocaleString("en")} plays in batches of 100: the rows and bytes per table, the time per batch`,
    async () => {
      const db = testDb();
      const messages = syntheticDay();
      const times: number[] = [];
      // The rows D1 says each write wrote (what D1 bills: rows and their index entries).
      let rowsWritten = 0;
      const batchOf = db.$client.batch.bind(db.$client);
      vi.spyOn(db.$client, "batch").mockImplementation(async (statements) => {
        const results = await batchOf(statements);
        for (const result of results) rowsWritten += result.meta.rows_written ?? 0;
        return results;
      });
      for (let i = 0; i < messages.length; i += 100) {
        const bodies = messages.slice(i, i + 100);
        const batch = {
          queue: "analytics",
          messages: bodies.map((body) => ({ id: "", timestamp: new Date(), attempts: 1, body, ack() {}, retry() {} })),
          metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } },
          ackAll() {},
          retryAll() {},
        };
        const started = performance.now();
        await handleAnalyticsBatch(batch, { db });
        times.push(performance.now() - started);
      }

      const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;
      const bytes = async (table: string) => {
        try {
          const row = await env.DB.prepare("SELECT sum(pgsize) AS bytes FROM dbstat WHERE name = ? OR name LIKE ?")
            .bind(table, `sqlite_autoindex_${table}_%`)
            .first<{ bytes: number }>();
          return row?.bytes ?? null;
        } catch {
          return null;
        }
      };
      /**
       * Where dbstat is not available (local D1): the bytes of the values (text length; integers as their digits), and
       * of the primary key's index, which repeats the key columns (with a rowid: these tables are not WITHOUT ROWID).
       */
      const payload = async (table: string) => {
        const columns = (await env.DB.prepare(`SELECT name, pk FROM pragma_table_info('${table}')`).all<{ name: string; pk: number }>())
          .results;
        const sum = (names: string[]) => names.map((name) => `coalesce(length("${name}"), 0)`).join(" + ") || "0";
        const row = await env.DB.prepare(
          `SELECT coalesce(sum(${sum(columns.map((c) => c.name))}), 0) AS data, coalesce(sum(${sum(columns.filter((c) => c.pk > 0).map((c) => c.name))}), 0) AS keys FROM ${table}`,
        ).first<{ data: number; keys: number }>();
        return { data: row?.data ?? 0, keys: row?.keys ?? 0 };
      };
      const tables = ["analytics_pages", "analytics_dimensions", "analytics_plays", "analytics_seen", "analytics_salts"];
      const sizes: Record<string, { rows: number; bytes: number | null; data: number; keys: number }> = Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => [table, { rows: await count(table), bytes: await bytes(table), ...(await payload(table)) }]),
        ),
      );

      // The sums are exact: every view counted once, every visitor once a day.
      const site = await env.DB.prepare("SELECT views, visitors FROM analytics_dimensions WHERE dimension = 'site'").first();
      expect(site).toEqual({ views: VIEWS, visitors: VISITORS });
      const pageViews = await env.DB.prepare("SELECT sum(views) AS views FROM analytics_pages").first<{ views: number }>();
      expect(pageViews?.views).toBe(VIEWS);
      for (const dimension of ["device", "country"]) {
        const sum = await env.DB.prepare(
          "SELECT sum(views) AS views, sum(visitors) AS visitors FROM analytics_dimensions WHERE dimension = ?",
        )
          .bind(dimension)
          .first();
        expect(sum, dimension).toEqual({ views: VIEWS, visitors: VISITORS });
      }
      // Only the aggregates are kept past the day: pages + dimensions + plays, well under a few hundred rows.
      const kept = ["analytics_pages", "analytics_dimensions", "analytics_plays"].reduce(
        (sum, table) => sum + (sizes[table]?.rows ?? 0),
        0,
      );
      expect(kept).toBeLessThan(600);

      const sorted = [...times].sort((a, b) => a - b);
      const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
      const mean = (times.reduce((sum, time) => sum + time, 0) / times.length).toFixed(1);
      console.info(`analytics, one day of ${VIEWS} views and ${PLAYS} plays (${messages.length} messages, ${times.length} batches)`, {
        ...Object.fromEntries(
          Object.entries(sizes).map(([table, size]) => [
            table,
            `${size.rows} rows, dbstat ${size.bytes ?? "n/a"} bytes; values ${size.data} bytes + key index ${size.keys} bytes`,
          ]),
        ),
        batchMs: `mean ${mean}, p50 ${at(0.5)}, p95 ${at(0.95)}, max ${at(1)}`,
        rowsWritten,
      });
    },
    FULL ? 600_000 : 120_000,
  );
});

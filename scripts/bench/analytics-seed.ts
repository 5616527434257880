/**
 * The aggregates the bench's Analytics page step writes (scripts/bench/analytics-page.ts): plain SQL, so that a server
 * test can write the same rows into its own D1.
 */
export const ANALYTICS_BENCH = { days: 90, items: 200, path: "/admin/analytics?range=90" };

/** 0 … n-1 as a recursive CTE named `name` over column `i`. */
const counter = (name: string, n: number) => `${name}(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM ${name} WHERE i < ${n - 1})`;
/** A deterministic count that varies with the day and the item. */
const varied = (base: number) => `(${base} + ((d.i * 7 + k.i * 13) % 23))`;

/** The SQL that writes the aggregates (INSERT OR IGNORE: rows the seed or a counted visit made stay as they are). */
export function analyticsAggregatesSql(days = ANALYTICS_BENCH.days): string[] {
  const day = "date('now', '-' || d.i || ' days')";
  const dimensionValues = [
    ...[
      "google.com",
      "duckduckgo.com",
      "bing.com",
      "news.ycombinator.com",
      "reddit.com",
      "mastodon.social",
      "substack.com",
      "example.org",
    ].map((v) => ["referrer", v]),
    ...["newsletter", "twitter", "podcast", "partner", "ads"].map((v) => ["source", v]),
    ...["email", "social", "cpc"].map((v) => ["medium", v]),
    ...["issue-1", "issue-2", "issue-3", "spring", "autumn"].map((v) => ["campaign", v]),
    ...["US", "GB", "DE", "FR", "NZ", "AU", "CA", "NL", "SE", "JP", "IN", "BR", "ES", "IT", "IE", "DK", "NO", "FI", "CH", "AT"].map((v) => [
      "country",
      v,
    ]),
    ...["mobile", "tablet", "desktop"].map((v) => ["device", v]),
    ["site", ""],
  ];
  // A VALUES list, not a UNION: D1 caps the terms of a compound SELECT.
  const values = `VALUES ${dimensionValues.map(([dimension, value], j) => `(${j}, '${dimension}', '${value}')`).join(", ")}`;
  return [
    // 200 items a day: articles 1–100, practices 1–50, courses 1–50, and the courses' enrol pages.
    `WITH RECURSIVE ${counter("d", days)}, ${counter("k", ANALYTICS_BENCH.items)}
     INSERT OR IGNORE INTO analytics_pages (day, pattern, content_id, views, visitors)
     SELECT ${day},
            CASE WHEN k.i < 100 THEN '/articles/:id' WHEN k.i < 150 THEN '/practices/:id' ELSE '/courses/:id' END,
            CAST(CASE WHEN k.i < 100 THEN k.i + 1 WHEN k.i < 150 THEN k.i - 99 ELSE k.i - 149 END AS TEXT),
            ${varied(40)}, ${varied(25)}
     FROM d, k;`,
    `WITH RECURSIVE ${counter("d", days)}, ${counter("k", 50)}
     INSERT OR IGNORE INTO analytics_pages (day, pattern, content_id, views, visitors)
     SELECT ${day}, '/courses/:id/enroll', CAST(k.i + 1 AS TEXT), ${varied(5)}, ${varied(3)} FROM d, k;`,
    `WITH RECURSIVE ${counter("d", days)}, ${counter("k", 50)}
     INSERT OR IGNORE INTO analytics_plays (day, practice_id, plays, halves, completions, seconds_listened)
     SELECT ${day}, k.i + 1, ${varied(10)}, ${varied(6)}, ${varied(3)}, ${varied(10)} * 300 FROM d, k;`,
    `WITH RECURSIVE ${counter("d", days)}, v(j, dimension, value) AS (${values})
     INSERT OR IGNORE INTO analytics_dimensions (day, dimension, value, views, visitors)
     SELECT ${day}, v.dimension, v.value,
            CASE WHEN v.dimension = 'site' THEN 9000 + d.i * 3 ELSE 50 + ((d.i * 11 + v.j * 17) % 97) END,
            CASE WHEN v.dimension = 'site' THEN 5000 + d.i * 2 ELSE 30 + ((d.i * 5 + v.j * 7) % 53) END
     FROM d, v;`,
    // 300 paid orders over the days, for the funnel and the purchases by source (the seed's courses, in turn).
    `WITH RECURSIVE ${counter("o", 300)}, c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS r, count(*) OVER () AS n FROM courses)
     INSERT OR IGNORE INTO enrollments (course_id, payment_intent_id, amount_cents, currency, email, status, source, created_at)
     SELECT c.id, 'pi_bench_analytics_' || o.i, 4900, 'usd', 'analytics-bench-' || o.i || '@example.com', 'paid',
            CASE o.i % 4 WHEN 0 THEN NULL WHEN 1 THEN 'newsletter' WHEN 2 THEN 'google.com' ELSE 'podcast' END,
            strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (o.i % ${days}) || ' days')
     FROM o JOIN c ON c.r = o.i % c.n;`,
  ];
}

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("migrations", () => {
  it("create every table of db/schema.ts", async () => {
    // Ordinary tables only: the FTS5 search index (a virtual table and its shadow tables) is checked below.
    const { results } = await env.DB.prepare(
      `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'
        AND name NOT LIKE '_cf_%' AND name != 'd1_migrations' ORDER BY name`,
    ).all<{ name: string }>();
    expect(results.map((r) => r.name)).toEqual([
      "access_tokens",
      "admin_accounts",
      "admin_invites",
      "admin_sessions",
      "analytics_clients",
      "analytics_dimensions",
      "analytics_pages",
      "analytics_plays",
      "analytics_salts",
      "analytics_seen",
      "article_categories",
      "articles",
      "assessment_responses",
      "assessments",
      "audit_log",
      "authors",
      "bundle_courses",
      "bundles",
      "certificates",
      "contact_messages",
      "content_revisions",
      "coupon_redemptions",
      "coupons",
      "course_modules",
      "courses",
      "drip_notices",
      "enrollments",
      "gifts",
      "learner_sessions",
      "lesson_progress",
      "lessons",
      "login_attempts",
      "mail_log",
      "media",
      "newsletter_deliveries",
      "newsletter_issues",
      "newsletter_subscribers",
      "order_refunds",
      "pages",
      "payment_refunds",
      "practices",
      "quiz_questions",
      "rate_limits",
      "recommended_books",
      "resource_categories",
      "resources",
      "site_meta",
      "unmatched_payments",
    ]);
  });

  it("create the search index, an FTS5 table outside db/schema.ts (migration 0005_search_index.sql)", async () => {
    const { results } = await env.DB.prepare("SELECT name, type FROM pragma_table_list WHERE schema = 'main' AND type = 'virtual'").all();
    expect(results).toEqual([{ name: "search_index", type: "virtual" }]);
    const sql = await env.DB.prepare("SELECT sql FROM sqlite_master WHERE name = 'search_index'").first<string>("sql");
    expect(sql).toMatch(/USING fts5\(.*tokenize = 'porter unicode61 remove_diacritics 2'/s);
  });
});

import { applyD1Migrations, env } from "cloudflare:test";
import { beforeEach } from "vitest";
import { forgetSharedReads } from "../../app/server/content/shared-reads.server";

// Setup files run before each test file; applyD1Migrations skips what is already applied.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// Storage is shared by the tests of one file: every test starts from empty tables.
const TABLES_CHILDREN_FIRST = [
  "assessment_responses",
  "lesson_progress",
  "quiz_questions",
  "certificates",
  "access_tokens",
  "learner_sessions",
  "newsletter_deliveries",
  "newsletter_issues",
  "mail_log",
  "assessments",
  "lessons",
  "course_modules",
  "gifts",
  "enrollments",
  "bundle_courses",
  "bundles",
  "courses",
  "resources",
  "resource_categories",
  "articles",
  "practices",
  "recommended_books",
  "newsletter_subscribers",
  "contact_messages",
  "site_meta",
  "admin_sessions",
  "admin_accounts",
  "admin_invites",
  "audit_log",
  "content_revisions",
  "media",
  "login_attempts",
  "rate_limits",
  "analytics_pages",
  "analytics_dimensions",
  "analytics_plays",
  "analytics_salts",
  "analytics_seen",
  // The FTS5 search index (not in db/schema.ts): DELETE empties a virtual table like any other.
  "search_index",
];
beforeEach(async () => {
  // Content reads are kept per content version (app/server/content/shared-reads.server.ts); emptied tables are new content.
  forgetSharedReads();
  await env.DB.batch(TABLES_CHILDREN_FIRST.map((table) => env.DB.prepare(`DELETE FROM ${table}`)));
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("migrations", () => {
  it("create every table of db/schema.ts", async () => {
    const { results } = await env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations' ORDER BY name",
    ).all<{ name: string }>();
    expect(results.map((r) => r.name)).toEqual([
      "access_tokens",
      "admin_sessions",
      "articles",
      "assessment_responses",
      "assessments",
      "certificates",
      "contact_messages",
      "course_modules",
      "courses",
      "enrollments",
      "learner_sessions",
      "lesson_progress",
      "lessons",
      "login_attempts",
      "mail_log",
      "newsletter_subscribers",
      "practices",
      "quiz_questions",
      "rate_limits",
      "recommended_books",
      "resource_categories",
      "resources",
      "site_meta",
    ]);
  });
});

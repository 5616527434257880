/**
 * `npm run deploy:setup` (scripts/deploy-setup.ts): its plan over the real wrangler.toml. The dry run is this plan
 * over "nothing known"; a re-run over an account that has everything creates nothing.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import wranglerToml from "../wrangler.toml?raw";
import paymentsSource from "../app/server/payments/payments.server.ts?raw";
import {
  bucketNames,
  describeStep,
  type Existing,
  NOTHING_KNOWN,
  PRODUCTION_SECRETS,
  planDeploy,
  queueNames,
  RESEND_WEBHOOK_EVENTS,
  resourcesFromWranglerToml,
  STRIPE_WEBHOOK_EVENTS,
  withDatabaseId,
} from "../scripts/lib/deploy-plan";
import { backupTables, EPHEMERAL_TABLES, exportArgs } from "../scripts/lib/backup-tables";
import { handleAnalyticsBatch } from "../app/server/analytics/aggregate.server";
import { daySalt, forgetSaltMemo, visitorHash } from "../app/server/analytics/visitor-hash.server";
import { utcDay } from "../app/lib/analytics-range";
import { testDb } from "./support/db";

const resources = resourcesFromWranglerToml(wranglerToml, "production");
const options = { siteHost: "theexaminedlife.org" };
const printed = (existing: Existing) => planDeploy(resources, existing, options).map(describeStep).join("\n");

describe("the first-deploy plan", () => {
  it("reads production's resources from wrangler.toml", () => {
    expect(resources).toMatchObject({
      worker: "the-examined-life-production",
      database: { binding: "DB", name: "examined-life" },
      bucket: "examined-life-media",
      queues: ["mail", "analytics", "mail-dead-letters"],
    });
  });

  it("the dry run names every resource, secret and step, each creation only if a lookup misses it", () => {
    const plan = printed(NOTHING_KNOWN);
    for (const command of [
      "npx wrangler d1 list --json",
      "npx wrangler d1 create examined-life",
      "npx wrangler r2 bucket list",
      "npx wrangler r2 bucket create examined-life-media",
      "npx wrangler queues list",
      "npx wrangler queues create mail\n",
      "npx wrangler queues create mail-dead-letters",
      "npx wrangler queues create analytics",
      "npx wrangler d1 migrations apply DB --remote --env production",
      "npx wrangler secret list --env production",
      "[[env.production.d1_databases]] database_id",
    ]) {
      expect(plan).toContain(command);
    }
    for (const { name } of PRODUCTION_SECRETS) expect(plan).toContain(`npx wrangler secret put ${name} --env production`);
    for (const event of [...STRIPE_WEBHOOK_EVENTS, ...RESEND_WEBHOOK_EVENTS]) expect(plan).toContain(event);
    expect(plan).toContain("https://theexaminedlife.org/api/stripe/webhook");
    expect(plan).toContain("https://theexaminedlife.org/api/webhooks/mail-provider");
    expect(plan).toContain("Onboard Domain");
    expect(plan).toContain("CLOUDFLARE_ENV=production npm run build && npx wrangler deploy");
    expect(plan).not.toMatch(/^(create|set) /m);
  });

  it("asks for every secret production reads, and the refund events the webhook handles", () => {
    expect(PRODUCTION_SECRETS.map((secret) => secret.name)).toEqual([
      "ADMIN_USERNAME",
      "ADMIN_PASSWORD_HASH",
      "LEARNER_SESSION_SECRET",
      "STRIPE_SECRET_KEY",
      "STRIPE_PUBLISHABLE_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "RESEND_API_KEY",
      "RESEND_WEBHOOK_SECRET",
    ]);
    expect(STRIPE_WEBHOOK_EVENTS).toEqual(expect.arrayContaining(["charge.refunded", "refund.created", "refund.updated"]));
  });

  it("asks Stripe for exactly the events the webhook handles (its `case`s), so none is left out", () => {
    const handled = [...paymentsSource.matchAll(/^\s*case "([a-z_]+\.[a-z_.]+)":/gm)].map((match) => match[1]);
    expect(handled).toContain("payment_intent.canceled");
    expect([...STRIPE_WEBHOOK_EVENTS].sort()).toEqual([...new Set(handled)].sort());
  });

  it("a re-run over an account that has everything creates nothing and sets no secret", () => {
    const id = "6a1c0e4b-2f3d-4c5e-8a9b-0c1d2e3f4a5b";
    const everything: Existing = {
      databases: [{ name: "examined-life", uuid: id }],
      buckets: ["examined-life-media"],
      queues: ["mail", "mail-dead-letters", "analytics"],
      secrets: PRODUCTION_SECRETS.map((secret) => secret.name),
    };
    const written = resourcesFromWranglerToml(withDatabaseId(wranglerToml, "production", id), "production");
    const steps = planDeploy(written, everything, options);
    expect(steps.filter((step) => ["create", "secret", "config", "lookup"].includes(step.kind))).toEqual([]);
    expect(steps.filter((step) => step.kind === "found")).toHaveLength(1 + 1 + 3 + PRODUCTION_SECRETS.length);
  });

  it("creates only what is missing, and writes the id only where it differs", () => {
    const steps = planDeploy(
      resources,
      { databases: [{ name: "examined-life", uuid: "abc" }], buckets: [], queues: ["mail"], secrets: ["ADMIN_USERNAME"] },
      options,
    );
    expect(steps.filter((step) => step.kind === "create").map((step) => step.command.join(" "))).toEqual([
      "wrangler r2 bucket create examined-life-media",
      "wrangler queues create analytics",
      "wrangler queues create mail-dead-letters",
    ]);
    expect(steps.filter((step) => step.kind === "config")).toHaveLength(1);
    expect(steps.filter((step) => step.kind === "secret")).toHaveLength(PRODUCTION_SECRETS.length - 1);
  });

  it("writes the id into [env.production] only, leaving the local binding alone", () => {
    const id = "11111111-2222-3333-4444-555555555555";
    const toml = withDatabaseId(wranglerToml, "production", id);
    expect(resourcesFromWranglerToml(toml, "production").database.id).toBe(id);
    const local = toml.slice(0, toml.search(/^\[env\.production\]$/m));
    expect(local).toContain('database_id = "00000000-0000-0000-0000-000000000000"');
    expect(toml.split(id)).toHaveLength(2);
  });

  it("reads wrangler's bucket and queue listings", () => {
    expect(bucketNames("Listing buckets...\nname:           examined-life-media\ncreation_date:  2026-11-01\n\nname: other\n")).toEqual([
      "examined-life-media",
      "other",
    ]);
    const table = [
      "┌──────┬───────────────────┬────────────┐",
      "│ id   │ name              │ created_on │",
      "├──────┼───────────────────┼────────────┤",
      "│ a1   │ mail              │ 2026-11-01 │",
      "├──────┼───────────────────┼────────────┤",
      "│ b2   │ mail-dead-letters │ 2026-11-01 │",
      "└──────┴───────────────────┴────────────┘",
    ].join("\n");
    expect(queueNames(table)).toEqual(["mail", "mail-dead-letters"]);
  });
});

describe("the backup's tables (npm run db:backup)", () => {
  it("holds neither the day's analytics salt nor its visitor keys: no table of them, no cell with them", async () => {
    // A day of counting: the salt drawn, a known visitor's hash made, its views consumed into the day's keys.
    const db = testDb();
    const day = utcDay(new Date());
    forgetSaltMemo();
    const salt = await daySalt(db, day);
    const visitor = await visitorHash(db, day, {
      client: "203.0.113.7",
      userAgent: "Mozilla/5.0 Firefox/140.0",
      host: "theexaminedlife.org",
    });
    const view = {
      type: "view",
      day,
      pattern: "/articles/:id",
      contentId: "1",
      referrer: null,
      source: "x",
      medium: null,
      campaign: null,
      country: null,
      device: "desktop",
      visitor,
    };
    await handleAnalyticsBatch(
      {
        queue: "analytics",
        messages: [{ id: "1", timestamp: new Date(), body: view, attempts: 1, ack() {}, retry() {} }],
        metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } },
        ackAll() {},
        retryAll() {},
      },
      { db },
    );
    const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>();
    const names = results.map((row) => row.name);
    expect(names).toEqual(expect.arrayContaining(["analytics_salts", "analytics_seen"]));
    const tables = backupTables(names);
    for (const table of EPHEMERAL_TABLES) expect(tables).not.toContain(table);
    // What the export writes: every row of every table it names. Neither the salt nor the visitor's hash is in any.
    const exported: string[] = [];
    for (const table of tables) {
      const { results: rows } = await env.DB.prepare(`SELECT * FROM "${table}"`).all();
      exported.push(JSON.stringify(rows));
    }
    const dump = exported.join("\n");
    expect(dump).toContain("/articles/:id"); // the day's counts are backed up
    expect(dump).not.toContain(salt);
    expect(dump).not.toContain(visitor);
  });

  it("exports every table of the database but the search index and its shadow tables, data only", async () => {
    const { results } = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>();
    const names = results.map((row) => row.name);
    const tables = backupTables(names);
    expect(names).toContain("search_index");
    expect(tables).toEqual(expect.arrayContaining(["articles", "enrollments", "newsletter_subscribers", "admin_accounts", "media"]));
    expect(tables.filter((name) => name.startsWith("search_index") || name.startsWith("_cf_") || name.startsWith("sqlite_"))).toEqual([]);
    expect(tables).not.toContain("d1_migrations");
    expect(exportArgs(["--remote", "--env", "production"], "b.sql", ["a", "b"])).toEqual([
      "d1",
      "export",
      "DB",
      "--remote",
      "--env",
      "production",
      "--no-schema",
      "--output",
      "b.sql",
      "--table",
      "a",
      "--table",
      "b",
    ]);
  });
});

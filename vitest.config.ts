import { readFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { configDefaults, defineConfig } from "vitest/config";
import { hashPassword } from "./app/server/admin/password.server";
import { generateEmulatorSecrets, generateLearnerSessionSecret } from "./scripts/dev-vars.mjs";

// Payment tests run the Stripe emulator in-process with an injected fetch; the binding wrangler.toml
// declares for local dev is answered by this stub.
const stripeEmulatorStub = () => new Response("The emulator is injected in tests.", { status: 503 });
// Likewise the mail provider's stand-in: tests build it in-process (createResendEmulator) and inject its fetch.
const mailProviderEmulatorStub = () =>
  Response.json(
    { statusCode: 503, name: "internal_server_error", message: "The mail provider emulator is injected in tests." },
    { status: 503 },
  );

// Server tests run inside workerd with the bindings of wrangler.toml and a fresh local D1,
// migrated by tests/setup/apply-migrations.ts from the same SQL files production uses.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("db/migrations");
  return {
    resolve: { tsconfigPaths: true },
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // The local account a newcomer gets from .dev.vars.example, checked by app/server/admin/auth.server.test.ts.
            DEV_VARS_EXAMPLE: readFileSync(".dev.vars.example", "utf8"),
            // The admin login route's account in tests (app/routes/login.test.ts).
            ADMIN_USERNAME: "test-admin",
            ADMIN_PASSWORD_HASH: await hashPassword("test-password-123", { iterations: 100_000 }),
            // Signs learner cookies (app/server/learning/learner.server.ts), fresh for each run.
            LEARNER_SESSION_SECRET: generateLearnerSessionSecret(),
            // The Stripe emulator's and the mail provider stand-in's secrets, fresh for each run as in development (scripts/dev-vars.mjs).
            ...generateEmulatorSecrets(),
            // As on Cloudflare: the tests' Requests carry CF-Connecting-IP as the edge would set it
            // (app/server/core/request.server.ts), so each test can be a client of its own.
            ON_CLOUDFLARE: "true",
          },
          serviceBindings: { STRIPE_EMULATOR: stripeEmulatorStub, MAIL_PROVIDER_EMULATOR: mailProviderEmulatorStub },
          // wrangler.toml's consumer of the mail queue (workers/app.ts) would deliver, behind a test's back, the
          // messages a test put on MAIL_QUEUE, against whatever the tables hold by then (each test starts from empty
          // ones). Here MAIL_QUEUE sends to a queue nothing consumes, so a message stays undelivered unless its test
          // runs the consumer (`handleMailBatch` and the others) on a batch of its own.
          // The same for the analytics queue: the tests run `handleAnalyticsBatch` on batches of their own.
          queueProducers: {
            MAIL_QUEUE: { queueName: "mail-server-tests-unconsumed" },
            ANALYTICS_QUEUE: { queueName: "analytics-server-tests-unconsumed" },
          },
        },
      }),
    ],
    test: {
      include: ["app/**/*.test.ts", "app/**/*.test.tsx", "db/**/*.test.ts", "workers/**/*.test.ts", "tests/*.test.ts"],
      // Tests that need a DOM run in happy-dom on Node instead (vitest.dom.config.ts).
      exclude: [...configDefaults.exclude, "**/*.dom.test.ts"],
      // Property tests run dozens of requests against a real D1; on a busy two-core machine five seconds is too tight.
      testTimeout: 20_000,
      setupFiles: ["./tests/setup/apply-migrations.ts"],
    },
  };
});

/**
 * `npm run deploy:setup -- --env production --dry-run` as CI runs it: a child process on Node, with no login and no
 * network, that prints the whole plan and changes nothing (the plan itself: tests/deploy-setup.test.ts).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("the first-deploy script's dry run", () => {
  it("prints every resource, secret and step, and leaves wrangler.toml as it was", () => {
    const before = readFileSync("wrangler.toml", "utf8");
    const output = execFileSync("node_modules/.bin/tsx", ["scripts/deploy-setup.ts", "--env", "production", "--dry-run"], {
      encoding: "utf8",
      // No credentials: a dry run must not need them (nor reach Cloudflare).
      env: { ...process.env, CLOUDFLARE_API_TOKEN: "", CLOUDFLARE_ACCOUNT_ID: "" },
    });
    for (const expected of [
      "the-examined-life-production",
      "npx wrangler d1 create examined-life",
      "npx wrangler r2 bucket create examined-life-media",
      "npx wrangler queues create mail",
      "npx wrangler queues create mail-dead-letters",
      "npx wrangler d1 migrations apply DB --remote --env production",
      "npx wrangler secret put ADMIN_PASSWORD_HASH --env production",
      "npx wrangler secret put RESEND_WEBHOOK_SECRET --env production",
      "refund.updated",
      "Onboard Domain",
    ]) {
      expect(output).toContain(expected);
    }
    expect(readFileSync("wrangler.toml", "utf8")).toBe(before);
  });

  it("refuses to run without an environment", () => {
    expect(() => execFileSync("node_modules/.bin/tsx", ["scripts/deploy-setup.ts", "--dry-run"], { stdio: "pipe" })).toThrow(/Usage/);
  });
});

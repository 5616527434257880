/**
 * Local-only developer tools never ship: the dev mailbox, the Stripe emulator, the mail provider stand-in, the bench's constant route and the browser
 * tests' reset routes are switched on by wrangler.toml's top level (or, for the bench and the browser tests, only by their
 * own run), never by [env.production], which wrangler deploys without inheriting vars or bindings from the top level.
 */
import { describe, expect, it } from "vitest";
import wranglerToml from "../wrangler.toml?raw";

/** Where the [env.production] table starts: a line of its own (comments mention it too). */
const productionStart = wranglerToml.search(/^\[env\.production\]$/m);
const topLevel = wranglerToml.slice(0, productionStart);
const production = wranglerToml.slice(productionStart);
/** Setting lines only: comments may name a tool to say why it is absent. */
const settings = (toml: string) => toml.split("\n").filter((line) => !line.trimStart().startsWith("#"));

describe("wrangler.toml", () => {
  it("has an [env.production] section", () => {
    expect(productionStart).toBeGreaterThan(0);
  });

  it.each([
    "DEV_MAILBOX",
    "STRIPE_EMULATOR",
    "stripe-emulator",
    "MAIL_PROVIDER_EMULATOR",
    "mail-provider-emulator",
    "BENCH_ROUTES",
    "E2E_ROUTES",
  ])("[env.production] never mentions %s", (name) => {
    expect(settings(production).filter((line) => line.includes(name))).toEqual([]);
  });

  it("the bench's constant route is not on locally either: only a bench run sets BENCH_ROUTES", () => {
    expect(settings(topLevel).filter((line) => line.includes("BENCH_ROUTES"))).toEqual([]);
  });

  it("the browser tests' reset routes are not on locally either: only their server (tests/e2e/global-setup.ts) sets E2E_ROUTES", () => {
    expect(settings(topLevel).filter((line) => line.includes("E2E_ROUTES"))).toEqual([]);
  });

  it("[env.production] serves SITE_URL's host as a custom domain (the Cache API needs one; workers.dev has none)", () => {
    const siteUrl = /^SITE_URL\s*=\s*"([^"]+)"/m.exec(production)?.[1] ?? "";
    const routes = /^routes\s*=\s*\[(.*)\]$/m.exec(production)?.[1] ?? "";
    expect(siteUrl).toMatch(/^https:\/\//);
    expect(routes).toContain(`{ pattern = "${new URL(siteUrl).host}", custom_domain = true }`);
    expect(settings(topLevel).filter((line) => /^routes\b/.test(line))).toEqual([]);
  });
});

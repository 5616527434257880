/**
 * Weak 14 of issue #11: the emulator's secrets are made per run (never constants in the source), and the
 * local servers listen on loopback only.
 */
import { describe, expect, it } from "vitest";
import packageJson from "../../package.json";
import stripeServerSource from "../../app/server/payments/stripe.server.ts?raw";
import { EMULATOR_SECRET_NAMES, generateEmulatorSecrets, setDevVars } from "../../scripts/dev-vars.mjs";
import viteConfigSource from "../../vite.config.ts?raw";
import emulatorSource from "./emulator.ts?raw";
import indexSource from "./index.ts?raw";
import wranglerToml from "./wrangler.toml?raw";

describe("the emulator's secrets", () => {
  it("are new on every run, in Stripe's formats", () => {
    const first = generateEmulatorSecrets();
    const second = generateEmulatorSecrets();
    expect(Object.keys(first).sort()).toEqual([...EMULATOR_SECRET_NAMES].sort());
    expect(first.STRIPE_EMULATOR_WEBHOOK_SECRET).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(first.STRIPE_EMULATOR_SECRET_KEY).toMatch(/^sk_test_emulator_[0-9a-f]{48}$/);
    expect(second.STRIPE_EMULATOR_WEBHOOK_SECRET).not.toBe(first.STRIPE_EMULATOR_WEBHOOK_SECRET);
    expect(second.STRIPE_EMULATOR_SECRET_KEY).not.toBe(first.STRIPE_EMULATOR_SECRET_KEY);
  });

  it("are written into an existing .dev.vars without touching the developer's own settings", () => {
    const mine = "# my settings\nADMIN_USERNAME=me\nADMIN_PASSWORD_HASH='pbkdf2_sha256$1$a$b'\nSTRIPE_EMULATOR_WEBHOOK_SECRET=whsec_old\n";
    const secrets = generateEmulatorSecrets();
    const next = setDevVars(mine, secrets);
    expect(next).toBe(
      "# my settings\nADMIN_USERNAME=me\nADMIN_PASSWORD_HASH='pbkdf2_sha256$1$a$b'\n" +
        `STRIPE_EMULATOR_WEBHOOK_SECRET=${secrets.STRIPE_EMULATOR_WEBHOOK_SECRET}\nSTRIPE_EMULATOR_SECRET_KEY=${secrets.STRIPE_EMULATOR_SECRET_KEY}\n` +
        `MAIL_PROVIDER_EMULATOR_API_KEY=${secrets.MAIL_PROVIDER_EMULATOR_API_KEY}\n` +
        `MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET=${secrets.MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET}\n`,
    );
    expect(setDevVars("", { A: "1" })).toBe("A=1\n");
  });

  it("have no constant fallback anywhere in the app's or the emulator's source", () => {
    for (const [name, source] of Object.entries({ stripeServerSource, emulatorSource, indexSource, wranglerToml })) {
      expect(source, name).not.toMatch(/whsec_[A-Za-z0-9]/);
      expect(source, name).not.toMatch(/["']sk_test_[A-Za-z0-9]/);
    }
  });
});

describe("the local servers listen on loopback only", () => {
  it("npm start passes --ip 127.0.0.1 to wrangler dev", () => {
    expect(packageJson.scripts.start).toMatch(/\bwrangler dev .*--ip 127\.0\.0\.1\b/);
  });

  it("npm run dev (Vite) binds 127.0.0.1", () => {
    expect(packageJson.scripts.dev).toMatch(/\breact-router dev\b/);
    expect(packageJson.scripts.dev).not.toMatch(/--host\b/);
    expect(viteConfigSource).toMatch(/server: \{ host: "127\.0\.0\.1" \}/);
  });
});

import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Server tests run inside workerd with the bindings of wrangler.toml and a fresh local D1,
// migrated by tests/setup/apply-migrations.ts from the same SQL files production uses.
export default defineConfig(async () => {
  const migrations = await readD1Migrations("db/migrations");
  return {
    resolve: { tsconfigPaths: true },
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
      }),
    ],
    test: {
      include: ["app/**/*.test.ts", "db/**/*.test.ts", "workers/**/*.test.ts"],
      setupFiles: ["./tests/setup/apply-migrations.ts"],
    },
  };
});

/**
 * Seeds the local D1 database (the one `wrangler dev` and the dev server use, under .wrangler/state).
 * Run after `wrangler d1 migrations apply DB --local`. Idempotent.
 */
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import * as schema from "../db/schema";
import { seedDatabase } from "../db/seed";

// SEED_PERSIST_TO points at another local state folder (the browser tests use their own).
const persistTo = process.env.SEED_PERSIST_TO;
const proxy = await getPlatformProxy<Env>({
  configPath: "wrangler.toml",
  persist: persistTo ? { path: `${persistTo}/v3` } : true,
});
try {
  const { seeded } = await seedDatabase(drizzle(proxy.env.DB, { schema }));
  console.log(seeded ? "Seeded the local database." : "Local database already seeded; nothing to do.");
} finally {
  await proxy.dispose();
}

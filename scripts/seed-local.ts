/**
 * Seeds the local D1 database (the one `wrangler dev` and the dev server use, under .wrangler/state).
 * Run after `wrangler d1 migrations apply DB --local`. Idempotent. The search index is rebuilt every time
 * (app/server/content/search.server.ts): a database seeded before the index existed gets one too.
 */
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import { seedDatabase } from "../db/seed";
import { rebuildSearchIndex } from "../app/server/content/search.server";

// SEED_PERSIST_TO points at another local state folder (the browser tests use their own).
const persistTo = process.env.SEED_PERSIST_TO;
const proxy = await getPlatformProxy<Env>({
  configPath: "wrangler.toml",
  persist: persistTo ? { path: `${persistTo}/v3` } : true,
});
try {
  const db = drizzle(proxy.env.DB);
  const { seeded } = await seedDatabase(db);
  console.log(seeded ? "Seeded the local database." : "Local database already seeded; nothing to do.");
  console.log(`Search index rebuilt: ${await rebuildSearchIndex(db)} entries.`);
} finally {
  await proxy.dispose();
}

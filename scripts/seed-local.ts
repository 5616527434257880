/**
 * Seeds the local D1 database (the one `wrangler dev` and the dev server use, under .wrangler/state).
 * Run after `wrangler d1 migrations apply DB --local`. Idempotent. The search index is rebuilt every time
 * (app/server/content/search.server.ts): a database seeded before the index existed gets one too.
 */
import { readFile } from "node:fs/promises";
import { drizzle } from "drizzle-orm/d1";
import { getPlatformProxy } from "wrangler";
import { seedDatabase, seedRecordings } from "../db/seed";
import { MEDIA_PATH_PREFIX } from "../app/lib/media-schemas";
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
  // The lesson recordings are paid content, kept in the media bucket rather than public/ (docs/http.md, "Lesson
  // recordings"): each under the key its lesson names (the file's SHA-256), put again every time (R2 overwrites).
  for (const { file, audioUrl } of seedRecordings()) {
    const bytes = await readFile(new URL(`../db/seed/recordings/${file}`, import.meta.url));
    await proxy.env.MEDIA.put(audioUrl.slice(MEDIA_PATH_PREFIX.length), bytes, { httpMetadata: { contentType: "audio/ogg" } });
  }
  console.log(`Lesson recordings in the local media bucket: ${seedRecordings().length}.`);
} finally {
  await proxy.dispose();
}

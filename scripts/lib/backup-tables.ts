/**
 * Which tables a backup exports (`npm run db:backup`, scripts/db-backup.ts): every table of the app's, without the
 * search index (FTS5: `wrangler d1 export` refuses a database with a virtual table, and `search_index` holds nothing
 * that is not elsewhere) and its shadow tables, SQLite's and D1's own, and `d1_migrations` (a restore applies the
 * migrations first, which writes it), and the day's analytics salt and visitor keys (EPHEMERAL_TABLES). Pure, so tests/deploy-setup.test.ts checks it.
 */
export const SEARCH_INDEX = "search_index";

/**
 * Tables that live one day and are never exported: the day's analytics salt and the day's visitor keys
 * (docs/analytics.md "Unique visitors"). With them, a known visitor's hash could be made again and their pages of the
 * day read back from the keys; without them, the backed-up daily counts name no one. The 5-minute cron deletes them
 * once their day is over.
 */
export const EPHEMERAL_TABLES: readonly string[] = ["analytics_salts", "analytics_seen", "analytics_clients"];

export function backupTables(names: string[]) {
  return names
    .filter(
      (name) =>
        name !== SEARCH_INDEX &&
        !name.startsWith(`${SEARCH_INDEX}_`) &&
        !name.startsWith("sqlite_") &&
        !name.startsWith("_cf_") &&
        name !== "d1_migrations" &&
        !EPHEMERAL_TABLES.includes(name),
    )
    .sort();
}

/** `wrangler d1 export`'s arguments for a data-only export of those tables. */
export function exportArgs(where: string[], output: string, tables: string[]) {
  return ["d1", "export", "DB", ...where, "--no-schema", "--output", output, ...tables.flatMap((table) => ["--table", table])];
}

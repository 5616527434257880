/**
 * `npm run search:rebuild`: rebuilds the site-search index of the local D1 (the one `npm run dev` uses);
 * `npm run search:rebuild -- --remote` rebuilds production's (after a restore, or if it ever drifts).
 * It reads the content with the server's own SQL (`SEARCH_SOURCE_SQL`), builds the same documents as
 * `rebuildSearchIndex` (app/server/search.server.ts), and writes them with one `wrangler d1 execute --file`.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SEARCH_SOURCE_SQL, type SearchSourceRows, rebuildSql, searchDocuments } from "../app/server/search.server";

const where = process.argv.includes("--remote") ? "--remote" : "--local";

function wrangler(...args: string[]) {
  return execFileSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", where, ...args], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    stdio: ["ignore", "pipe", "inherit"],
  });
}

const rows: Partial<SearchSourceRows> = {};
for (const [source, sql] of Object.entries(SEARCH_SOURCE_SQL)) {
  const [answer] = JSON.parse(wrangler("--json", "--command", sql)) as { results: never[] }[];
  rows[source as keyof SearchSourceRows] = answer.results;
}
const documents = searchDocuments(rows);
const dir = mkdtempSync(join(tmpdir(), "search-rebuild-"));
try {
  const file = join(dir, "rebuild.sql");
  writeFileSync(file, rebuildSql(documents));
  wrangler("--yes", "--file", file);
  console.log(`Search index rebuilt (${where.slice(2)}): ${documents.length} entries.`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

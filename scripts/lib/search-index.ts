/**
 * Rebuilds the site-search index of a D1 through `wrangler d1 execute`: `npm run search:rebuild` (the local D1 of
 * `npm run dev`, or production's with `--remote`) and the bench's search step (its own D1, `--persist-to`).
 * It reads the content with the server's own SQL (`SEARCH_SOURCE_SQL`), builds the same documents as
 * `rebuildSearchIndex` (app/server/content/search.server.ts), and writes them with one `wrangler d1 execute --file`.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SEARCH_SOURCE_SQL, type SearchSourceRows, rebuildSql, searchDocuments } from "../../app/server/content/search.server";

/** `wrangler d1 execute DB` on the database `where` names (`["--local"]`, `["--remote"]`, `["--local", "--persist-to", dir]`). */
export function d1Execute(where: string[], ...args: string[]) {
  return execFileSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", ...where, ...args], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    stdio: ["ignore", "pipe", "inherit"],
  });
}

/** Runs a SQL text as one `--file` (one wrangler start, however many statements). */
export function d1ExecuteSql(where: string[], sql: string) {
  const dir = mkdtempSync(join(tmpdir(), "d1-sql-"));
  try {
    const file = join(dir, "statements.sql");
    writeFileSync(file, sql);
    d1Execute(where, "--yes", "--file", file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Empties the index and fills it from every published row; returns the number of entries. */
export function rebuildSearchIndexVia(where: string[]): number {
  const rows: Partial<SearchSourceRows> = {};
  for (const [source, sql] of Object.entries(SEARCH_SOURCE_SQL)) {
    const output = d1Execute(where, "--json", "--command", sql);
    const [answer] = JSON.parse(output.slice(output.indexOf("["))) as { results: never[] }[];
    if (!answer) throw new Error(`wrangler d1 execute printed no result: ${output}`);
    rows[source as keyof SearchSourceRows] = answer.results;
  }
  const documents = searchDocuments(rows);
  d1ExecuteSql(where, rebuildSql(documents));
  return documents.length;
}

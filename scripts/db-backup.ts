/**
 * `npm run db:backup -- [--remote [--env name]] [--output file.sql]`: a data-only SQL export of every table but the search index
 * (docs/operations.md "Backups and restore"), of the local D1 or, with `--remote`, production's ([env.production]).
 * To restore it into an empty database: apply the migrations there (the schema, the index included), run the file with
 * `wrangler d1 execute --file`, then `npm run search:rebuild`.
 */
import { execFileSync } from "node:child_process";
import { backupTables, exportArgs } from "./lib/backup-tables";
import { d1Execute } from "./lib/search-index";

const args = process.argv.slice(2);
const env = args.includes("--env") ? args[args.indexOf("--env") + 1] : "production";
const where = args.includes("--remote") ? ["--remote", "--env", env ?? "production"] : ["--local"];
const outputAt = args.indexOf("--output");
const output = outputAt >= 0 && args[outputAt + 1] ? (args[outputAt + 1] as string) : `backup-${new Date().toISOString().slice(0, 10)}.sql`;

const listed = d1Execute(where, "--json", "--command", "SELECT name FROM sqlite_master WHERE type = 'table'");
const [answer] = JSON.parse(listed.slice(listed.indexOf("["))) as { results: { name: string }[] }[];
const tables = backupTables((answer?.results ?? []).map((row) => row.name));
execFileSync("node_modules/.bin/wrangler", exportArgs(where, output, tables), { stdio: ["ignore", "inherit", "inherit"] });
console.log(`Backed up ${tables.length} tables (data only, no search index) to ${output}.`);

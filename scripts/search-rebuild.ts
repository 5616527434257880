/**
 * `npm run search:rebuild`: rebuilds the site-search index of the local D1 (the one `npm run dev` uses);
 * `npm run search:rebuild -- --remote` rebuilds production's (after a restore, or if it ever drifts); `--env <name>` another
 * environment's.
 * The work is in scripts/lib/search-index.ts, shared with the bench's search step.
 */
import { rebuildSearchIndexVia } from "./lib/search-index";

// Remote is wrangler.toml's [env.production] (its own D1 binding; the top level's id is a local placeholder), or the
// environment `--env` names (the restore drill's, docs/operations.md).
const args = process.argv.slice(2);
const remote = args.includes("--remote");
const env = args.includes("--env") ? args[args.indexOf("--env") + 1] : "production";
const entries = rebuildSearchIndexVia(remote ? ["--remote", "--env", env ?? "production"] : ["--local"]);
console.log(`Search index rebuilt (${remote ? `remote, ${env}` : "local"}): ${entries} entries.`);

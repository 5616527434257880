/**
 * `npm run search:rebuild`: rebuilds the site-search index of the local D1 (the one `npm run dev` uses);
 * `npm run search:rebuild -- --remote` rebuilds production's (after a restore, or if it ever drifts).
 * The work is in scripts/lib/search-index.ts, shared with the bench's search step.
 */
import { rebuildSearchIndexVia } from "./lib/search-index";

// Production is wrangler.toml's [env.production] (its own D1 binding; the top level's id is a local placeholder).
const remote = process.argv.includes("--remote");
const entries = rebuildSearchIndexVia(remote ? ["--remote", "--env", "production"] : ["--local"]);
console.log(`Search index rebuilt (${remote ? "remote, production" : "local"}): ${entries} entries.`);

/**
 * `npm run search:rebuild`: rebuilds the site-search index of the local D1 (the one `npm run dev` uses);
 * `npm run search:rebuild -- --remote` rebuilds production's (after a restore, or if it ever drifts).
 * The work is in scripts/lib/search-index.ts, shared with the bench's search step.
 */
import { rebuildSearchIndexVia } from "./lib/search-index";

const where = process.argv.includes("--remote") ? "--remote" : "--local";
const entries = rebuildSearchIndexVia([where]);
console.log(`Search index rebuilt (${where.slice(2)}): ${entries} entries.`);

/**
 * The browser tests' control of their server's state (tests/e2e/server-db.ts): every test file starts from the seeded
 * database, and a test can start the page cache afresh, each in one request.
 *
 * - `POST /__e2e/snapshot` keeps a copy of every table as it is (global-setup.ts calls it once, on the seeded database),
 *   in tables of the same database named `_e2e_seed_<table>`.
 * - `POST /__e2e/reset` puts every table back as the copy has it, in one transaction: content, the mail log (the dev
 *   mailbox), the abuse-limit counters and sign-in failures, sessions, orders… Then it records a new content version,
 *   so no page the Worker cached before is served again, and forgets the isolate's memo of the site settings.
 * - `POST /__e2e/content-version` only records a new content version: every page's cache starts afresh.
 *
 * A new content version is seen at once by this isolate (app/server/core/cache.server.ts), the only one of the local server:
 * a test never waits for the version's memo to expire. AUTOINCREMENT ids are not rewound (`sqlite_sequence` is left
 * alone), so a mail-queue message a previous file left behind finds no row and is dropped rather than delivered.
 *
 * These routes exist only when the run sets the var E2E_ROUTES=on, which only tests/e2e/global-setup.ts does:
 * wrangler.toml never sets it, locally or in production (workers/production-config.test.ts).
 */
import { contentVersion } from "../app/server/core/cache.server";
import { createDatabase } from "../app/server/core/db.server";
import { forgetSiteSettings } from "../app/server/site/site.server";

export const E2E_ROUTE_PREFIX = "/__e2e/";
/** The copy of table `t` is `_e2e_seed_t`. */
const SNAPSHOT_PREFIX = "_e2e_seed_";
/** A virtual table's copy keeps its rowids in this column (the search index's rowid says which row it is). */
const ROWID_COLUMN = "_e2e_rowid";

type Table = { name: string; type: "table" | "virtual" };

/** Answers one of the routes above (the caller checked E2E_ROUTES). */
export async function serveE2eRoute(request: Request, d1: D1Database, pathname: string): Promise<Response> {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST", ...NO_STORE } });
  switch (pathname) {
    case `${E2E_ROUTE_PREFIX}snapshot`:
      return answer({ tables: await snapshot(d1) });
    case `${E2E_ROUTE_PREFIX}reset`: {
      const tables = await restore(d1);
      if (tables === null) return answer({ message: `No snapshot: POST ${E2E_ROUTE_PREFIX}snapshot first.` }, 409);
      forgetSiteSettings();
      return answer({ tables, contentVersion: await newContentVersion(d1) });
    }
    case `${E2E_ROUTE_PREFIX}content-version`:
      return answer({ contentVersion: await newContentVersion(d1) });
    default:
      return answer({ message: "Not found." }, 404);
  }
}

const NO_STORE = { "Cache-Control": "no-store" };
const answer = (body: unknown, status = 200) => Response.json(body, { status, headers: NO_STORE });
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The application's tables (the search index's shadow tables are the index's own business). */
async function applicationTables(d1: D1Database): Promise<Table[]> {
  const { results } = await d1
    .prepare(
      `SELECT name, type FROM pragma_table_list
        WHERE schema = 'main' AND type IN ('table', 'virtual') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
          AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE ?1 ESCAPE '\\' AND name <> 'd1_migrations'
        ORDER BY name`,
    )
    .bind(`${SNAPSHOT_PREFIX.replaceAll("_", "\\_")}%`)
    .all<Table>();
  return results;
}

async function snapshot(d1: D1Database): Promise<number> {
  const tables = await applicationTables(d1);
  await d1.batch(
    tables.flatMap(({ name, type }) => [
      d1.prepare(`DROP TABLE IF EXISTS ${quoted(SNAPSHOT_PREFIX + name)}`),
      d1.prepare(
        `CREATE TABLE ${quoted(SNAPSHOT_PREFIX + name)} AS SELECT ${type === "virtual" ? `rowid AS ${ROWID_COLUMN}, ` : ""}* FROM ${quoted(name)}`,
      ),
    ]),
  );
  return tables.length;
}

/** Empties every table and refills it from its copy; null when there is no copy. */
async function restore(d1: D1Database): Promise<number | null> {
  const tables = await applicationTables(d1);
  const { results: copies } = await d1
    .prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name LIKE ?1 ESCAPE '\\'")
    .bind(`${SNAPSHOT_PREFIX.replaceAll("_", "\\_")}%`)
    .all<{ name: string }>();
  const copied = new Set(copies.map(({ name }) => name.slice(SNAPSHOT_PREFIX.length)));
  if (copied.size === 0) return null;
  const missing = tables.filter(({ name }) => !copied.has(name)).map(({ name }) => name);
  if (missing.length > 0) throw new Error(`Tables without a snapshot (made after it?): ${missing.join(", ")}`);

  const refills = await Promise.all(
    tables.map(async ({ name, type }) => {
      if (type === "table") return `INSERT INTO ${quoted(name)} SELECT * FROM ${quoted(SNAPSHOT_PREFIX + name)}`;
      const { results: columns } = await d1.prepare("SELECT name FROM pragma_table_info(?1)").bind(name).all<{ name: string }>();
      const list = ["rowid", ...columns.map((column) => quoted(column.name))].join(", ");
      return `INSERT INTO ${quoted(name)} (${list}) SELECT * FROM ${quoted(SNAPSHOT_PREFIX + name)}`;
    }),
  );
  // One transaction; foreign keys are checked at its end, so the order of the tables does not matter.
  await d1.batch([
    d1.prepare("PRAGMA defer_foreign_keys = on"),
    ...tables.map(({ name }) => d1.prepare(`DELETE FROM ${quoted(name)}`)),
    ...refills.map((sql) => d1.prepare(sql)),
  ]);
  return tables.length;
}

/** Records a new content version; this isolate serves it from now on. */
function newContentVersion(d1: D1Database) {
  return contentVersion.bump(createDatabase(d1));
}

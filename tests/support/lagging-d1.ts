/**
 * A D1 binding over the real local D1 whose sessions behave like D1 with read replication on and one replica that
 * lags (https://developers.cloudflare.com/d1/best-practices/read-replication/): writes go to the primary and move its
 * bookmark on by one; reads of a session go to the replica unless the session needs a newer state than the replica
 * has (it was started at `first-primary`, from a newer bookmark, or it wrote), and then to the primary. The replica
 * holds the chosen tables as of its last `catchUp()` (copies of them, which a replica read names instead), and every
 * other table as the primary does.
 */
import { env } from "cloudflare:test";

const READ = /^\s*select\b/i;
const METHODS = new Set<PropertyKey>(["all", "raw", "run", "first"]);

/** A bookmark of the stub: the primary's version in hex, in the shape of D1's (hex fields and dashes). */
const bookmarkOf = (version: number) => `${version.toString(16).padStart(8, "0")}-00000000-00000000-${"0".repeat(31)}1`;
const versionOf = (bookmark: string) => {
  const match = /^([0-9a-f]{8})-00000000-00000000-0{31}1$/.exec(bookmark);
  return match ? Number.parseInt(match[1]!, 16) : null;
};

type Statement = { sql: string; values: unknown[] };

export function laggingD1(tables: readonly string[], d1: D1Database = env.DB) {
  let primary = 1;
  let replica = 1;
  const copy = (table: string) => `__replica_${table}`;
  const names = new RegExp(`"?\\b(${tables.join("|")})\\b"?`, "g");
  const onReplica = (sql: string) => sql.replace(names, (_, table: string) => `"${copy(table)}"`);
  /** What each session asked for, in order: `first-primary`, `first-unconstrained` or a bookmark. */
  const constraints: string[] = [];
  const reads = { replica: 0, primary: 0 };

  function withSession(constraint = "first-unconstrained") {
    constraints.push(constraint);
    // The oldest state the session may read; null until its first query when it starts at the primary.
    let needs: number | null = constraint === "first-primary" ? null : (versionOf(constraint) ?? 0);
    let seen: number | null = null;
    const statements = new WeakMap<object, Statement>();
    const statement = (sql: string, values: unknown[]): D1PreparedStatement => {
      const target = {} as D1PreparedStatement;
      const proxy = new Proxy(target, {
        get(_, property) {
          if (property === "bind") return (...more: unknown[]) => statement(sql, [...values, ...more]);
          if (METHODS.has(property))
            return (...args: unknown[]) =>
              run(
                [{ sql, values }],
                (prepared) => Reflect.apply(Reflect.get(prepared[0]!, property), prepared[0], args) as Promise<unknown>,
              );
          return undefined;
        },
      });
      statements.set(proxy, { sql, values });
      return proxy;
    };
    /** Runs `list` where the session may read it (the replica when new enough), and moves the bookmarks on. */
    async function run<T>(list: Statement[], execute: (prepared: D1PreparedStatement[]) => Promise<T>): Promise<T> {
      const writes = list.some((each) => !READ.test(each.sql));
      const fromReplica = !writes && needs !== null && replica >= needs;
      if (!writes) reads[fromReplica ? "replica" : "primary"] += 1;
      const prepared = list.map((each) => d1.prepare(fromReplica ? onReplica(each.sql) : each.sql).bind(...each.values));
      const result = await execute(prepared);
      if (writes) primary += 1;
      seen = fromReplica ? replica : primary;
      needs = seen;
      return result;
    }
    return {
      prepare: (sql: string) => statement(sql, []),
      batch: (list: D1PreparedStatement[]) =>
        run(
          list.map((each) => statements.get(each)!),
          (prepared) => d1.batch(prepared),
        ),
      getBookmark: () => (seen === null ? null : bookmarkOf(seen)),
    } as unknown as D1DatabaseSession;
  }

  const binding = { prepare: d1.prepare.bind(d1), batch: d1.batch.bind(d1), withSession } as unknown as D1Database;
  return {
    binding,
    constraints,
    reads,
    /** The primary's current bookmark. */
    latest: () => bookmarkOf(primary),
    /** The replica applies every write so far: its copies of the lagging tables become the primary's. */
    async catchUp() {
      for (const table of tables) {
        await d1.batch([
          d1.prepare(`DROP TABLE IF EXISTS "${copy(table)}"`),
          d1.prepare(`CREATE TABLE "${copy(table)}" AS SELECT * FROM "${table}"`),
        ]);
      }
      replica = primary;
    },
    /** Drops the replica's copies. */
    async drop() {
      for (const table of tables) await d1.prepare(`DROP TABLE IF EXISTS "${copy(table)}"`).run();
    },
  };
}

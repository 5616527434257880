/**
 * A D1 binding that records its round trips, for tests that check how many times a request goes to the database.
 * Each entry is one round trip: a statement run alone, or a batch (with the SQL of each statement in it).
 */
import { env } from "cloudflare:test";
import { withD1Session } from "~/server/core/db.server";

type Statement = D1PreparedStatement;
const RUNS = new Set<PropertyKey>(["all", "raw", "run", "first"]);

export function countingD1(d1: D1Database = env.DB) {
  const trips: string[][] = [];
  const originals = new WeakMap<object, { statement: Statement; sql: string }>();
  const wrap = (statement: Statement, sql: string): Statement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values), sql);
        const value = Reflect.get(target, property, target);
        if (RUNS.has(property)) {
          return (...args: unknown[]) => {
            trips.push([sql]);
            return (value as (...args: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    originals.set(proxy, { statement, sql });
    return proxy;
  };
  const counted = (client: D1Database | D1DatabaseSession) => ({
    prepare: (sql: string) => wrap(client.prepare(sql), sql),
    batch: (statements: Statement[]) => {
      trips.push(statements.map((s) => originals.get(s)?.sql ?? "?"));
      return client.batch(statements.map((s) => originals.get(s)?.statement ?? s));
    },
    getBookmark: () => ("getBookmark" in client ? client.getBookmark() : null),
  });
  const binding = { ...counted(d1), withSession: (constraint?: string) => counted(d1.withSession(constraint)) } as unknown as D1Database;
  return {
    trips,
    /** Runs `handle` as a request does (inside a D1 session on the counting binding), so `getDb()` counts. */
    run: async <T>(handle: () => Promise<T>, request = new Request("http://localhost/")) => {
      let result: T | undefined;
      await withD1Session(request, binding, async () => {
        result = await handle();
        return new Response(null);
      });
      return result as T;
    },
  };
}

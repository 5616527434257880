import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "../../db/schema";

export type Database = ReturnType<typeof createDatabase>;

export function createDatabase(d1: D1Database) {
  return drizzle(d1, { schema });
}

/** The request's database, from the Worker's D1 binding. */
export function getDb(): Database {
  return createDatabase(env.DB);
}

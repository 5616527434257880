/** Test fixtures for server tests inside workerd. */
import { env } from "cloudflare:test";
import { seedDatabase } from "../../db/seed";
import { createDatabase } from "~/server/db.server";

export function testDb() {
  return createDatabase(env.DB);
}

/** Loads the real seed content into the test's D1 (idempotent, like in dev). */
export async function seedTestDb() {
  const db = testDb();
  await seedDatabase(db);
  return db;
}

/** A JSON request as a browser would send it. */
export function jsonRequest(path: string, body: unknown, init: RequestInit = {}) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...init.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
}

/** Calls a route loader the way React Router does, with only what our loaders read. */
export function routeArgs<P extends Record<string, string | undefined>>(request: Request | string, params: P = {} as P) {
  const req = typeof request === "string" ? new Request(`http://localhost${request}`) : request;
  return { request: req, params, context: {} as never, unstable_pattern: "", url: new URL(req.url) } as never;
}

/** Test fixtures for server tests inside workerd. */
import { env } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { seedDatabase } from "../../db/seed";
import { seedCategories } from "../../db/seed/categories";
import { articleCategories } from "../../db/schema";
import { createDatabase } from "~/server/core/db.server";
import { HttpError } from "~/server/core/http.server";

export function testDb() {
  return createDatabase(env.DB);
}

/** The seed's article categories alone, for a test that writes articles without the seed (an article names one). */
export async function insertSeedCategories(db = testDb()) {
  for (const category of seedCategories) await db.insert(articleCategories).values(category).onConflictDoNothing();
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

/**
 * A parsed JSON response as the API tests read it: any property or index can be read, with `?.` (it may be
 * missing), and is again a `JsonBody`, for `expect` to check, without `any` switching type checks off.
 */
export type JsonBody = { readonly [key: string]: JsonBody };

/** Calls a route loader the way React Router does, with only what our loaders read. */
export function routeArgs<P extends Record<string, string | undefined>>(request: Request | string, params: P = {} as P) {
  const req = typeof request === "string" ? new Request(`http://localhost${request}`) : request;
  return { request: req, params, context: new RouterContextProvider(), unstable_pattern: "", url: new URL(req.url) } as never;
}

/** A route's action (or loader), typed loosely enough that any route module's fits. */
export type RouteAction = (args: never) => Promise<Response>;

/** Calls a route action with a request and its path params, the way React Router does. */
export function callRoute(action: RouteAction, request: Request, params: Record<string, string> = {}) {
  return action(routeArgs(request, params));
}

/** The HttpError `run` refuses with; anything else it throws is thrown again, and resolving fails the test. */
export async function refusal(run: () => Promise<unknown>): Promise<HttpError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

/** What a loader or action answered, whether it returned it or threw it (a Response, React Router's `data()`, an error...). */
export async function settled(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

/** The rows a query returns from the test's D1, typed as the test says they are. */
export async function rowsOf<Row>(sql: string, ...bindings: unknown[]) {
  return (
    await env.DB.prepare(sql)
      .bind(...bindings)
      .all<Row>()
  ).results;
}

/** A prepared INSERT of one row into `table`, its columns named by the keys of `row` (for `env.DB.batch`). */
export function insertRow(table: string, row: Record<string, string | number | null>) {
  const columns = Object.keys(row);
  const placeholders = columns.map(() => "?").join(", ");
  return env.DB.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${placeholders})`).bind(...Object.values(row));
}

/** A buyer's e-mail address no other test uses (one address never buys one course twice). */
export function buyerEmail() {
  return `buyer-${crypto.randomUUID()}@example.com`;
}

/** A paid (or refunded) enrolment, as a confirmed payment records it. */
export async function insertEnrollment(
  db: ReturnType<typeof testDb>,
  input: { email: string; courseId: number; name?: string; status?: "paid" | "refunded"; keepAccess?: boolean },
) {
  const { enrollments } = await import("../../db/schema");
  return db
    .insert(enrollments)
    .values({
      courseId: input.courseId,
      email: input.email,
      name: input.name ?? "",
      status: input.status ?? "paid",
      keepAccess: input.keepAccess ?? false,
      paymentIntentId: `pi_test_${crypto.randomUUID().replaceAll("-", "")}`,
      amountCents: 4900,
    })
    .returning()
    .get();
}

/** A request carrying a cookie, as a browser that holds it sends it. */
export function requestWithCookie(path: string, cookie: string, init: RequestInit = {}) {
  return new Request(`http://localhost${path}`, { ...init, headers: { ...init.headers, Cookie: cookie } });
}

/** A proven learner session of `email` (one an access link started), for a context built without a cookie. */
export function provenSession(email: string, expiresAt = "2999-01-01T00:00:00Z") {
  return { id: `known-${crypto.randomUUID()}`, email, expiresAt, scopeCourseId: null, enrollmentId: null, key: email };
}

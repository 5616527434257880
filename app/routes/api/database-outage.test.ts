/**
 * When D1 fails (unreachable, overloaded, reset, or without its tables) the JSON API answers 503 with a
 * message and Retry-After, so clients know to try again; a bug in our code stays a 500 with a generic
 * message. The D1 errors here are the ones workerd's binding throws.
 */
import { loggedEvents } from "../../../tests/support/logs";
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { adminCookie, adminRequest } from "../../../tests/support/admin";
import { jsonRequest, routeArgs, seedTestDb } from "../../../tests/support/db";
import { withD1Session } from "~/server/core/db.server";
import { DATABASE_UNAVAILABLE_MESSAGE, handleApi, isDatabaseFailure } from "~/server/core/http.server";
import * as articleById from "./content-item";
import * as articlesList from "./content-collection";
import * as newsletter from "./newsletter.subscribe";

const BUG_MESSAGE = "Something went wrong on our side. Please try again.";

/** What workerd's D1 binding throws when its connection to the database drops. */
const connectionLost = () => new Error("D1_ERROR: Network connection lost.", { cause: new Error("Network connection lost.") });

/**
 * A D1 binding whose every statement fails as above (Drizzle calls only prepare and batch); the
 * Worker's `withD1Session` makes it the request's database.
 */
const unreachableD1 = {
  withSession: () => ({
    prepare: () => {
      throw connectionLost();
    },
    batch: () => Promise.reject(connectionLost()),
    getBookmark: () => null,
  }),
} as unknown as D1Database;

/** Runs `run` with the articles table gone (renamed away, and back afterwards): D1 answers "no such table". */
async function withoutArticlesTable<T>(run: () => Promise<T>): Promise<T> {
  await env.DB.exec("ALTER TABLE articles RENAME TO articles_away");
  try {
    return await run();
  } finally {
    await env.DB.exec("ALTER TABLE articles_away RENAME TO articles");
  }
}

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(response.headers.get("retry-after")).toBe("30");
  expect(await response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
}

let consoleError: MockInstance<typeof console.error>;
beforeEach(async () => {
  await seedTestDb();
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  consoleError.mockRestore();
});

describe("D1 unavailable", () => {
  it("a public read answers 503 with a message and Retry-After, and logs the error", async () => {
    const request = new Request("http://localhost/api/articles");
    await expectUnavailable(await withD1Session(request, unreachableD1, () => articlesList.loader(routeArgs(request))));
    expect(loggedEvents(consoleError)).toEqual([
      expect.objectContaining({
        level: "error",
        event: "d1.unavailable",
        where: "api",
        error: "Error: D1_ERROR: Network connection lost.",
      }),
    ]);
  });

  it("a write answers 503 too (the newsletter's rate limit is the first query)", async () => {
    const request = jsonRequest("/api/newsletter/subscribe", { email: "reader@example.com" });
    await expectUnavailable(await withD1Session(request, unreachableD1, () => newsletter.action(routeArgs(request))));
  });

  it("a missing table: the real D1 error, wrapped by Drizzle, gives 503 on a public read and an admin write", async () => {
    const cookie = await adminCookie();
    await withoutArticlesTable(async () => {
      await expectUnavailable(await articleById.loader(routeArgs("/api/articles/1", { id: "1" })));
      const create = adminRequest("POST", "/api/articles", {
        cookie,
        body: { title: "T", excerpt: "E", content: "C", imageUrl: "/images/a.svg", category: "Philosophy", readingTime: 5, authorId: 1 },
      });
      const response = await articlesList.action(routeArgs(create));
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      await expectUnavailable(response);
    });
    const logged = loggedEvents(consoleError).map(({ event, error }) => [event, error]);
    // D1's own error, not Drizzle's wrapper (whose message is the query and its parameters). The write is one
    // db.batch with its revision (revisions.server.ts), whose D1 error has no "D1_ERROR:" prefix.
    expect(logged).toEqual([
      ["d1.unavailable", expect.stringContaining("D1_ERROR: no such table: articles: SQLITE_ERROR")],
      ["d1.unavailable", expect.stringContaining("no such table: articles: SQLITE_ERROR")],
    ]);
    expect(logged.join(" ")).not.toMatch(/select|insert/i);
    // The table is back: reads work again.
    expect((await articleById.loader(routeArgs("/api/articles/1", { id: "1" }))).status).toBe(200);
  });
});

describe("bugs stay 500", () => {
  async function expectBug(response: Response) {
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
    // Only the generic message: never the error's text or its stack.
    expect(await response.text()).toBe(JSON.stringify({ message: BUG_MESSAGE }));
  }

  it("an exception in our code", async () => {
    await expectBug(
      await handleApi(async () => {
        throw new TypeError("Cannot read properties of undefined (reading 'title') at app/server/content/content.server.ts:42");
      }),
    );
    expect(loggedEvents(consoleError)).toEqual([
      expect.objectContaining({
        event: "api.unhandled_error",
        error: expect.stringMatching(/^TypeError: Cannot read/),
        stack: expect.any(String),
      }),
    ]);
  });

  it("D1 errors the statement itself caused: a value D1 cannot bind, a constraint, bad SQL", async () => {
    const statementFaults: [string, () => Promise<unknown>][] = [
      ["bind", async () => env.DB.prepare("SELECT ?").bind(undefined).all()],
      ["constraint", async () => env.DB.prepare("INSERT INTO articles SELECT * FROM articles LIMIT 1").run()],
      ["syntax", async () => env.DB.prepare("SELEC 1").all()],
    ];
    for (const [name, statement] of statementFaults) {
      const error = await statement().then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect((error as Error | null)?.message, name).toMatch(/^D1_/);
      expect(isDatabaseFailure(error), name).toBe(false);
      await expectBug(
        await handleApi(async () => {
          throw error;
        }),
      );
    }
  });

  it("only D1's own errors count as a database failure", () => {
    expect(isDatabaseFailure(connectionLost())).toBe(true);
    expect(isDatabaseFailure(new Error("Failed query: select 1", { cause: connectionLost() }))).toBe(true);
    expect(isDatabaseFailure(new Error("Network connection lost."))).toBe(false);
    expect(isDatabaseFailure(new Error("Something mentions D1_ERROR: later"))).toBe(false);
    expect(isDatabaseFailure("D1_ERROR: a string, not an Error")).toBe(false);
    expect(isDatabaseFailure(null)).toBe(false);
  });
});

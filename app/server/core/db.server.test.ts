import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDatabase, getDb, withD1Session } from "./db.server";

describe("the request's database", () => {
  it("is one Drizzle instance per D1 binding or session, however often a request asks for it", async () => {
    expect(createDatabase(env.DB)).toBe(createDatabase(env.DB));
    const seen: unknown[] = [];
    const handle = async () => {
      seen.push(getDb(), getDb());
      return new Response("ok");
    };
    await withD1Session(new Request("https://example.com/"), env.DB, handle);
    await withD1Session(new Request("https://example.com/"), env.DB, handle);
    // Within a request: the same instance; each request's D1 session: its own.
    expect(seen[0]).toBe(seen[1]);
    expect(seen[2]).toBe(seen[3]);
    expect(seen[0]).not.toBe(seen[2]);
    expect(seen[0]).not.toBe(createDatabase(env.DB));
  });

  it("builds no relational schema: nothing uses db.query, and building it cost time on every call", () => {
    expect(createDatabase(env.DB)._.schema).toBeUndefined();
  });
});

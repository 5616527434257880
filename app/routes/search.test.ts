import { describe, expect, it } from "vitest";
import { authors } from "../../db/schema";
import { insertSeedCategories, routeArgs, testDb } from "../../tests/support/db";
import { classifyRequest, cacheQuery } from "~/server/core/cache.server";
import { createContent } from "~/server/admin/content.server";
import { loader } from "./search";

type Answer = { data: { message: string | null; results: unknown }; init: { status: number } | null };
const load = async (query: string) => {
  const answer = (await loader(routeArgs(`/search${query}`))) as unknown;
  // A refused query comes back wrapped in data(…, 400).
  return (answer as { type?: string }).type === "DataWithResponseInit"
    ? (answer as Answer)
    : { data: answer as Answer["data"], init: null };
};

describe("/search", () => {
  it("answers a query with grouped results", async () => {
    await testDb().insert(authors).values({ id: 1, name: "A" }).onConflictDoNothing();
    await insertSeedCategories();
    await createContent(testDb(), "article", {
      title: "Solitude",
      excerpt: "Alone.",
      content: "",
      imageUrl: "/images/a.jpg",
      imageCaption: "",
      category: "Psychology",
      readingTime: 3,
      authorId: 1,
      featured: false,
      status: "published",
    });
    const { data, init } = await load("?q=solitude");
    expect(init).toBeNull();
    expect(data.results).toMatchObject({ total: 1, groups: [{ type: "article", total: 1 }] });
  });

  it("shows the empty form without a query, and refuses an overlong or wordless one with a 400 and a message", async () => {
    expect((await load("")).data).toEqual({ query: "", message: null, results: null });
    for (const query of [`?q=${"word ".repeat(60)}`, "?q=%22*%22+()"]) {
      const { data, init } = await load(query);
      expect(init?.status, query).toBe(400);
      expect(data.message, query).toMatch(/too long|letters or numbers/);
    }
  });

  it("never errors on FTS5 syntax", async () => {
    for (const q of ['"unclosed', "NEAR(a b", "title:x", "a OR", "x*", "-x", "^start", "a AND NOT b"]) {
      const { init } = await load(`?q=${encodeURIComponent(q)}`);
      expect(init, q).toBeNull();
    }
  });

  it("is a cacheable public page keyed on q alone", async () => {
    expect(await classifyRequest(new Request("http://localhost/search?q=stoic"))).toBe("public-page");
    expect(cacheQuery(new URL("http://localhost/search?utm_source=x&q=stoic"))).toBe("?q=stoic");
  });
});

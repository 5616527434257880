/**
 * Deeply nested Markdown (issue #11, item 2): refused at write time with a 400 naming the field, refused by the
 * preview without a crash, and still rendered (degraded, never a 500) when it is already in the database.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { articles } from "../../db/schema";
import { adminCookie, adminRequest, storedVersion } from "../../tests/support/admin";
import { routeArgs, seedTestDb, testDb } from "../../tests/support/db";
import { MarkdownBody } from "~/components/content/markdown-body";
import type { Block, Inline } from "~/lib/markdown";
import * as markdownPreview from "./api/admin.markdown-preview";
import * as articleByIdApi from "./api/content-item";
import * as articleApi from "./api/content-collection";
import * as articlePage from "./article";

const DEEP = {
  quotes: `${">".repeat(30_000)} x`,
  lists: `${"- ".repeat(30_000)}x`,
  mixed: `${"> - ".repeat(10_000)}x`,
  staircase: Array.from({ length: 100 }, (_, level) => `${"  ".repeat(level)}- x`).join("\n"),
};

const article = {
  title: "Deep",
  excerpt: "E",
  content: "",
  imageUrl: "/images/articles/article-1.svg",
  category: "Philosophy",
  readingTime: 3,
  authorId: 1,
};

let cookie: string;
beforeEach(async () => {
  await seedTestDb();
  cookie = await adminCookie();
});

const send = (action: (args: never) => Promise<Response>, method: string, path: string, body: unknown, params = {}) =>
  action(routeArgs(adminRequest(method, path, { body, cookie }), params) as never);

/** How many elements deep the tree goes (blocks and inlines alike). */
function treeDepth(nodes: (Block | Inline)[]): number {
  let deepest = 0;
  for (const node of nodes) {
    const children: (Block | Inline)[][] =
      "items" in node ? node.items : "children" in node && Array.isArray(node.children) ? [node.children as (Block | Inline)[]] : [];
    for (const child of children) deepest = Math.max(deepest, treeDepth(child));
  }
  return deepest + 1;
}

describe("deeply nested Markdown is refused at write time", () => {
  it.each(Object.entries(DEEP))(
    "POST and PUT /api/articles refuse %s nesting with a 400 naming the content field",
    async (_name, content) => {
      const created = await send(articleApi.action, "POST", "/api/articles", { ...article, content });
      expect(created.status).toBe(400);
      const { message } = (await created.json()) as { message: string };
      expect(message).toBe('The field "content" is nested deeper than 20 levels (quotes and lists inside one another).');
      const version = await storedVersion("/api/articles/1");
      const updated = await send(articleByIdApi.action, "PUT", "/api/articles/1", { ...article, content, version }, { id: "1" });
      expect(updated.status).toBe(400);
      expect(((await updated.json()) as { message: string }).message).toMatch(/^The field "content" is nested deeper than 20 levels/);
    },
  );

  it("accepts nesting up to the limit", async () => {
    const response = await send(articleApi.action, "POST", "/api/articles", {
      ...article,
      content: `${">".repeat(20)} x\n\n${"- ".repeat(20)}y`,
    });
    expect(response.status).toBe(201);
  });

  it("the preview refuses the same input with a 400, not a crash", async () => {
    const response = await send(markdownPreview.action, "POST", "/api/admin/markdown-preview", { markdown: DEEP.quotes });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^The field "markdown" is nested deeper than 20 levels/);
  });
});

describe("deeply nested Markdown already stored still renders", () => {
  it.each(Object.entries({ ...DEEP, emphasis: `${"**a ".repeat(3000)}x${" a**".repeat(3000)}`, long: "> x\n\n".repeat(25_000) }))(
    "an article whose %s content was written straight into D1 gives a bounded tree and renders",
    async (_name, content) => {
      const [row] = await testDb()
        .insert(articles)
        .values({ ...article, author: "A", content, publishedDate: "2025-01-01" })
        .returning({ id: articles.id });
      assert(row, "the new article");
      const data = (await articlePage.loader(routeArgs(`/articles/${row.id}`, { id: String(row.id) }) as never)) as { body: Block[] };
      expect(data.body.length).toBeGreaterThan(0);
      expect(treeDepth(data.body)).toBeLessThanOrEqual(2 * 20 + 4);
      const html = renderToStaticMarkup(createElement(MarkdownBody, { blocks: data.body }));
      expect(html).toContain("x");
    },
  );
});

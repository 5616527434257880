/** The create form of each type, as the server renders it: a new item is a draft, saved with "Save draft". */
import { describe, expect, it } from "vitest";
import type { ContentTypeKey } from "~/lib/content-types";
import type { LoadedOptions } from "~/lib/content-types/fields";
import { renderRoute, textOf } from "../../../tests/support/route-html";
import NewContent from "./content-new";

const render = (type: ContentTypeKey, options: LoadedOptions = {}) =>
  renderRoute(`/admin/${type}s/new`, { path: `/admin/${type}s/new`, Component: NewContent, loaderData: { type, options } });

const buttons = (html: string) =>
  [...html.replace(/<dialog[\s\S]*?<\/dialog>/g, "").matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);

describe("new content form", () => {
  it.each(["article", "practice", "course"] as const)(
    "a new %s starts as a draft: Save draft, no status select, no publish button",
    async (type) => {
      const html = await render(type);
      const text = textOf(html);
      expect(html).toContain('data-status-now="draft"');
      expect(text).toContain("Status: Draft");
      expect(html).not.toContain('name="status"');
      expect(html).not.toContain('name="publishAt"');
      expect(buttons(html)).toContain("Save draft");
      for (const label of ["Publish", "Schedule…", "Unpublish"]) expect(buttons(html)).not.toContain(label);
    },
  );

  it("a resource has no status: Create Resource", async () => {
    const html = await render("resource", { categoryId: [{ value: "1", label: "Books" }] });
    expect(buttons(html)).toContain("Create Resource");
    expect(html).not.toContain("data-status-now");
  });

  it("an article's reading time is computed while empty: its field is empty, the word count says the computed time", async () => {
    const html = await render("article");
    expect(html).toMatch(/name="readingTime"[^>]*value=""|value=""[^>]*name="readingTime"/);
    expect(textOf(html)).toContain("0 words · 1 min to read (used when the field is empty)");
  });
});

describe("a new article's author (issue #37 §3.12)", () => {
  it("a contributor's starts on no author, so they choose theirs; staff's on the first author, as before", async () => {
    const { seedTestDb } = await import("../../../tests/support/db");
    const { newItemOptions } = await import("~/server/admin/content.server");
    const db = await seedTestDb();
    const selected = (html: string) =>
      html.match(/<select[^>]*name="authorId"[\s\S]*?<\/select>/)?.[0].match(/<option[^>]*selected[^>]*>([^<]*)</)?.[1];

    const contributor = await render("article", await newItemOptions(db, "article", "contributor"));
    expect(selected(contributor)).toBe("Choose…");
    const editor = await render("article", await newItemOptions(db, "article", "editor"));
    expect(selected(editor)).toBe("Dr. Elena Marsh");
    expect(await newItemOptions(db, "practice", "contributor")).toEqual(await newItemOptions(db, "practice", "editor"));
  });
});

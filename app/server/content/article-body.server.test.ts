import { assert, describe, expect, it } from "vitest";
import { seedArticles } from "../../../db/seed/articles";
import { articleBody, selectStaticEssay, staticEssayMarkdown } from "./article-body.server";
import { parseMarkdown } from "./markdown.server";
import { STATIC_ESSAYS, type StaticEssay } from "~/content/essays";

describe("article body selection (a static essay by category and title)", () => {
  it("follows the rule in order", () => {
    expect(selectStaticEssay({ category: "Mindfulness", title: "Ethics of Attention" })).toBe("mindfulness");
    expect(selectStaticEssay({ category: "Philosophy", title: "Existentialism Today" })).toBe("existentialism");
    expect(selectStaticEssay({ category: "Psychology", title: "Existentialism Today" })).toBe("stoicism");
    expect(selectStaticEssay({ category: "Wellness", title: "Moral Luck" })).toBe("ethics");
    expect(selectStaticEssay({ category: "Philosophy", title: "Is Reality an Illusion?" })).toBe("metaphysics");
    expect(selectStaticEssay({ category: "Philosophy", title: "Anything else" })).toBe("stoicism");
  });

  it("has a real essay for every topic", () => {
    for (const essay of ["mindfulness", "existentialism", "ethics", "metaphysics", "stoicism"] as const) {
      expect(staticEssayMarkdown(essay).length, essay).toBeGreaterThan(2000);
    }
  });

  it("uses the article's own content when it has some", () => {
    expect(articleBody({ category: "Philosophy", title: "T", content: "## Own heading" })).toEqual([
      { type: "heading", level: 2, children: [{ type: "text", text: "Own heading" }] },
    ]);
    expect(articleBody({ category: "Philosophy", title: "T", content: "  " }).length).toBeGreaterThan(5);
  });

  it("one rule: the seed article carrying each essay is one the rule selects that essay for", () => {
    const names = Object.keys(STATIC_ESSAYS) as StaticEssay[];
    for (const essay of names) {
      const carriers = seedArticles.filter((article) => article.content === STATIC_ESSAYS[essay]);
      const [carrier] = carriers;
      assert(carrier && carriers.length === 1, `one seed article carries ${essay}`);
      expect(selectStaticEssay(carrier), carrier.title).toBe(essay);
      expect(staticEssayMarkdown(essay)).toBe(STATIC_ESSAYS[essay]);
    }
  });

  it("existentialism needs the Philosophy category: elsewhere such an article gets the stoicism essay as its body", () => {
    const body = (category: string) => articleBody({ category, title: "Existentialism Today", content: "" });
    expect(body("Philosophy")).toEqual(parseMarkdown(STATIC_ESSAYS.existentialism));
    expect(body("Psychology")).toEqual(parseMarkdown(STATIC_ESSAYS.stoicism));
  });
});

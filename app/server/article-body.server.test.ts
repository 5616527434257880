import { describe, expect, it } from "vitest";
import { articleBody, selectStaticEssay, staticEssayMarkdown } from "./article-body.server";

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
});

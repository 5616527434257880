import { assert, describe, expect, it } from "vitest";
import { seedArticles as articles } from "../../db/seed/articles";
import { CONTRIBUTORS, contributorNamed } from "./contributors";

describe("contributorNamed", () => {
  it("gives the bio of an author who has one, and nothing for one who has not", () => {
    const [article] = articles;
    assert(article, "a seed article");
    const bio = contributorNamed(article.author);
    expect(bio).toMatchObject({ name: article.author, role: expect.any(String) });
    expect(bio!.bio.length).toBeGreaterThan(40);
    expect(bio!.portrait).toMatch(/^\/images\/contributors\/.+\.svg$/);
    expect(contributorNamed("Traditionally attributed to the Buddha")).toBeNull();
    expect(contributorNamed("")).toBeNull();
  });

  it("every seed article's author is a contributor with a bio", () => {
    const names = new Set(CONTRIBUTORS.map((person) => person.name));
    for (const article of articles) expect(names.has(article.author), article.author).toBe(true);
  });
});

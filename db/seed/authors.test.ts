import { describe, expect, it } from "vitest";
import { authorSchema } from "../../app/lib/admin-schemas";
import { seedArticles } from "./articles";
import { seedAuthorId, seedAuthors } from "./authors";

describe("the seed's authors", () => {
  it("every seed article's author is a seed author, with a bio, a role and a portrait", () => {
    for (const article of seedArticles) {
      const author = seedAuthors.find((candidate) => candidate.id === seedAuthorId(article.author));
      expect(author?.name, article.title).toBe(article.author);
      expect(author!.bio.length).toBeGreaterThan(40);
      expect(author!.role).not.toBe("");
      expect(author!.portrait).toMatch(/^\/images\/contributors\/.+\.svg$/);
    }
    expect(() => seedAuthorId("Traditionally attributed to the Buddha")).toThrow(/not among the seed's authors/);
  });

  it("each passes the admin's author schema (the form could save it unchanged)", () => {
    for (const { id, links, ...author } of seedAuthors) {
      expect(authorSchema.safeParse({ ...author, links: "" }).success, author.name).toBe(true);
      expect(links).toBe("[]");
    }
  });
});

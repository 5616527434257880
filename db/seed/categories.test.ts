import { describe, expect, it } from "vitest";
import { bookSchema, categorySchema } from "../../app/lib/admin-schemas";
import { seedArticles } from "./articles";
import { seedBooks } from "./books";
import { seedCategories } from "./categories";

describe("the seed's categories and books", () => {
  it("every seed article's category is a seed category, and every seed category has an article", () => {
    const names = seedCategories.map((category) => category.name);
    for (const article of seedArticles) expect(names, article.title).toContain(article.category);
    for (const name of names)
      expect(
        seedArticles.some((article) => article.category === name),
        name,
      ).toBe(true);
    expect(new Set(seedCategories.map((category) => category.position)).size).toBe(seedCategories.length);
  });

  it("each passes the admin's schema (the form could save it unchanged)", () => {
    for (const { id, ...category } of seedCategories) {
      expect(categorySchema.safeParse(category).success, category.name).toBe(true);
      expect(category.description.length).toBeGreaterThan(20);
    }
    for (const { id, ...book } of seedBooks) expect(bookSchema.safeParse({ ...book, position: id }).success, book.title).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { articleSchema, fieldOfMessage, isHttpOrSitePath, parseWholeNumber, practiceSchema, resourceSchema } from "./admin-schemas";

describe("isHttpOrSitePath", () => {
  it("accepts http(s) URLs and site paths only", () => {
    for (const ok of ["https://example.org/a.png", "http://example.org", "/images/articles/article-1.svg", "/audio/x.ogg?v=1"]) expect(isHttpOrSitePath(ok), ok).toBe(true);
    for (const bad of ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,hi", "//evil.example/x", "/\\evil.example", "images/x.svg", "ftp://example.org", "mailto:a@b.c", "", "/a b"]) {
      expect(isHttpOrSitePath(bad), bad).toBe(false);
    }
  });
});

describe("schemas", () => {
  const article = { title: " T ", excerpt: "E", content: "C", imageUrl: "/i.svg", category: "Philosophy", readingTime: 10, author: "A" };

  it("trim strings, default featured, drop unknown fields", () => {
    const parsed = articleSchema.parse({ ...article, unknown: 1 });
    expect(parsed).toEqual({ ...article, title: "T", featured: false });
  });

  it("name the field in every message", () => {
    const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
    expect(first(articleSchema.safeParse({ ...article, author: undefined }))).toBe('The field "author" is required.');
    expect(first(articleSchema.safeParse({ ...article, readingTime: "abc" }))).toBe('The field "readingTime" must be a whole number of at least 1.');
    expect(first(practiceSchema.safeParse({}))).toBe('The field "title" is required.');
    expect(first(resourceSchema.safeParse({ title: "t", author: "a", categoryId: -1, description: "d", url: "https://x.org" }))).toMatch(/"categoryId"/);
  });

  it("helpers", () => {
    expect(fieldOfMessage('The field "title" is required.')).toBe("title");
    expect(fieldOfMessage("no field")).toBeNull();
    expect(parseWholeNumber("12")).toBe(12);
    expect(parseWholeNumber("abc")).toBe(0);
    expect(parseWholeNumber("")).toBe(0);
  });
});

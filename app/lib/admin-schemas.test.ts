import { describe, expect, it } from "vitest";
import { fieldOfIssue } from "~/server/core/http.server";
import { articleSchema, parseWholeNumber, practiceSchema, resourceSchema } from "./admin-schemas";
import { VALID_PRACTICE } from "../../tests/support/content-bodies";

describe("URL fields (the rules themselves: app/lib/urls.test.ts)", () => {
  const practice = VALID_PRACTICE;
  const resource = { title: "T", author: "A", categoryId: 1, description: "D", url: "/articles" };

  it("links take http(s) URLs and site paths; images and audio take site paths only", () => {
    for (const url of ["https://example.org/a", "http://example.org", "/articles/1"])
      expect(resourceSchema.safeParse({ ...resource, url }).success, url).toBe(true);
    for (const url of ["mailto:a@b.c", "images/x.svg", "ftp://example.org", "/a b"])
      expect(resourceSchema.safeParse({ ...resource, url }).success, url).toBe(false);
    for (const field of ["imageUrl", "audioUrl"]) {
      expect(practiceSchema.safeParse({ ...practice, [field]: "/media/x?v=1" }).success).toBe(true);
      const offSite = practiceSchema.safeParse({ ...practice, [field]: "https://example.org/x" });
      expect(offSite.error?.issues[0]?.message).toBe(
        `"${field}" must be a path on this site, starting with a single "/" (images and audio are served from this site only).`,
      );
    }
  });
});

describe("schemas", () => {
  const article = { title: " T ", excerpt: "E", content: "C", imageUrl: "/i.svg", category: "Philosophy", readingTime: 10, authorId: 1 };

  it("trim strings, default featured and the image caption, drop unknown fields", () => {
    const parsed = articleSchema.parse({ ...article, unknown: 1 });
    // A status (published, the default) clears the review stamp: `submittedAt: null` (app/lib/publication.ts).
    expect(parsed).toEqual({
      ...article,
      title: "T",
      featured: false,
      imageCaption: "",
      status: "published",
      publishAt: null,
      submittedAt: null,
    });
  });

  it("name the field in every message", () => {
    const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;
    expect(first(articleSchema.safeParse({ ...article, authorId: undefined }))).toBe('The field "authorId" is required.');
    expect(first(articleSchema.safeParse({ ...article, readingTime: "abc" }))).toBe(
      'The field "readingTime" must be a whole number of at least 1.',
    );
    expect(first(practiceSchema.safeParse({}))).toBe('The field "title" is required.');
    expect(first(resourceSchema.safeParse({ title: "t", author: "a", categoryId: -1, description: "d", url: "https://x.org" }))).toMatch(
      /"categoryId"/,
    );
  });

  it("helpers", () => {
    // The field an error is about comes from the schema's issue, not from its message (the API sends it as `field`).
    expect(fieldOfIssue(articleSchema.safeParse({ ...article, title: undefined }).error!)).toBe("title");
    expect(fieldOfIssue(articleSchema.safeParse("no object").error!)).toBeUndefined();
    expect(parseWholeNumber("12")).toBe(12);
    expect(parseWholeNumber("abc")).toBe(0);
    expect(parseWholeNumber("")).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { fieldOfIssue } from "~/server/core/http.server";
import { articleSchema, courseOutlineSchema, courseSchema, parseWholeNumber, practiceSchema, resourceSchema } from "./admin-schemas";
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

describe("drip release fields (app/lib/drip.ts)", () => {
  const course = { title: "C", description: "D", imageUrl: "/i.svg", level: "Beginner", duration: 2, price: "10" };
  const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it("a course without them opens all at once, with the e-mail on for when it drips; the form's values are taken", () => {
    expect(courseSchema.parse(course)).toMatchObject({ dripMode: "all", dripDays: 7, dripEmail: true });
    expect(courseSchema.parse({ ...course, dripMode: "modules", dripDays: "14", dripEmail: false })).toMatchObject({
      dripMode: "modules",
      dripDays: 14,
      dripEmail: false,
    });
  });

  it("refuses another mode, a gap under 1 day or over a year, naming the field", () => {
    expect(messageOf(courseSchema.safeParse({ ...course, dripMode: "weekly" }))).toBe(
      'The field "dripMode" must be one of: all, modules, dates.',
    );
    expect(messageOf(courseSchema.safeParse({ ...course, dripDays: 0 }))).toBe(
      'The field "dripDays" must be a whole number of at least 1.',
    );
    expect(messageOf(courseSchema.safeParse({ ...course, dripDays: 366 }))).toBe('The field "dripDays" can be at most 365.');
  });

  it("a module's date: a real calendar day, or empty for none (stored as null)", () => {
    const outline = (dripDate: unknown) => ({ modules: [{ title: "M", dripDate, lessons: [] }] });
    expect(courseOutlineSchema.parse(outline("2026-12-05")).modules[0]?.dripDate).toBe("2026-12-05");
    for (const none of ["", null, undefined]) expect(courseOutlineSchema.parse(outline(none)).modules[0]?.dripDate).toBeNull();
    for (const bad of ["2026-02-30", "5 Dec", 20261205]) {
      const result = courseOutlineSchema.safeParse(outline(bad));
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['The field "dripDate" must be a date (YYYY-MM-DD).']);
    }
  });
});

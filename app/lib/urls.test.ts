/**
 * One URL check for Markdown links, Markdown images and every URL field (issue #11, item 7). Whatever it lets
 * through resolves, as a browser resolves it, to this site or to the absolute https URL the author wrote openly.
 */
import { describe, expect, it } from "vitest";
import { articleSchema, practiceSchema, resourceSchema } from "./admin-schemas";
import { safeUrl } from "./urls";
import { parseMarkdown } from "~/server/content/markdown.server";
import { VALID_PRACTICE } from "../../tests/support/content-bodies";

const SITE = "https://site.example";

/** Tricky inputs, none of which may lead off-site or run script. */
const TRICKY = [
  "/\t/evil.example/x",
  "/\n/evil.example/x",
  "/\r\n/evil.example/x",
  "/\\evil.example/x",
  "\\\\evil.example/x",
  "\\/evil.example/x",
  "//evil.example/x",
  "///evil.example/x",
  " //evil.example/x",
  "/ /evil.example/x",
  "/\u00a0/evil.example/x",
  "/\u0000/evil.example/x",
  " javascript:alert(1)",
  "java\nscript:alert(1)",
  "java\tscript:alert(1)",
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "https:/\\evil.example/x",
  "https:\\\\evil.example/x",
  "https:evil.example/x",
  "http:/evil.example/x",
  "https://evil.example\\@site.example/x",
  "%2F%2Fevil.example/x",
  "evil.example/x",
];

/** Still fine: percent-encoded slashes or backslashes stay in the path of this site. */
const SAFE = [
  "/articles/1",
  "/images/a%20b.svg",
  "/%2F%2Fevil.example/x",
  "/%5Cevil.example/x",
  "/search?q=a#b",
  "https://example.org/a?b=1",
  "http://example.org",
];

/** Where a browser goes with this href on a page of SITE. */
const resolvedOrigin = (href: string) => new URL(href, SITE).origin;

function markdownUrls(markdown: string) {
  const found: string[] = [];
  JSON.stringify(parseMarkdown(markdown), (key, value) => {
    if ((key === "href" || key === "src") && typeof value === "string") found.push(value);
    return value;
  });
  return found;
}

describe("safeUrl", () => {
  it.each(TRICKY)("refuses %j", (raw) => {
    for (const rules of [{}, { siteOnly: true }, { mailto: true, fragment: true }]) expect(safeUrl(raw, rules)).toBeNull();
  });

  it.each(SAFE)("keeps %j, which resolves where it says", (raw) => {
    const url = safeUrl(raw);
    expect(url).not.toBeNull();
    if (raw.startsWith("/")) expect(resolvedOrigin(url!)).toBe(SITE);
    else expect(resolvedOrigin(url!)).toBe(new URL(raw).origin);
  });

  it("allows mailto: and #fragments only where asked, and off-site URLs not for images", () => {
    expect(safeUrl("mailto:a@example.org")).toBeNull();
    expect(safeUrl("mailto:a@example.org", { mailto: true })).toBe("mailto:a@example.org");
    expect(safeUrl("#notes")).toBeNull();
    expect(safeUrl("#notes", { fragment: true })).toBe("#notes");
    expect(safeUrl("https://example.org/a.png", { siteOnly: true })).toBeNull();
    expect(safeUrl("/images/a.png", { siteOnly: true })).toBe("/images/a.png");
  });
});

describe("Markdown links and images", () => {
  it.each(TRICKY)("%j as a link or an image renders as plain text, never an off-site href or src", (raw) => {
    const destination = `<${raw.replace(/[<>]/g, "")}>`;
    for (const markdown of [`[x](${destination})`, `![x](${destination})`, `[x][r]\n\n[r]: ${destination}`]) {
      for (const url of markdownUrls(markdown)) expect(resolvedOrigin(url), `${JSON.stringify(markdown)} gave ${url}`).toBe(SITE);
    }
  });

  it("the issue's example is text, not a link", () => {
    expect(parseMarkdown("[x](</\t/evil.example/x>)")).toEqual([{ type: "paragraph", children: [{ type: "text", text: "x" }] }]);
  });
});

describe("URL fields", () => {
  const article = { title: "T", excerpt: "E", content: "C", imageUrl: "/i.svg", category: "Philosophy", readingTime: 10, authorId: 1 };
  const practice = VALID_PRACTICE;
  const resource = { title: "T", author: "A", categoryId: 1, description: "D", url: "https://example.org" };
  const fields = [
    [articleSchema, article, "imageUrl"],
    [practiceSchema, practice, "imageUrl"],
    [practiceSchema, practice, "audioUrl"],
    [resourceSchema, resource, "url"],
  ] as const;

  it.each(TRICKY)("%j is refused in every URL field, with a message naming the field", (raw) => {
    for (const [schema, valid, field] of fields) {
      const result = schema.safeParse({ ...valid, [field]: raw });
      expect(result.success, `${field}: ${JSON.stringify(raw)}`).toBe(false);
      expect(result.error?.issues[0]?.message).toContain(`"${field}"`);
    }
  });
});

/**
 * The CSP and the validation agree on images (issue #11, item 13; docs/decisions/0001-images-in-the-csp.md): every
 * image or audio URL the admin schemas accept, and every image the Markdown renderer emits, is one the page's
 * img-src / media-src allows, so an accepted image never becomes a CSP violation (or a request to a third party).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { articleSchema, practiceSchema } from "~/lib/admin-schemas";
import { contentSecurityPolicy } from "./security-headers.server";
import { parseMarkdown } from "../content/markdown.server";

const SITE = "https://site.example";

/** Whether a CSP source list allows a URL loaded by a page of SITE ('self', scheme and host sources, as CSP Level 3 matches them). */
function allowedBy(sources: string[], raw: string) {
  const url = new URL(raw, SITE);
  return sources.some((source) => {
    if (source === "'self'") return url.origin === SITE;
    if (/^[a-z][a-z0-9+.-]*:$/.test(source)) return url.protocol === source;
    const host = /^(https?):\/\/(\*\.)?([^/:]+)$/.exec(source);
    if (!host) return false;
    const [, scheme, wildcard, name] = host;
    return url.protocol === `${scheme}:` && (wildcard ? url.hostname.endsWith(`.${name}`) : url.hostname === name);
  });
}

function directive(name: string, pathname: string) {
  const found = contentSecurityPolicy("n", pathname)
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found?.slice(1) ?? [];
}

const CANDIDATES = [
  "/images/articles/article-1.svg",
  // An upload of the media library (app/server/content/media.server.ts), same-origin.
  `/media/${"ab".repeat(32)}.png`,
  `/media/${"cd".repeat(32)}.ogg`,
  "/images/a.png?v=2",
  "https://example.org/a.png",
  "http://example.org/a.png",
  "https://images.example.net/photo.jpg",
  "data:image/png;base64,AAAA",
  "//cdn.example/a.png",
];

const article = { title: "T", excerpt: "E", content: "C", imageUrl: "/i.svg", category: "Philosophy", readingTime: 10, authorId: 1 };
const practice = { title: "T", description: "D", imageUrl: "/i.svg", category: "Meditation", duration: 5, focus: "F", audioUrl: "/a.ogg" };

/** Every schema field that holds an image or a recording, with the CSP directive that governs it. */
const FIELDS = [
  {
    name: "article imageUrl",
    directive: "img-src",
    accepts: (url: string) => articleSchema.safeParse({ ...article, imageUrl: url }).success,
  },
  {
    name: "practice imageUrl",
    directive: "img-src",
    accepts: (url: string) => practiceSchema.safeParse({ ...practice, imageUrl: url }).success,
  },
  {
    name: "practice audioUrl",
    directive: "media-src",
    accepts: (url: string) => practiceSchema.safeParse({ ...practice, audioUrl: url }).success,
  },
];

const urlLike = fc.oneof(
  fc.webUrl(),
  fc.webPath().map((path) => `/${path.replace(/^\/+/, "")}`),
  fc.constantFrom(...CANDIDATES),
);

describe("images and recordings: what validation accepts, the CSP allows", () => {
  for (const pathname of ["/articles/1", "/practices/1", "/"]) {
    it.each(FIELDS)(`every $name the schema accepts is allowed by the CSP on ${pathname}`, ({ directive: name, accepts }) => {
      const sources = directive(name, pathname);
      expect(sources.length).toBeGreaterThan(0);
      for (const url of CANDIDATES) if (accepts(url)) expect(allowedBy(sources, url), url).toBe(true);
      fc.assert(
        fc.property(urlLike, (url) => !accepts(url) || allowedBy(sources, url)),
        { numRuns: 300 },
      );
    });
  }

  it("accepts the media library's /media/… URLs in every image and audio field", () => {
    const [, image = "", audio = ""] = CANDIDATES;
    for (const field of FIELDS) expect(field.accepts(field.directive === "img-src" ? image : audio), field.name).toBe(true);
  });

  it("every image the Markdown renderer emits is allowed by img-src", () => {
    const sources = directive("img-src", "/articles/1");
    const inline = CANDIDATES.map((url) => `![a](${url})`).join("\n\n");
    const markdown = `${inline}\n\n\`\`\`gallery grid\n${CANDIDATES.map((url) => `![g](${url})`).join("\n")}\n\`\`\``;
    const images: string[] = [];
    JSON.stringify(parseMarkdown(markdown), (key, value) => {
      if (key === "src" && typeof value === "string") images.push(value);
      return value;
    });
    expect(images.length).toBeGreaterThan(0);
    for (const src of images) expect(allowedBy(sources, src), src).toBe(true);
  });
});

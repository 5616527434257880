/**
 * Every image of a saved Markdown body has alt text (issue #29): the visual editor asks for it, and the server refuses
 * a body with an image that has none (400 naming the field), in the text and in a gallery; code is not an image. The
 * preview still shows such a draft. The seed has alt text everywhere.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { seedArticles } from "../../db/seed/articles";
import { seedAuthors } from "../../db/seed/authors";
import { seedCourses } from "../../db/seed/courses";
import { seedPractices } from "../../db/seed/practices";
import { adminCookie, adminRequest } from "../../tests/support/admin";
import { routeArgs, seedTestDb } from "../../tests/support/db";
import { imagesWithoutAlt } from "~/lib/markdown";
import * as markdownPreview from "./api/admin.markdown-preview";
import * as articleApi from "./api/content-collection";

const article = {
  title: "Images",
  excerpt: "E",
  imageUrl: "/images/articles/article-1.svg",
  category: "Philosophy",
  readingTime: 3,
  authorId: 1,
};

let cookie: string;
beforeEach(async () => {
  await seedTestDb();
  cookie = await adminCookie();
});

const post = (action: (args: never) => Promise<Response>, path: string, body: unknown) =>
  action(routeArgs(adminRequest("POST", path, { body, cookie }), {}) as never);

const MISSING = {
  "an inline image": "Text ![](/images/gallery/river.svg) more.",
  "an image whose alt is spaces": 'Text\n\n![   ](/images/gallery/river.svg "A caption")',
  "a gallery line": "```gallery grid\n![Stoa](/images/gallery/stoa.svg)\n![](/images/gallery/river.svg)\n```",
};

const FINE = {
  "images with alt":
    'An ![A river](/images/gallery/river.svg "At dawn") inline.\n\n```gallery single\n![Stoa](/images/gallery/stoa.svg)\n```',
  "image syntax in a code span": "Write `![](/x.png)` with a description between the brackets.",
  "image syntax in a code block": "```\n![](/x.png)\n```",
  "an escaped image": "\\![](/x.png) is not an image.",
};

describe("images without alt text", () => {
  it.each(Object.entries(MISSING))("POST /api/articles refuses %s with a 400 naming the field", async (_name, content) => {
    const response = await post(articleApi.action, "/api/articles", { ...article, content });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/^The field "content" has an image without alt text/);
  });

  it.each(Object.entries(FINE))("accepts %s", async (_name, content) => {
    const response = await post(articleApi.action, "/api/articles", { ...article, content });
    expect(response.status).toBe(201);
  });

  it("POST /api/practices refuses a script with an image without alt, and keeps one whose images have it", async () => {
    const practice = {
      title: "Images",
      description: "D",
      imageUrl: "/images/practices/practice-1.svg",
      category: "Meditation",
      duration: 5,
      focus: "F",
      audioUrl: "/audio/practice-1.ogg",
    };
    const refused = await post(articleApi.action, "/api/practices", { ...practice, transcript: MISSING["an inline image"] });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^The field "transcript" has an image without alt text/);
    const kept = await post(articleApi.action, "/api/practices", { ...practice, transcript: FINE["images with alt"] });
    expect(kept.status).toBe(201);
  });

  it("the preview still shows a body with an image without alt", async () => {
    const response = await post(markdownPreview.action, "/api/admin/markdown-preview", { markdown: MISSING["an inline image"] });
    expect(response.status).toBe(200);
  });

  it("counts nothing in the seed's articles, lessons, practice scripts and bios", () => {
    const texts = [
      ...seedArticles.map((item) => item.content),
      ...seedCourses.flatMap((course) => course.modules.flatMap((module) => module.lessons.map((lesson) => lesson.body))),
      ...seedPractices.map((practice) => practice.transcript),
      ...seedAuthors.map((author) => author.bio),
    ];
    expect(texts.filter((text) => text.includes("![")).length).toBeGreaterThan(0);
    expect(texts.map(imagesWithoutAlt).filter((count) => count > 0)).toEqual([]);
  });
});

/**
 * Whatever the admin writes is stored verbatim and rendered inert: hostile titles, Markdown and URLs
 * go in through the admin API; the public loaders and the article renderer must give back text,
 * never markup, event handlers or script URLs. (tests/e2e/inert-content.e2e.ts opens the pages in Chromium.)
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie, adminRequest } from "../../tests/support/admin";
import { routeArgs, seedTestDb } from "../../tests/support/db";
import { MarkdownBody } from "~/components/content/markdown-body";
import type { Block } from "~/lib/markdown";
import * as articleApi from "./api/content-collection";
import * as articleByIdApi from "./api/content-item";
import * as practiceApi from "./api/content-collection";
import * as resourceApi from "./api/content-collection";
import * as articlePage from "./article";
import * as practicePage from "./practice";
import * as resourcePage from "./resource";

/** Markdown an attacker with the admin's pen (or a pasted snippet) might try. */
const HOSTILE_MARKDOWN = [
  '# <script>alert("heading")</script>',
  "<script>window.__pwned = 1; alert(1)</script>",
  '<img src=x onerror="window.__pwned = 1; alert(1)">',
  "[plain](javascript:alert(1)) [upper](JAVASCRIPT:alert(1)) [entity](&#106;avascript:alert(1)) [data](data:text/html,<script>alert(1)</script>) [vb](vbscript:msgbox(1))",
  "[protocol-relative](//evil.example/x) [backslash](/\\evil.example/x)",
  '<a href="javascript:alert(1)">html link</a>',
  "<javascript:alert(1)>",
  "![pic](javascript:alert(1)) ![svg](data:image/svg+xml,<svg/onload=alert(1)>)",
  "[reference][evil]\n\n[evil]: javascript:alert(1)",
  "```gallery grid\n![g](javascript:alert(1))\n![fine](/images/gallery/stoa.svg)\n```",
  '<svg onload="alert(1)"></svg><iframe src="javascript:alert(1)"></iframe><style>body{display:none}</style>',
  "[a safe link](https://example.org/ok) and [a site link](/articles)",
].join("\n\n");

const HOSTILE_TITLE = '<script>alert("title")</script>';
const HOSTILE_TEXT = '"><img src=x onerror=alert(1)>';

const SCRIPT_URLS = [
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "\u0000javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "//evil.example/x.png",
  "/\\evil.example/x.png",
];

let cookie: string;
beforeEach(async () => {
  await seedTestDb();
  cookie = await adminCookie();
});

const create = async (action: (args: never) => Promise<Response>, path: string, body: unknown) =>
  action(routeArgs(adminRequest("POST", path, { body, cookie })) as never);

const article = {
  title: HOSTILE_TITLE,
  excerpt: HOSTILE_TEXT,
  content: HOSTILE_MARKDOWN,
  imageUrl: "/images/articles/article-1.svg",
  category: "Philosophy",
  readingTime: 3,
  // A hostile author (below, `hostileAuthor`): its name is what the article's author becomes.
  authorId: 1,
};
/** An author whose name and bio are hostile; the articles here are theirs. */
const author = { name: HOSTILE_TEXT, role: HOSTILE_TEXT, bio: HOSTILE_MARKDOWN, portrait: "", links: "", position: 9 };
async function hostileAuthor() {
  const response = await create(articleApi.action, "/api/authors", author);
  expect(response.status).toBe(201);
  article.authorId = ((await response.json()) as { id: number }).id;
}
const practice = {
  title: HOSTILE_TITLE,
  description: HOSTILE_TEXT,
  imageUrl: "/images/practices/practice-1.svg",
  category: "Meditation",
  duration: 5,
  focus: HOSTILE_TEXT,
  audioUrl: "/audio/practice-1.ogg",
  transcript: HOSTILE_MARKDOWN,
};
const resource = { title: HOSTILE_TITLE, author: HOSTILE_TEXT, categoryId: 1, description: HOSTILE_TEXT, url: "https://example.org/book" };

/** Every href/src in rendered HTML points at http(s) or this site; no element or attribute can run script. */
function expectInertHtml(html: string) {
  expect(html).not.toMatch(/<(script|iframe|svg|style|object|embed|form|base|meta|link)\b/i);
  expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
  const urls = [...html.matchAll(/\s(?:href|src|srcset|action|formaction)="([^"]*)"/g)].map(([, url = ""]) => url.replace(/&amp;/g, "&"));
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) expect(url, url).toMatch(/^(https?:\/\/[^/\\]|\/(?![/\\]))/);
}

describe("hostile admin content is stored verbatim", () => {
  it("titles, excerpts and authors come back exactly as written (React escapes them on the page)", async () => {
    await hostileAuthor();
    const response = await create(articleApi.action, "/api/articles", article);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const stored = (await (await articleByIdApi.loader(routeArgs(`/api/articles/${id}`, { id: String(id) }))).json()) as typeof article;
    expect(stored).toMatchObject({ title: HOSTILE_TITLE, excerpt: HOSTILE_TEXT, author: HOSTILE_TEXT, content: HOSTILE_MARKDOWN });
  });

  it.each(SCRIPT_URLS)("the image, audio and resource URL %j is refused with 400", async (url) => {
    const responses = [
      await create(articleApi.action, "/api/articles", { ...article, imageUrl: url }),
      await create(practiceApi.action, "/api/practices", { ...practice, imageUrl: url }),
      await create(practiceApi.action, "/api/practices", { ...practice, audioUrl: url }),
      await create(resourceApi.action, "/api/resources", { ...resource, url }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/must be (an http\(s\) URL or )?a path on this site/);
    }
  });
});

describe("hostile admin content is rendered inert on the public pages", () => {
  it("the article page's loader gives the title as text and a body tree without unsafe URLs or markup", async () => {
    await hostileAuthor();
    const { id } = (await (await create(articleApi.action, "/api/articles", article)).json()) as { id: number };
    const data = (await articlePage.loader(routeArgs(`/articles/${id}`, { id: String(id) }) as never)) as {
      article: { title: string; author: string };
      body: Block[];
    };
    expect(data.article).toMatchObject({ title: HOSTILE_TITLE, author: HOSTILE_TEXT });

    const tree = JSON.stringify(data.body);
    expect(tree).not.toMatch(/"(href|src)":"\s*(javascript|data|vbscript|file):/i);
    expect(tree).not.toMatch(/"(href|src)":"(\/\/|\/\\)/);

    const html = renderToStaticMarkup(createElement(MarkdownBody, { blocks: data.body }));
    expectInertHtml(html);
    // The raw HTML is visible as text, and the safe links and images survive.
    expect(html).toContain("&lt;script&gt;window.__pwned = 1; alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=");
    expect(html).toContain('href="https://example.org/ok"');
    expect(html).toContain('href="/articles"');
    expect(html).toContain('src="/images/gallery/stoa.svg"');
  });

  it("the practice and resource pages give titles and texts back verbatim, with only their validated URLs and a safe script tree", async () => {
    const created = (await (await create(practiceApi.action, "/api/practices", practice)).json()) as { id: number };
    const practiceData = (await practicePage.loader(routeArgs(`/practices/${created.id}`, { id: String(created.id) }) as never)) as {
      practice: Record<string, unknown>;
    };
    expect(practiceData.practice).toMatchObject({
      title: HOSTILE_TITLE,
      description: HOSTILE_TEXT,
      focus: HOSTILE_TEXT,
      imageUrl: practice.imageUrl,
      audioUrl: practice.audioUrl,
    });
    // The script is Markdown (issue #29): the page gets its safe tree, never the stored text.
    expect(practiceData.practice).not.toHaveProperty("transcript");
    const script = practiceData.practice.script as Block[];
    expect(JSON.stringify(script)).not.toMatch(/"(href|src)":"\s*(javascript|data|vbscript|file):/i);
    const scriptHtml = renderToStaticMarkup(createElement(MarkdownBody, { blocks: script }));
    expectInertHtml(scriptHtml);
    expect(scriptHtml).toContain("&lt;script&gt;window.__pwned = 1; alert(1)&lt;/script&gt;");
    expect(scriptHtml).toContain('href="https://example.org/ok"');

    const made = (await (await create(resourceApi.action, "/api/resources", resource)).json()) as { id: number };
    const resourceData = (await resourcePage.loader(routeArgs(`/resources/${made.id}`, { id: String(made.id) }) as never)) as {
      resource: Record<string, unknown>;
    };
    expect(resourceData.resource).toMatchObject({ title: HOSTILE_TITLE, author: HOSTILE_TEXT, url: resource.url });
  });
});

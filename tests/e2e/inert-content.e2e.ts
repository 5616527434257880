/**
 * Hostile admin content in a real browser: an article, a practice and a resource written through the
 * admin API with script tags, event handlers and javascript: URLs are opened on the public pages.
 * No dialog may open, no payload may run, and no element or attribute from the content may be live.
 */
import type { Page } from "playwright-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { baseURL, e2eAdmin, gotoHydrated, openPagePerTest } from "./browser";

const t = openPagePerTest();

const TITLE = `<script>window.__pwned = "title"; alert("title")</script>`;
const TEXT = `"><img src=x onerror="window.__pwned = 'text'; alert('text')">`;
const MARKDOWN = [
  "Intro paragraph.",
  `<script>window.__pwned = "script"; alert("script")</script>`,
  `<img src=x onerror="window.__pwned = 'img'; alert('img')">`,
  `[click me](javascript:window.__pwned='link';alert('link')) and [upper](JAVASCRIPT:alert(1))`,
  `<a href="javascript:alert('html link')">html link</a>`,
  `![pic](javascript:alert('image'))`,
  "[reference][evil]\n\n[evil]: javascript:alert('reference')",
  "```gallery grid\n![g](javascript:alert('gallery'))\n![fine](/images/gallery/stoa.svg)\n```",
  `<svg onload="alert('svg')"></svg><iframe src="javascript:alert('iframe')"></iframe>`,
].join("\n\n");

/** Rows this file created, removed at the end (every file shares the server and its D1). */
const created: string[] = [];
let dialogs: string[];

beforeEach(() => {
  dialogs = [];
  t.page.on("dialog", async (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
});

afterEach(async () => {
  for (const path of created.splice(0)) await t.page.request.delete(`${baseURL}${path}`).catch(() => undefined);
});

/** Signs in through the login form's action; the session cookie lands in this test's browser context. */
async function signIn(page: Page) {
  const response = await page.request.post("/login", { form: { username: e2eAdmin.username, password: e2eAdmin.password } });
  expect(response.ok()).toBe(true);
}

async function createThroughApi(page: Page, path: string, body: unknown) {
  const response = await page.request.post(path, { data: body });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  created.push(`${path}/${id}`);
  return id;
}

/** Nothing from the content is live: no dialog, no payload ran, no script/handler/javascript: URL in the DOM. */
async function expectInert(page: Page) {
  // A payload has had its chance: the document has loaded, and an image with the payload's own broken
  // `src=x`, started after the content was on the page, has fired its error event.
  await page.waitForFunction(() => document.readyState === "complete");
  expect(
    await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const probe = new Image();
          probe.addEventListener("error", () => resolve("error"), { once: true });
          probe.addEventListener("load", () => resolve("load"), { once: true });
          probe.src = "x";
        }),
    ),
  ).toBe("error");
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  const live = await page.evaluate(() => ({
    // The page's own data script carries the content as escaped JSON; a script made FROM the content would start with it.
    payloadScripts: [...document.querySelectorAll("script")].filter((script) => /^\s*window\.__pwned/.test(script.textContent ?? ""))
      .length,
    handlers: [...document.querySelectorAll("*")].flatMap((element) =>
      [...element.attributes].filter((attribute) => /^on/i.test(attribute.name)).map((attribute) => `${element.tagName} ${attribute.name}`),
    ),
    scriptUrls: [...document.querySelectorAll("[href], [src], [action], [formaction]")]
      .map(
        (element) =>
          element.getAttribute("href") ??
          element.getAttribute("src") ??
          element.getAttribute("action") ??
          element.getAttribute("formaction") ??
          "",
      )
      .filter((url) => /^\s*(javascript|data|vbscript):/i.test(url)),
    frames: document.querySelectorAll("iframe, object, embed").length,
  }));
  expect(live).toEqual({ payloadScripts: 0, handlers: [], scriptUrls: [], frames: 0 });
}

describe("hostile admin content on the public pages", () => {
  it("an article: the title and the Markdown's HTML show as text; nothing runs", async () => {
    await signIn(t.page);
    const id = await createThroughApi(t.page, "/api/articles", {
      title: TITLE,
      excerpt: TEXT,
      content: MARKDOWN,
      imageUrl: "/images/articles/article-1.svg",
      category: "Philosophy",
      readingTime: 4,
      // The author's name comes from the authors table now (inert there too: app/routes/inert-content.test.ts).
      authorId: 1,
    });
    // A javascript: image is refused before it is stored.
    const refused = await t.page.request.post("/api/articles", {
      data: {
        title: "x",
        excerpt: "x",
        content: "x",
        imageUrl: "javascript:alert(1)",
        category: "Philosophy",
        readingTime: 1,
        authorId: 1,
      },
    });
    expect(refused.status()).toBe(400);

    await gotoHydrated(t.page, `/articles/${id}`);
    expect(await t.page.getByRole("heading", { level: 1 }).textContent()).toBe(TITLE);
    await t.page.getByText(`<script>window.__pwned = "script"; alert("script")</script>`).waitFor();
    expect(await t.page.getByRole("link", { name: "click me" }).count()).toBe(0);
    await expectInert(t.page);

    // The list renders the same title in its card.
    await gotoHydrated(t.page, "/articles");
    await t.page.getByText(TITLE).first().waitFor();
    await expectInert(t.page);
  });

  it("a practice and a resource: titles and texts show as text; nothing runs", async () => {
    await signIn(t.page);
    const practiceId = await createThroughApi(t.page, "/api/practices", {
      title: TITLE,
      description: TEXT,
      imageUrl: "/images/practices/practice-1.svg",
      category: "Meditation",
      duration: 5,
      focus: TEXT,
      audioUrl: "/audio/practice-1.ogg",
      transcript: MARKDOWN,
    });
    const resourceId = await createThroughApi(t.page, "/api/resources", {
      title: TITLE,
      author: TEXT,
      categoryId: 1,
      description: TEXT,
      url: "https://example.org/book",
    });

    await gotoHydrated(t.page, `/practices/${practiceId}`);
    expect(await t.page.getByRole("heading", { level: 1 }).textContent()).toBe(TITLE);
    await expectInert(t.page);

    await gotoHydrated(t.page, `/resources/${resourceId}`);
    expect(await t.page.getByRole("heading", { level: 1 }).textContent()).toBe(TITLE);
    await expectInert(t.page);
  });
});

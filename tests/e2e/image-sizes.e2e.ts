/**
 * Image sizes end to end (docs/content-and-markdown.md, "Image sizes"): an image uploaded on /admin/media gets its
 * smaller copies drawn by the browser and stored; an article showing it offers them in a srcset; and a phone-wide
 * window loads a copy, not the original.
 */
import { describe, expect, it } from "vitest";
import { createArticle } from "./admin-api";
import { baseURL, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { png } from "./png";

const t = openPagePerTest();

describe("image sizes", () => {
  it("a large upload gets its copies, and a 390 px window loads one", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/media");
    // 2000 px wide: copies at 480, 960 and 1600 px.
    await t.page.getByLabel("File").setInputFiles({ name: "wide-bay.png", mimeType: "image/png", buffer: png(2000, 1000, [30, 110, 150]) });
    await t.page.getByRole("button", { name: "Upload", exact: true }).click();
    const row = t.page.getByRole("row").filter({ hasText: "wide-bay.png" });
    await row.waitFor();
    const url = (await row.locator("td").nth(1).locator("div").textContent()) ?? "";
    expect(url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);

    // The copies were drawn and stored before the upload finished: each served at its width, as WebP.
    for (const width of [480, 960, 1600]) {
      const copy = await t.page.request.get(`${url}?w=${width}`);
      expect(copy.status()).toBe(200);
      expect(copy.headers()["content-type"]).toBe("image/webp");
      expect(copy.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    }

    const id = await createArticle(
      t.page,
      {
        title: "The Bay at Low Tide",
        excerpt: "A wide view.",
        content: `The water had gone out.\n\n![The bay at low tide, boats on the sand](${url})\n\nAnd it came back.`,
        category: "Philosophy",
        readingTime: 1,
        authorId: 1,
      },
      { Origin: baseURL },
    );
    try {
      // A reader's phone: a window of its own, whose cache has not the original the library page showed (Chromium
      // takes a larger candidate it already holds over the one that fits).
      const phoneContext = await t.context.browser()?.newContext({ baseURL, viewport: { width: 390, height: 844 } });
      const phone = await phoneContext?.newPage();
      if (!phone) throw new Error("No second window.");
      await gotoHydrated(phone, `/articles/${id}`);
      const image = phone.locator(`img[src="${url}"]`).first();
      await image.waitFor();
      expect(await image.getAttribute("srcset")).toBe(`${url}?w=480 480w, ${url}?w=960 960w, ${url}?w=1600 1600w, ${url} 2000w`);
      expect(await image.getAttribute("sizes")).toBe("(min-width: 48rem) 48rem, 100vw");
      await image.scrollIntoViewIfNeeded();
      // The 480 px copy, loaded (its naturalWidth is per CSS pixel of the srcset's density, so says nothing here).
      const loaded = () => image.evaluate((element: HTMLImageElement) => (element.complete ? element.currentSrc : ""));
      await expect.poll(loaded).toBe(`${baseURL}${url}?w=480`);
      await phoneContext?.close();
      expect(t.pageErrors).toEqual([]);
    } finally {
      // The server and D1 are shared by every file: the article goes again.
      expect((await t.page.request.delete(`${baseURL}/api/articles/${id}`)).status()).toBe(204);
    }
  }, 60_000);
});

/**
 * The media library end to end: an admin uploads an image on /admin/media, picks it for a new article's image (the
 * picker refuses an image without alt text), saves, and the public article page shows it, loaded from /media/….
 * The library page is axe-clean in both themes.
 */
import { describe, expect, it } from "vitest";
import { expectAxeClean, THEMES, WCAG_TAGS } from "./axe";
import { baseURL, fillByLabel, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { preferMarkdownSource } from "./markdown-source";
import { png } from "./png";
import { selectColumn } from "./server-db";

const t = openPagePerTest();

describe("the media library", () => {
  it("upload an image and use it in an article", async () => {
    await signInAsAdmin(t.page);

    // Upload in the library, without alt text first (the library allows it; the picker will not).
    await gotoHydrated(t.page, "/admin/media");
    await t.page.getByLabel("File").setInputFiles({ name: "agora.png", mimeType: "application/octet-stream", buffer: png(48, 32) });
    await t.page.getByRole("button", { name: "Upload", exact: true }).click();
    const row = t.page.getByRole("row").filter({ hasText: "agora.png" });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain("48 × 32 px");
    const url = await row.locator("td").nth(1).locator("div").textContent();
    expect(url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    await expectAxeClean(t.page, { reloadInThemes: THEMES });

    // A new article: the picker refuses the image while it has no alt text.
    const title = "The Agora at Dawn";
    await preferMarkdownSource(t.page);
    await gotoHydrated(t.page, "/admin/articles/new");
    await fillByLabel(t.page, {
      Title: title,
      Excerpt: "Where philosophy was done in public.",
      Content: "Socrates asked questions in the market.",
    });
    await t.page.getByRole("button", { name: "Choose or upload an image" }).click();
    await t.page.getByRole("button", { name: "Use agora.png" }).click();
    await t.page.getByText(/needs alt text/).waitFor();
    // The open picker, its refusal and its upload fields are accessible too.
    await expectAxeClean(t.page, { tags: WCAG_TAGS, label: "the open picker" });
    expect(await t.page.getByLabel("Image URL", { exact: true }).inputValue()).toBe("");

    // Alt text added in the library (another tab of the same session), then picked again.
    const library = await t.page.context().newPage();
    await gotoHydrated(library, "/admin/media");
    await library.getByLabel("Alt text of agora.png").fill("Columns of the Stoa at sunrise");
    await library.getByRole("row").filter({ hasText: "agora.png" }).getByRole("button", { name: "Save" }).click();
    await library.getByText("Alt text saved.").first().waitFor();
    await library.close();

    await t.page.getByRole("button", { name: "Close the library" }).click();
    await t.page.getByRole("button", { name: "Choose or upload an image" }).click();
    // The picker shows the list it had while it fetches the fresh one: wait for the alt text to arrive.
    const picked = t.page.locator("li").filter({ hasText: "agora.png" });
    await expect.poll(() => picked.textContent({ timeout: 5_000 }), { timeout: 10_000 }).not.toContain("no alt text");
    await picked.getByRole("button", { name: "Use agora.png" }).click();
    expect(await t.page.getByLabel("Image URL", { exact: true }).inputValue()).toBe(url);
    // The cover shows as a thumbnail beside its field, described by the title.
    await t.page.locator(`img[data-thumbnail="imageUrl"][src="${url}"]`).waitFor();
    // Saved as a draft (the edit page), then published after confirming; then it is on the site.
    await t.page.getByRole("button", { name: "Save draft" }).click();
    await t.page.waitForURL(/\/admin\/articles\/\d+$/);
    await t.page.getByRole("button", { name: "Publish", exact: true }).click();
    await t.page.getByRole("dialog", { name: "Publish this article?" }).getByRole("button", { name: "Publish", exact: true }).click();
    await t.page.getByRole("link", { name: "View on site" }).click();

    // The public page shows it, from /media/….
    await t.page.getByRole("heading", { name: title }).waitFor();
    const image = t.page.locator(`img[src="${url}"]`).first();
    await image.waitFor();
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(48);

    // As the Worker serves it: its type, never sniffed by the browser, cached for good, and in ranges.
    const served = await t.page.request.get(url ?? "", { headers: { Range: "bytes=0-7" } });
    expect(served.status()).toBe(206);
    expect(served.headers()).toMatchObject({
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
      "cache-control": "public, max-age=31536000, immutable",
      "content-range": expect.stringMatching(/^bytes 0-7\/\d+$/),
    });

    // The article goes again: the server and D1 are shared by every file, and its short body would lead the lists.
    const articleId = new URL(t.page.url()).pathname.split("/").pop();
    expect((await t.page.request.delete(`${baseURL}/api/articles/${articleId}`)).status()).toBe(204);
  }, 60_000);

  it("a course's cover picked or uploaded in its picker brings its alt text into the course's alt text field", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/courses/1");
    const alt = t.page.getByLabel("Image description (alt text)");
    await alt.fill("The old cover");
    await t.page.getByRole("button", { name: "Choose or upload an image" }).click();
    // Uploaded in the picker, with its alt text: the cover and its description go into the course's form together.
    const picker = t.page.locator("section").filter({ hasText: "Upload a new file" });
    await picker.getByLabel("File").setInputFiles({ name: "harbour.png", mimeType: "image/png", buffer: png(40, 24, [40, 90, 120]) });
    await picker.getByLabel("Alt text", { exact: true }).fill("A quiet harbour at dusk");
    await picker.getByRole("button", { name: "Upload", exact: true }).click();
    await expect.poll(() => t.page.getByLabel("Image URL", { exact: true }).inputValue()).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    expect(await alt.inputValue()).toBe("A quiet harbour at dusk");
    // Picked from the library: the alt text the library has for it (the first test's image).
    await t.page.getByRole("button", { name: "Choose or upload an image" }).click();
    await t.page.getByRole("button", { name: "Use agora.png" }).click();
    expect(await alt.inputValue()).toBe("Columns of the Stoa at sunrise");
    await t.page.getByRole("button", { name: "Save Changes", exact: true }).click();
    await expect.poll(() => selectColumn("SELECT image_alt AS value FROM courses WHERE id = 1")[0]).toBe("Columns of the Stoa at sunrise");
    expect(t.pageErrors).toEqual([]);
  }, 60_000);
});

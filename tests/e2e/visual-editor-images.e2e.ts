/**
 * Images in the visual editor (issue #29), only through the editor (never Markdown source): an image pasted into the
 * text uploads with a progress bar while a dialog asks for its alt text (refused without it); an image group made
 * from the slash menu with uploads, its layout, alt texts and captions, one image removed and the order changed from
 * the keyboard and by drag. Published, the public page shows the images with their alt text. The dialogs are
 * axe-clean in both themes and work from the keyboard. The test makes its own article and deletes it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createArticle } from "./admin-api";
import { expectAxeClean, THEMES } from "./axe";
import { baseURL, gotoHydrated, holdRequests, openPagePerTest, signInAsAdmin } from "./browser";
import { png } from "./png";
import { selectColumn } from "./server-db";

const t = openPagePerTest();

async function visualBody(page: Page) {
  await page.getByRole("toolbar", { name: "Formatting" }).waitFor();
  return page.getByRole("textbox", { name: "Content", exact: true });
}

/** Pastes a PNG file into the editor's text as a browser does: a paste event carrying the file. */
async function pasteImage(page: Page, name: string, bytes: Buffer) {
  await page.evaluate(
    ({ name, bytes }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name, { type: "image/png" }));
      const target = document.querySelector('[contenteditable="true"]');
      if (!target) throw new Error("no editor");
      target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    { name, bytes: [...bytes] },
  );
}

/** The article's content as stored in D1. */
const storedContent = (id: number) => selectColumn(`SELECT content AS value FROM articles WHERE id = ${id}`)[0];

/** The focused element's accessible text (a toolbar button's screen-reader name, a button's words). */
const focusedText = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.querySelector(".sr-only")?.textContent ?? active?.textContent ?? "";
  });

describe("images in the visual editor", () => {
  it("writes an article with a pasted image and an image group, publishes it, and the page shows them with their alt text", async () => {
    await signInAsAdmin(t.page);
    const id = await createArticle(t.page, {
      title: "Pictures from the visual editor",
      excerpt: "An article the browser test writes.",
      content: "A placeholder.",
      category: "Philosophy",
      readingTime: 3,
      authorId: 1,
      status: "draft",
    });
    try {
      await gotoHydrated(t.page, `/admin/articles/${id}`);
      const body = await visualBody(t.page);
      const stored = t.page.locator('input[type="hidden"][name="content"]');
      await body.focus();
      await t.page.keyboard.press("ControlOrMeta+A");
      await t.page.keyboard.press("Backspace");
      await t.page.keyboard.type("The sea this morning: ");

      // Pasted: the upload shows its progress (held until we have seen it) while the dialog asks for the alt text.
      const release = await holdRequests(t.page, "**/api/admin/media?*");
      await pasteImage(t.page, "sea.png", png(40, 30, [30, 110, 170]));
      const dialog = t.page.getByRole("dialog", { name: "Insert an image" });
      await dialog.waitFor();
      await dialog.getByRole("progressbar", { name: /Uploading sea\.png/ }).waitFor();
      expect(await t.page.evaluate(() => document.activeElement?.id)).toBe(await dialog.getByLabel("Alt text").getAttribute("id"));
      release();
      await dialog.getByRole("progressbar").waitFor({ state: "detached" });
      await dialog.locator('img[src^="/media/"]').waitFor();
      // Without alt text the image is not placed.
      await dialog.getByRole("button", { name: "Insert image" }).click();
      await dialog.getByText("An image needs alt text").waitFor();
      expect(await dialog.getByLabel("Alt text").getAttribute("aria-invalid")).toBe("true");
      expect(await body.locator("img").count()).toBe(0);
      await dialog.getByLabel("Alt text").fill("A calm blue sea");
      await dialog.getByLabel("Caption (optional)").fill("Low tide");
      await t.page.keyboard.press("Enter");
      await dialog.waitFor({ state: "detached" });
      await body.locator('img[alt="A calm blue sea"][title="Low tide"]').waitFor();
      const seaMarkdown = /^The sea this morning: !\[A calm blue sea\]\(\/media\/[0-9a-f]{64}\.png "Low tide"\)$/;
      await expect.poll(() => stored.inputValue()).toMatch(seaMarkdown);

      // An image group from the slash menu, from the keyboard.
      await body.focus();
      await t.page.keyboard.press("ControlOrMeta+End");
      await t.page.keyboard.press("Enter");
      await t.page.keyboard.type("/image gr");
      await t.page
        .getByRole("listbox")
        .getByRole("option", { name: /Image group/, selected: true })
        .waitFor();
      await t.page.keyboard.press("Enter");
      const group = t.page.getByRole("dialog", { name: "Insert an image group" });
      await group.waitFor();
      await group.getByLabel("Two-column masonry").check();
      await group.getByLabel("Add images: upload").setInputFiles([
        { name: "stone.png", mimeType: "image/png", buffer: png(30, 20, [120, 120, 110]) },
        { name: "leaf.png", mimeType: "image/png", buffer: png(30, 20, [40, 140, 60]) },
        { name: "sky.png", mimeType: "image/png", buffer: png(30, 20, [150, 190, 230]) },
      ]);
      const rows = group.getByRole("listitem");
      await expect.poll(() => rows.locator('img[src^="/media/"]').count()).toBe(3);
      const alts = rows.getByLabel("Alt text");
      await alts.nth(0).fill("A grey stone");
      await alts.nth(1).fill("A green leaf");
      await alts.nth(2).fill("A pale sky");
      await rows.nth(1).getByLabel("Caption (optional)").fill("In the garden");
      await expectAxeClean(t.page, { label: "the image group dialog with three images" });
      // Remove the stone; move the sky up from the keyboard (the focus stays on the moved image's button).
      await group.getByRole("button", { name: "Remove image 1 (A grey stone)" }).click();
      await expect.poll(() => alts.count()).toBe(2);
      await group.getByRole("button", { name: "Move up image 2 (A pale sky)" }).focus();
      await t.page.keyboard.press("Enter");
      await expect
        .poll(() => alts.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))
        .toEqual(["A pale sky", "A green leaf"]);
      expect(await t.page.evaluate(() => document.activeElement?.textContent)).toBe("Move down image 1 (A pale sky)");
      // And back by drag: the leaf's row onto the first.
      await rows
        .nth(1)
        .getByText("Image 2", { exact: true })
        .dragTo(rows.nth(0).getByText("Image 1", { exact: true }));
      await expect
        .poll(() => alts.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)))
        .toEqual(["A green leaf", "A pale sky"]);
      await group.getByRole("button", { name: "Insert group" }).click();
      await group.waitFor({ state: "detached" });
      await body.locator("div[data-gallery-source]").getByText("Image group (masonry, 2 images)", { exact: false }).waitFor();

      const markdown = await stored.inputValue();
      const [sea, fence] = markdown.split("\n\n");
      expect(sea).toMatch(seaMarkdown);
      expect(fence).toMatch(
        /^```gallery masonry\n!\[A green leaf\]\(\/media\/[0-9a-f]{64}\.png "In the garden"\)\n!\[A pale sky\]\(\/media\/[0-9a-f]{64}\.png\)\n```$/,
      );

      // Publish (it asks first), then the public page.
      await t.page.getByRole("button", { name: "Publish", exact: true }).click();
      await t.page.getByRole("dialog", { name: "Publish this article?" }).getByRole("button", { name: "Publish", exact: true }).click();
      await t.page.getByText("Status: Published").waitFor();
      await gotoHydrated(t.page, `/articles/${id}`);
      const article = t.page.locator(".article-body");
      const images = article.locator('img[src^="/media/"]');
      expect(await images.evaluateAll((list) => list.map((image) => image.getAttribute("alt")))).toEqual([
        "A calm blue sea",
        "A green leaf",
        "A pale sky",
      ]);
      for (const image of await images.all()) {
        await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      }
      // Every caption is shown under its image, as the dialog says: a figure's figcaption, not a tooltip.
      expect(await images.first().getAttribute("title")).toBeNull();
      for (const [alt, caption] of [
        ["A calm blue sea", "Low tide"],
        ["A green leaf", "In the garden"],
      ]) {
        const figure = article.locator("figure", { has: t.page.locator(`img[alt="${alt}"]`) });
        const shown = figure.locator("figcaption", { hasText: caption });
        await shown.waitFor();
        const [image, text] = await Promise.all([figure.locator("img").boundingBox(), shown.boundingBox()]);
        expect(image && text, caption).toBeTruthy();
        expect(text!.y, `${caption} under its image`).toBeGreaterThanOrEqual(image!.y + image!.height - 1);
      }
      expect(t.pageErrors).toEqual([]);
    } finally {
      expect((await t.page.request.delete(`${baseURL}/api/articles/${id}`)).status()).toBe(204);
    }
  }, 120_000);

  it("a dropped image uploads and is placed where it fell; a double-click on it edits its alt text and caption", async () => {
    await signInAsAdmin(t.page);
    const id = await createArticle(t.page, {
      title: "A dropped picture",
      excerpt: "An article the browser test writes.",
      content: "The first paragraph.\n\nThe second paragraph.",
      category: "Philosophy",
      readingTime: 3,
      authorId: 1,
      status: "draft",
    });
    try {
      await gotoHydrated(t.page, `/admin/articles/${id}`);
      const body = await visualBody(t.page);
      const stored = t.page.locator('input[type="hidden"][name="content"]');
      // Dropped at the end of the second paragraph, as a file from the desktop arrives: a drop event carrying it.
      const box = await body.locator("p", { hasText: "The second paragraph." }).boundingBox();
      if (!box) throw new Error("no second paragraph");
      await t.page.evaluate(
        ({ bytes, x, y }) => {
          const data = new DataTransfer();
          data.items.add(new File([new Uint8Array(bytes)], "dune.png", { type: "image/png" }));
          const target = document.querySelector('[contenteditable="true"]');
          target?.dispatchEvent(new DragEvent("drop", { dataTransfer: data, clientX: x, clientY: y, bubbles: true, cancelable: true }));
        },
        { bytes: [...png(24, 24, [200, 170, 90])], x: box.x + box.width - 2, y: box.y + box.height / 2 },
      );
      const dialog = t.page.getByRole("dialog", { name: "Insert an image" });
      await dialog.locator('img[src^="/media/"]').waitFor();
      await dialog.getByLabel("Alt text").fill("A sand dune");
      await dialog.getByRole("button", { name: "Insert image" }).click();
      await dialog.waitFor({ state: "detached" });
      await expect
        .poll(() => stored.inputValue())
        .toMatch(/^The first paragraph\.\n\nThe second paragraph\.!\[A sand dune\]\(\/media\/[0-9a-f]{64}\.png\)$/);

      await body.locator('img[alt="A sand dune"]').dblclick();
      const edit = t.page.getByRole("dialog", { name: "Image" });
      await edit.waitFor();
      expect(await edit.getByLabel("Alt text").inputValue()).toBe("A sand dune");
      await edit.getByLabel("Alt text").fill("A sand dune at noon");
      await edit.getByLabel("Caption (optional)").fill("The Sahara");
      await edit.getByRole("button", { name: "Apply" }).click();
      await edit.waitFor({ state: "detached" });
      await expect
        .poll(() => stored.inputValue())
        .toMatch(/^The first paragraph\.\n\nThe second paragraph\.!\[A sand dune at noon\]\(\/media\/[0-9a-f]{64}\.png "The Sahara"\)$/);
      // One image, edited in place (ProseMirror draws a separator <img> after an inline node ending a line: not counted).
      expect(await body.locator('img[src^="/media/"]').count()).toBe(1);
      expect(t.pageErrors).toEqual([]);
    } finally {
      expect((await t.page.request.delete(`${baseURL}/api/articles/${id}`)).status()).toBe(204);
    }
  }, 120_000);

  it("an image without alt text (pasted from a web page) is outlined, and saving is refused until it has some", async () => {
    await signInAsAdmin(t.page);
    const id = await createArticle(t.page, {
      title: "A pasted web page",
      excerpt: "An article the browser test writes.",
      content: "A paragraph.",
      category: "Philosophy",
      readingTime: 3,
      authorId: 1,
      status: "draft",
    });
    try {
      await gotoHydrated(t.page, `/admin/articles/${id}`);
      const body = await visualBody(t.page);
      const stored = t.page.locator('input[type="hidden"][name="content"]');
      await body.focus();
      await t.page.keyboard.press("ControlOrMeta+End");
      await t.page.evaluate(() => {
        const data = new DataTransfer();
        data.setData("text/html", '<p>From the web: <img src="/images/gallery/river.svg"></p>');
        const target = document.querySelector('[contenteditable="true"]');
        target?.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      });
      const image = body.locator('img[src="/images/gallery/river.svg"]');
      await image.waitFor();
      expect(await image.getAttribute("title")).toBe("No alt text: double-click the image to describe it");
      await expect.poll(() => stored.inputValue()).toContain("![](/images/gallery/river.svg)");
      await t.page.getByRole("button", { name: "Save draft" }).click();
      await t.page
        .getByText(/The field "content" has an image without alt text/)
        .first()
        .waitFor();
      expect(storedContent(id)).toBe("A paragraph.");

      await image.dblclick();
      const edit = t.page.getByRole("dialog", { name: "Image" });
      await edit.getByLabel("Alt text").fill("A river");
      await t.page.keyboard.press("Enter");
      await edit.waitFor({ state: "detached" });
      expect(await image.getAttribute("data-missing-alt")).toBeNull();
      await t.page.getByRole("button", { name: "Save draft" }).click();
      await t.page.getByText("Article has been updated successfully.").first().waitFor();
      expect(storedContent(id)).toContain("![A river](/images/gallery/river.svg)");
    } finally {
      expect((await t.page.request.delete(`${baseURL}/api/articles/${id}`)).status()).toBe(204);
    }
  }, 120_000);

  it("opens the image dialog from the toolbar's keyboard, axe-clean in both themes; Escape gives the text back", async () => {
    await signInAsAdmin(t.page);
    for (const theme of THEMES) {
      await t.page.evaluate((value) => window.localStorage.setItem("vite-ui-theme", value), theme);
      await gotoHydrated(t.page, "/admin/articles/new");
      const body = await visualBody(t.page);
      await body.focus();
      await t.page.keyboard.press("Shift+Tab");
      await t.page.keyboard.press("End");
      expect(await focusedText(t.page)).toBe("Image group");
      await t.page.keyboard.press("ArrowLeft");
      expect(await focusedText(t.page)).toBe("Image");
      await t.page.keyboard.press("Enter");
      const dialog = t.page.getByRole("dialog", { name: "Insert an image" });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Choose or upload an image" }).waitFor();
      await expectAxeClean(t.page, { theme, label: "the article editor, image dialog open" });
      await t.page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await expect.poll(() => t.page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("textbox");

      // The image group's dialog, from the toolbar too.
      await t.page.keyboard.press("Shift+Tab");
      await t.page.keyboard.press("End");
      await t.page.keyboard.press("Enter");
      const group = t.page.getByRole("dialog", { name: "Insert an image group" });
      await group.waitFor();
      await expectAxeClean(t.page, { theme, label: "the article editor, image group dialog open" });
      await group.getByRole("button", { name: "Insert group" }).click();
      await group.getByText("Add at least one image").waitFor();
      await t.page.keyboard.press("Escape");
      await group.waitFor({ state: "detached" });
    }
    expect(t.pageErrors).toEqual([]);
  }, 120_000);
});

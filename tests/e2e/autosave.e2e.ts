/**
 * Never lose a word (docs/admin.md, "Autosave and unsaved changes"): an edit is autosaved (the status line says when;
 * the live article is untouched), the tab is closed, the edit page reopened offers the autosave back, and Restore
 * fills the form. Leaving with unsaved changes asks first: an in-app link through the app's own dialog (useBlocker),
 * closing the tab through the browser's `beforeunload` question; once saved, neither asks. And scheduling in the
 * owner's time zone (Settings): a time typed in America/New_York is stored as the right UTC instant and shown back.
 */
import { describe, expect, it } from "vitest";
import { expectAxeClean, THEMES } from "./axe";
import { baseURL, fillByLabel, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { selectColumn } from "./server-db";

const t = openPagePerTest();

const autosaveRows = (id: number) =>
  selectColumn(
    `SELECT count(*) AS value FROM content_revisions WHERE kind = 'autosave' AND content_type = 'article' AND content_id = ${id}`,
  );
const storedTitle = (id: number) => selectColumn(`SELECT title AS value FROM articles WHERE id = ${id}`);

describe("autosave", () => {
  it("edit, wait for the autosave, close the tab, reopen, and restore", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/articles/1");
    const [original] = storedTitle(1);
    const title = t.page.getByLabel("Title", { exact: true });
    expect(await title.inputValue()).toBe(original);
    await title.fill("A title typed and never saved");
    const status = t.page.locator("[data-autosave]");
    expect(await status.getAttribute("aria-live")).toBe("polite");
    await status.getByText("Unsaved changes").waitFor();

    // Ten seconds after the change (the form keeps the focus: no blur hastens it).
    await expect.poll(() => status.textContent(), { timeout: 25_000, interval: 250 }).toMatch(/^Saved as autosave \d\d:\d\d$/);
    expect(autosaveRows(1)).toEqual([1]);
    // The live article is untouched.
    expect(storedTitle(1)).toEqual([original]);

    await t.page.close();
    const page = await t.context.newPage();
    t.page = page;
    await gotoHydrated(page, "/admin/articles/1");
    const offer = page.locator("[data-autosave-offer]");
    await offer.getByRole("heading", { name: /You have unsaved changes from \d\d:\d\d/ }).waitFor();
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe(original);
    await expectAxeClean(page, { reloadInThemes: THEMES });

    // The history collapses autosaves into one line, outside the numbered revisions.
    const history = await (await t.context.request.get("/admin/articles/1/history")).text();
    expect(history).toContain('data-autosaves="1"');
    expect(history).toMatch(/1 autosave, newest by /);

    await offer.getByRole("button", { name: "Restore" }).click();
    expect(await page.getByLabel("Title", { exact: true }).inputValue()).toBe("A title typed and never saved");
    expect(await offer.count()).toBe(0);
    await page.locator("[data-autosave]").getByText("Unsaved changes").waitFor();
    // Restoring saved nothing.
    expect(storedTitle(1)).toEqual([original]);

    // Saving it is a real save: the autosave goes, and leaving asks nothing.
    await page.getByRole("button", { name: /^Save (Changes|draft)$/ }).click();
    await page.getByText("Article has been updated successfully.").first().waitFor();
    expect(storedTitle(1)).toEqual(["A title typed and never saved"]);
    expect(autosaveRows(1)).toEqual([0]);
    await page.getByRole("link", { name: "History and restore" }).click();
    await page.waitForURL("**/admin/articles/1/history");
    expect(await page.getByRole("dialog").count()).toBe(0);
  }, 90_000);

  it("leave with unsaved changes and get asked: an in-app link, and closing the tab", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/articles/2");
    const excerpt = t.page.getByLabel("Excerpt", { exact: true });
    await excerpt.fill("An excerpt I would hate to lose.");

    // An in-app link: the app's dialog. Cancel stays, with what was typed.
    const history = t.page.getByRole("link", { name: "History and restore" });
    await history.click();
    const ask = t.page.getByRole("dialog", { name: "Leave without saving?" });
    await ask.waitFor();
    await expectAxeClean(t.page);
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "hidden" });
    expect(new URL(t.page.url()).pathname).toBe("/admin/articles/2");
    expect(await excerpt.inputValue()).toBe("An excerpt I would hate to lose.");
    // Asked again, Leave goes.
    await history.click();
    await ask.getByRole("button", { name: "Leave" }).click();
    await t.page.waitForURL("**/admin/articles/2/history");

    // Closing the tab: the browser's own question (beforeunload). Dismissed, the page stays.
    await gotoHydrated(t.page, "/admin/articles/2");
    await t.page.getByLabel("Excerpt", { exact: true }).fill("Typed again.");
    const asked = new Promise<string>((resolve) => t.page.once("dialog", (dialog) => resolve(dialog.type())));
    const dialogs: string[] = [];
    t.page.on("dialog", async (dialog) => {
      dialogs.push(dialog.type());
      await dialog.dismiss();
    });
    await t.page.close({ runBeforeUnload: true });
    expect(await asked).toBe("beforeunload");
    expect(t.page.isClosed()).toBe(false);

    // Saved: closing asks nothing.
    await t.page.getByRole("button", { name: /^Save (Changes|draft)$/ }).click();
    await t.page.getByText("Article has been updated successfully.").first().waitFor();
    const closed = new Promise<void>((resolve) => t.page.once("close", () => resolve()));
    await t.page.close({ runBeforeUnload: true });
    await closed;
    expect(dialogs).toEqual(["beforeunload"]);
  }, 60_000);

  it("an autosave sent on blur just before the writer's own save never reports 'someone else saved' (issue #37 §3.6)", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/authors/1");
    const page = t.page;
    // Every text the status line shows, from now on.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { statusTexts: string[] }).statusTexts = seen;
      const line = document.querySelector("[data-autosave]");
      if (line)
        new MutationObserver(() => seen.push(line.textContent ?? "")).observe(line, {
          childList: true,
          characterData: true,
          subtree: true,
        });
    });
    const statusTexts = () => page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts);

    // The blur's autosave is held on its way to the server until the save has answered: the race, made certain.
    const path = "/api/authors/1/autosave";
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent = () => {};
    const autosaveSent = new Promise<void>((resolve) => {
      sent = resolve;
    });
    await page.route(`**${path}`, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      sent();
      await released;
      await route.continue().catch(() => {});
    });
    const firstAutosaveDone = new Promise<void>((resolve) => {
      const done = (request: { url: () => string; method: () => string }) => {
        if (request.method() === "POST" && new URL(request.url()).pathname === path) resolve();
      };
      page.on("requestfinished", done);
      page.on("requestfailed", done);
    });

    await page.getByLabel(/^Role/).fill("Counsellor and writer, edited once");
    // The window loses focus: the autosave goes at once, with the version the page was read at.
    await page.evaluate(() => window.dispatchEvent(new Event("blur")));
    await autosaveSent;
    const saved = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/authors/1" && response.request().method() === "PUT",
    );
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText("Author has been updated successfully.").first().waitFor();
    release();
    await firstAutosaveDone;

    // Typed on after the save, and blurred again: that autosave carries the save's version and is kept.
    await page.getByLabel(/^Role/).fill("Counsellor and writer, edited twice");
    await page.evaluate(() => window.dispatchEvent(new Event("blur")));
    await expect.poll(() => page.locator("[data-autosave]").textContent(), { timeout: 10_000 }).toMatch(/^Saved as autosave \d\d:\d\d$/);
    expect((await statusTexts()).filter((text) => /someone else/i.test(text))).toEqual([]);
    expect(await page.getByTestId("save-conflict").count()).toBe(0);
    expect(selectColumn("SELECT role AS value FROM authors WHERE id = 1")).toEqual(["Counsellor and writer, edited once"]);
  }, 60_000);

  it("a publish time is typed in the owner's time zone from Settings, stored in UTC, and shown back in the zone", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/settings");
    await t.page.getByLabel("Time zone", { exact: true }).fill("America/New_York");
    await t.page.getByRole("button", { name: "Save settings" }).click();
    await t.page.getByText("Settings saved").first().waitFor();

    await gotoHydrated(t.page, "/admin/articles/new");
    await fillByLabel(t.page, {
      Title: "Morning in New York",
      Excerpt: "On the first hour.",
      Content: "The day begins before the light.",
      "Image URL": "/images/articles/article-1.svg",
    });
    await t.page.getByRole("button", { name: "Save draft" }).click();
    await t.page.waitForURL(/\/admin\/articles\/\d+$/);
    const id = Number(new URL(t.page.url()).pathname.split("/").pop());
    try {
      const field = t.page.getByLabel(/^Publish at \(America\/New_York\)/);
      await field.fill("2030-01-15T09:00");
      await t.page.getByRole("button", { name: "Schedule…" }).click();
      const confirm = t.page.getByRole("dialog", { name: "Schedule this article?" });
      await confirm.getByText("Jan 15, 2030, 09:00 EST", { exact: false }).waitFor();
      await confirm.getByRole("button", { name: "Schedule", exact: true }).click();
      await t.page.getByText("Article has been scheduled.").first().waitFor();
      // 09:00 in New York in January (EST, UTC-5) is 14:00 UTC.
      expect(selectColumn(`SELECT publish_at AS value FROM articles WHERE id = ${id}`)).toEqual(["2030-01-15T14:00:00.000Z"]);

      await gotoHydrated(t.page, `/admin/articles/${id}`);
      expect(await t.page.getByLabel(/^Publish at \(America\/New_York\)/).inputValue()).toBe("2030-01-15T09:00");
    } finally {
      expect((await t.page.request.delete(`${baseURL}/api/articles/${id}`)).status()).toBe(204);
    }
  }, 60_000);
});

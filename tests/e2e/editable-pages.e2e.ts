/**
 * Editable pages (issue #29): the owner edits the terms in the admin and the public page shows the new text at once,
 * dated today, with its placeholders filled in; About's testimonials and the home page's hero likewise. The editors are axe-clean (the legal one in both themes).
 * The server's database is reset before this file (fresh-state.ts), so the edits stay here.
 */
import { describe, expect, it } from "vitest";
import { formatLongDate } from "../../app/lib/format";
import { expectAxeClean, THEMES } from "./axe";
import { baseURL, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { preferMarkdownSource } from "./markdown-source";

const t = openPagePerTest();

describe("editable pages", () => {
  it("the owner edits the terms: the public page shows the new text and today's Last updated; the editor is axe-clean", async () => {
    // A visitor's copy in the page cache first (stored after its answer went out: asked until a hit comes); the save must retire it.
    await expect
      .poll(async () => {
        const response = await fetch(`${baseURL}/legal/terms`);
        const cached = response.headers.get("x-worker-cache") === "HIT";
        return cached && (await response.text()).includes("Course prices are shown in US dollars");
      })
      .toBe(true);
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/pages");
    await t.page.locator("#main").getByRole("link", { name: "Terms of Service" }).click();
    await t.page.getByRole("heading", { level: 1, name: "Edit Terms of Service" }).waitFor();
    // The placeholders the text may use are listed beside it.
    await t.page.getByText("{order_retention_years}").waitFor();
    await expectAxeClean(t.page, { reloadInThemes: THEMES, label: "terms editor (visual)" });

    await preferMarkdownSource(t.page);
    await gotoHydrated(t.page, "/admin/pages/legal/terms");
    await expectAxeClean(t.page, { label: "terms editor (Markdown source)" });
    await t.page
      .getByLabel("Text", { exact: true })
      .fill("## Using the site\n\nBy using {site_name} you agree to these **revised** terms, kept for {order_retention_years} years.");
    await t.page.getByRole("button", { name: "Save page" }).click();
    await t.page.getByText("The public page shows it now.").first().waitFor();
    // The history: the seed's text as revision 1, this save as 2.
    await expect.poll(() => t.page.getByRole("row").count()).toBe(3);

    await gotoHydrated(t.page, "/legal/terms");
    const today = formatLongDate(new Date());
    expect(await t.page.getByTestId("last-updated").textContent()).toBe(`Last updated: ${today}`);
    const main = t.page.locator("main");
    await main.getByText("By using The Examined Life you agree to these revised terms, kept for 7 years.").waitFor();
    expect(await main.locator("strong").first().textContent()).toBe("revised");
    expect(await main.getByText("Course prices are shown in US dollars").count()).toBe(0);
    expect(await t.page.locator('meta[name="description"]').getAttribute("content")).toContain(`last updated ${today}`);
    const visitor = await (await fetch(`${baseURL}/legal/terms`)).text();
    expect(visitor).toContain("revised");
    expect(visitor).not.toContain("Course prices are shown in US dollars");
  }, 120_000);

  it("an edited testimonial and hero show on About and the home page", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/pages/about");
    const first = t.page.getByTestId("testimonial").first();
    await first.getByLabel("Quote").fill("The practices gave my mornings a shape.");
    await first.getByLabel("Name").fill("Ines R.");
    await t.page.getByRole("button", { name: "Remove testimonial 2" }).click();
    await expect.poll(() => t.page.getByTestId("testimonial").count()).toBe(1);
    await expectAxeClean(t.page, { label: "About's editor" });
    await t.page.getByRole("button", { name: "Save page" }).click();
    await t.page.getByText("The public page shows it now.").first().waitFor();

    await gotoHydrated(t.page, "/about");
    const testimonials = t.page.locator("#testimonials figure");
    expect(await testimonials.count()).toBe(1);
    expect(await testimonials.locator("blockquote").textContent()).toBe("“The practices gave my mornings a shape.”");
    expect(await testimonials.locator("figcaption").textContent()).toBe("Ines R., Reader since 2024");
    await t.page.getByText("Philosophy began as a way of life").waitFor();

    await gotoHydrated(t.page, "/admin/pages/home");
    await t.page.getByLabel("Hero title").fill("Think it through");
    await t.page.getByRole("button", { name: "Save page" }).click();
    await t.page.getByText("The public page shows it now.").first().waitFor();
    await gotoHydrated(t.page, "/");
    expect(await t.page.getByRole("heading", { level: 1 }).textContent()).toBe("Think it through");
  }, 120_000);
});

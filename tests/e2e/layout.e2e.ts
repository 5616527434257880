import { describe, expect, it } from "vitest";
import { gotoHydrated, openPagePerTest } from "./browser";

describe("theme", () => {
  const t = openPagePerTest();

  it("defaults to light, toggles to dark, and a reload paints dark from the first frame", async () => {
    // Record the root's classes at the first animation frame, i.e. before the first paint.
    await t.context.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrameDark: boolean }).firstFrameDark = document.documentElement.classList.contains("dark");
      });
    });
    await gotoHydrated(t.page, "/");
    expect(await t.page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await t.page.getByRole("button", { name: "Switch to dark theme" }).click();
    expect(await t.page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    expect(await t.page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("dark");

    await t.page.reload();
    await t.page.waitForSelector("html[data-hydrated]");
    expect(await t.page.evaluate(() => (window as unknown as { firstFrameDark: boolean }).firstFrameDark)).toBe(true);
    await t.page.getByRole("button", { name: "Switch to light theme" }).click();
    expect(await t.page.evaluate(() => localStorage.getItem("vite-ui-theme"))).toBe("light");
  });
});

describe("header", () => {
  const t = openPagePerTest();

  it("highlights the current section by path prefix", async () => {
    await gotoHydrated(t.page, "/articles/1");
    const nav = t.page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Articles" }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
  });

  it("the footer shows the current year and the legal links", async () => {
    await gotoHydrated(t.page, "/");
    const footer = t.page.locator("footer");
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()}`);
    for (const href of [
      "/legal/privacy",
      "/legal/terms",
      "/legal/cookies",
      "/legal/disclaimer",
      "/about#contributors",
      "/articles?category=Philosophy",
    ]) {
      expect(await footer.locator(`a[href="${href}"]`).count(), href).toBe(1);
    }
  });
});

describe("mobile menu", () => {
  const t = openPagePerTest({ viewport: { width: 390, height: 844 } });

  it("opens, moves focus in, closes on Escape with focus back, and closes when a link is chosen", async () => {
    await gotoHydrated(t.page, "/");
    expect(await t.page.locator("#mobile-menu").count()).toBe(0);
    const toggle = t.page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    await t.page.locator("#mobile-menu").waitFor();
    expect(await t.page.evaluate(() => document.activeElement?.textContent)).toBe("Home");
    await t.page.keyboard.press("Escape");
    expect(await t.page.locator("#mobile-menu").count()).toBe(0);
    expect(await t.page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("mobile-menu");

    await t.page.keyboard.press("Enter");
    await t.page.locator("#mobile-menu").getByRole("link", { name: "Practices" }).click();
    await t.page.waitForURL(/\/practices$/);
    await t.page.getByRole("heading", { name: "Guided Practices", level: 1 }).waitFor();
    expect(await t.page.locator("#mobile-menu").count()).toBe(0);
  });
});

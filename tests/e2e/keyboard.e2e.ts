/**
 * Keyboard and motion: the skip link, visible focus, the mobile menu, the practice player, form labels
 * and announced errors, and prefers-reduced-motion.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { gotoHydrated, openPagePerTest } from "./browser";

const t = openPagePerTest();

const active = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName.toLowerCase(), id: el?.id, text: el?.textContent?.trim(), label: el?.getAttribute("aria-label") };
  });

describe("skip link and focus rings", () => {
  it("the first Tab stop is 'Skip to content', visible, and Enter moves focus to #main", async () => {
    await gotoHydrated(t.page, "/articles");
    await t.page.keyboard.press("Tab");
    expect(await active(t.page)).toMatchObject({ tag: "a", text: "Skip to content" });
    const box = await t.page.getByRole("link", { name: "Skip to content" }).boundingBox();
    expect(box!.width).toBeGreaterThan(40);
    expect(box!.height).toBeGreaterThan(20);
    await t.page.keyboard.press("Enter");
    await t.page.waitForFunction(() => document.activeElement?.id === "main");
    // The next Tab continues inside the page content, past the header.
    await t.page.keyboard.press("Tab");
    expect(await t.page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
  });

  it("links, buttons and fields focused by keyboard show a focus indicator", async () => {
    await gotoHydrated(t.page, "/contact");
    const indicator = () =>
      t.page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return {
          tag: el.tagName.toLowerCase(),
          outline: style.outlineStyle,
          outlineWidth: parseFloat(style.outlineWidth),
          ring: style.boxShadow,
        };
      });
    const seen = new Set<string>();
    // Tab through the header and into the form: every stop has an outline or a ring.
    for (let i = 0; i < 20; i++) {
      await t.page.keyboard.press("Tab");
      const focus = await indicator();
      seen.add(focus.tag);
      const outlined = focus.outline !== "none" && focus.outlineWidth >= 2;
      const ringed = focus.ring !== "none";
      expect(outlined || ringed, `focus stop ${i + 1} (${focus.tag}) has no visible focus indicator`).toBe(true);
    }
    expect(seen).toContain("a");
    expect(seen).toContain("button");
  });
});

describe("mobile menu by keyboard", () => {
  it("Enter opens it with focus on its first link, Tab walks it, Escape closes it and focus returns to the toggle", async () => {
    await t.page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(t.page, "/about");
    const toggle = t.page.getByRole("button", { name: "Open menu" });
    await toggle.focus();
    await t.page.keyboard.press("Enter");
    await t.page.locator("#mobile-menu").waitFor();
    expect(await t.page.getByRole("button", { name: "Close menu" }).getAttribute("aria-expanded")).toBe("true");
    expect(await active(t.page)).toMatchObject({ tag: "a", text: "Home" });
    await t.page.keyboard.press("Tab");
    expect(await active(t.page)).toMatchObject({ tag: "a", text: "Articles" });
    expect(await t.page.evaluate(() => !!document.activeElement?.closest("#mobile-menu"))).toBe(true);

    await t.page.keyboard.press("Escape");
    expect(await t.page.locator("#mobile-menu").count()).toBe(0);
    expect(await active(t.page)).toMatchObject({ tag: "button", label: "Open menu" });

    // Choosing a link by keyboard navigates and closes the menu.
    await t.page.keyboard.press("Enter");
    await t.page.locator("#mobile-menu").waitFor();
    await t.page.keyboard.press("Tab");
    await t.page.keyboard.press("Enter");
    await t.page.waitForURL(/\/articles$/);
    expect(await t.page.locator("#mobile-menu").count()).toBe(0);
  });
});

describe("practice player by keyboard", () => {
  it("Space on the play button toggles play and pause; arrows on the slider seek", async () => {
    await gotoHydrated(t.page, "/practices/1");
    await t.page.evaluate(async () => {
      const audio = document.querySelector("audio")!;
      if (!(audio.duration > 0)) await new Promise((resolve) => audio.addEventListener("loadedmetadata", resolve, { once: true }));
    });
    const paused = () => t.page.evaluate(() => document.querySelector("audio")!.paused);
    const currentTime = () => t.page.evaluate(() => document.querySelector("audio")!.currentTime);

    await t.page.getByRole("button", { name: "Play" }).focus();
    await t.page.keyboard.press("Space");
    await t.page.waitForFunction(() => !document.querySelector("audio")!.paused);
    expect(await active(t.page)).toMatchObject({ tag: "button", label: "Pause" });
    await t.page.keyboard.press("Space");
    await t.page.waitForFunction(() => document.querySelector("audio")!.paused);
    expect(await paused()).toBe(true);

    const slider = t.page.getByRole("slider", { name: "Position in the practice" });
    await slider.focus();
    const start = await currentTime();
    for (let i = 0; i < 5; i++) await t.page.keyboard.press("ArrowRight");
    await t.page.waitForFunction((from) => document.querySelector("audio")!.currentTime >= from + 4.5, start);
    const forward = await currentTime();
    expect(Number(await slider.inputValue())).toBe(Math.round(forward));
    await t.page.keyboard.press("ArrowLeft");
    await t.page.keyboard.press("ArrowLeft");
    await t.page.waitForFunction((from) => document.querySelector("audio")!.currentTime <= from - 1.5, forward);
    expect(await currentTime()).toBeGreaterThan(start);
    expect(await paused()).toBe(true);
  });
});

describe("forms", () => {
  /** Every visible field of the page's forms, with the accessible name a screen reader would read. */
  const fieldNames = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>("main form input, main form select, main form textarea")]
        .filter((field) => field.type !== "hidden")
        .map((field) => {
          const labelledBy = field.getAttribute("aria-labelledby");
          const name =
            labelledBy
              ?.split(/\s+/)
              .map((id) => document.getElementById(id)?.textContent ?? "")
              .join(" ") ||
            field.getAttribute("aria-label") ||
            [...(field.labels ?? [])].map((label) => label.textContent).join(" ");
          return { field: field.name || field.id, name: name.trim() };
        }),
    );

  for (const [path, expected] of [
    ["/contact", ["Name", "Email", "Subject", "Message"]],
    ["/", ["Email address"]],
    ["/login", ["Username", "Password"]],
  ] as const) {
    it(`every field on ${path} has a label`, async () => {
      await gotoHydrated(t.page, path);
      const fields = await fieldNames(t.page);
      expect(fields.map((f) => f.name)).toEqual(expected);
    });
  }

  it("contact: a field the server refuses is marked invalid and its message is in a live region that was already there", async () => {
    await gotoHydrated(t.page, "/contact");
    const region = t.page.locator("#name-error");
    expect(await region.getAttribute("aria-live")).toBe("polite");
    expect(await region.textContent()).toBe("");
    // Blanks pass the browser's `required` check; the server refuses them.
    await t.page.getByLabel("Name", { exact: true }).fill("   ");
    await t.page.getByLabel("Email", { exact: true }).fill("reader@example.com");
    await t.page.getByLabel("Subject", { exact: true }).selectOption("feedback");
    await t.page.getByLabel("Message", { exact: true }).fill("Testing the error announcement.");
    await t.page.getByRole("button", { name: "Send Message" }).click();
    await t.page.waitForFunction(() => (document.getElementById("name-error")?.textContent ?? "").length > 0);
    expect(await region.textContent()).toMatch(/name/i);
    const name = t.page.getByLabel("Name", { exact: true });
    expect(await name.getAttribute("aria-invalid")).toBe("true");
    expect(await name.getAttribute("aria-describedby")).toBe("name-error");
  });

  it("login: a refused sign-in is announced as an alert", async () => {
    await gotoHydrated(t.page, "/login");
    // Blanks again: refused by the server without counting as a failed attempt.
    await t.page.getByLabel("Username").fill("   ");
    await t.page.getByLabel("Password").fill("   ");
    await t.page.getByRole("button", { name: "Login" }).click();
    const alert = t.page.locator("main").getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Please enter your username and password.");
    expect(new URL(t.page.url()).pathname).toBe("/login");
  });
});

describe("prefers-reduced-motion", () => {
  /** Shows the articles skeleton (a client navigation held back) and reads its pulse animation. */
  async function skeletonAnimation(page: Page) {
    await gotoHydrated(page, "/about");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/articles.data*", async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Articles" }).click();
    await page.getByTestId("skeleton").waitFor();
    const animation = await page.evaluate(() => {
      const style = getComputedStyle(document.querySelector(".animate-pulse")!);
      return {
        name: style.animationName,
        seconds: parseFloat(style.animationDuration) * (style.animationDuration.endsWith("ms") ? 0.001 : 1),
        iterations: style.animationIterationCount,
      };
    });
    release();
    await page.locator('[data-testid="article-list"]').waitFor();
    return animation;
  }

  it("the skeleton pulses normally, and not at all when the visitor asks for less motion", async () => {
    const normal = await skeletonAnimation(t.page);
    expect(normal.name).toBe("pulse");
    expect(normal.seconds).toBeGreaterThanOrEqual(1);
    expect(normal.iterations).toBe("infinite");

    await t.page.emulateMedia({ reducedMotion: "reduce" });
    const reduced = await skeletonAnimation(t.page);
    expect(reduced.seconds).toBeLessThan(0.001);
    expect(reduced.iterations).toBe("1");
  });
});

/**
 * The visual defects of issue 16, each checked where it was seen (see docs/seo-and-accessibility.md, "Layout checks",
 * for the checks that run over every public page).
 */
import type { Page } from "playwright-core";
import { assert, describe, expect, it } from "vitest";
import { gotoHydrated, openPagePerTest } from "./browser";

const setTheme = (page: Page, theme: "light" | "dark") =>
  page.context().addInitScript((value) => localStorage.setItem("vite-ui-theme", value), theme);

/** Relative luminance (WCAG) of a computed `rgb(…)` colour. */
function luminance(color: string) {
  const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const c = Number(part) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  if (r === undefined || g === undefined || b === undefined) throw new Error(`not an rgb() colour: ${color}`);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

describe("on a phone", () => {
  const t = openPagePerTest({ viewport: { width: 390, height: 844 } });

  it("the newsletter email field is a full-height field (44 px), not squeezed to its text, on home and about", async () => {
    for (const path of ["/", "/about"]) {
      await gotoHydrated(t.page, path);
      const box = await t.page.locator("#newsletter-email").boundingBox();
      expect(box!.height, path).toBeGreaterThanOrEqual(44);
      expect(box!.width, path).toBeGreaterThan(300);
    }
  });

  it("the resource library stays scannable: compact cards, a page well under the old 10,800 px", async () => {
    await gotoHydrated(t.page, "/resources");
    await t.page.getByTestId("resource-list").waitFor();
    expect(await t.page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(7500);
    // Every card names its kind with an icon as well as the badge.
    const cards = t.page.getByTestId("resource-list").locator(":scope > *");
    expect(await cards.count()).toBeGreaterThan(10);
    expect(await cards.locator("svg").count()).toBeGreaterThanOrEqual(await cards.count());
  });
});

describe("pages at 1280 px", () => {
  const t = openPagePerTest();

  it("the newsletter band meets the footer with no strip of page background between them", async () => {
    for (const path of ["/", "/about"]) {
      await gotoHydrated(t.page, path);
      const gap = await t.page.evaluate(() => {
        const band = document.querySelector('section[aria-labelledby="newsletter-heading"]')!.getBoundingClientRect();
        const footer = document.querySelector("footer")!.getBoundingClientRect();
        return footer.top - band.bottom;
      });
      expect(Math.abs(gap), path).toBeLessThan(1);
    }
  });

  it("about: the mission shares its row with an illustration, and contributors have illustrated portraits, not initials", async () => {
    await gotoHydrated(t.page, "/about");
    const mission = t.page.getByTestId("mission");
    const row = (await mission.boundingBox())!;
    const image = (await mission.locator("img").boundingBox())!;
    expect(image.x).toBeGreaterThan(row.x + row.width / 2); // the right half is used
    const portraits = t.page.locator("#contributors").getByTestId("contributor-portrait");
    expect(await portraits.count()).toBe(3);
    for (const portrait of await portraits.all()) {
      expect(await portrait.getAttribute("src")).toMatch(/^\/images\/contributors\/[a-z-]+\.svg$/);
      expect(await portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    expect(
      await t.page
        .locator("#contributors")
        .getByText(/^(EM|SO|PR)$/)
        .count(),
    ).toBe(0);
  });

  it("course cards cut descriptions at a word boundary, within 120 characters, with an ellipsis", async () => {
    await gotoHydrated(t.page, "/courses");
    const texts = await t.page.getByTestId("course-list").locator("p.text-muted-foreground").allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text.length).toBeLessThanOrEqual(120);
      expect(text).not.toMatch(/\.\.\.$/);
      if (text.endsWith("…")) expect(text).toMatch(/[A-Za-z]…$/);
    }
    expect(texts.some((text) => text.endsWith("…"))).toBe(true);
  });

  it("the course page lists lessons once (in the module panel) and words a small enrolment count well", async () => {
    await gotoHydrated(t.page, "/courses/3");
    const modules = t.page.locator('section[aria-labelledby="modules-heading"]');
    expect(await modules.getByText(/assessments?/).count()).toBe(0);
    expect(await modules.locator("ul ul").count()).toBe(0);
    const count = t.page.getByTestId("enrolled-count");
    const n = Number(await count.getAttribute("data-count"));
    const text = (await count.textContent())?.trim();
    if (n === 0) expect(text).toBe("Be among the first to enrol");
    else expect(text).toBe(n === 1 ? "1 student enrolled" : `${n} students enrolled`);
    expect(text).not.toMatch(/^0 /);
  });

  it("a two-image gallery has images of equal height, so the captions line up", async () => {
    // The rest essay's two-image gallery (seeded as masonry, which used to give its images different heights).
    await gotoHydrated(t.page, "/articles/10");
    const figures = t.page.locator("[data-gallery] figure");
    expect(await figures.count()).toBe(2);
    await figures.first().scrollIntoViewIfNeeded();
    const [a, b] = await figures.evaluateAll((all) =>
      all.map((figure) => ({
        image: figure.querySelector("img")!.getBoundingClientRect().toJSON(),
        caption: figure.querySelector("figcaption")!.getBoundingClientRect().top,
      })),
    );
    assert(a && b, "two figures");
    expect(a.image.top).toBeCloseTo(b.image.top, 0);
    expect(a.image.height).toBeCloseTo(b.image.height, 0);
    expect(a.caption).toBeCloseTo(b.caption, 0);
    expect(a.image.left).not.toBeCloseTo(b.image.left, 0); // side by side
  });

  /** Subscribes `email` from the home page: the success toast's computed background and text colours. */
  async function successToastColours(email: string) {
    await gotoHydrated(t.page, "/");
    await t.page.locator("#newsletter-email").fill(email);
    await t.page.getByRole("button", { name: "Subscribe" }).click();
    const toast = t.page.locator('[data-sonner-toast][data-type="success"]');
    await toast.waitFor();
    return toast.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, color: style.color };
    });
  }

  it("in the dark theme a success toast is dark, in the site's palette, not the light theme's pale green", async () => {
    await setTheme(t.page, "dark");
    const { background, color } = await successToastColours("dark-toast@example.com");
    expect(luminance(background)).toBeLessThan(0.05);
    expect(luminance(color)).toBeGreaterThan(0.4);
  });

  it("in the light theme a success toast's text keeps AA contrast (4.5:1) on its pale green", async () => {
    await setTheme(t.page, "light");
    const { background, color } = await successToastColours("light-toast@example.com");
    const [lighter, darker] = [luminance(background), luminance(color)].sort((x, y) => y - x) as [number, number];
    expect((lighter + 0.05) / (darker + 0.05)).toBeGreaterThanOrEqual(4.5);
  });

  it("the 404 page helps the visitor (home, the lists) and shows no developer text", async () => {
    const response = await gotoHydrated(t.page, "/no-such-page");
    expect(response?.status()).toBe(404);
    await t.page.getByRole("heading", { name: "404 Page Not Found", level: 1 }).waitFor();
    const text = await t.page.locator("main").textContent();
    expect(text).not.toContain("app/routes.ts");
    expect(text).not.toContain("No route matches");
    expect(await t.page.getByTestId("dev-hint").count()).toBe(0);
    const main = t.page.locator("main");
    for (const href of ["/", "/articles", "/practices", "/courses", "/resources"]) {
      expect(await main.locator(`a[href="${href}"]`).count(), href).toBeGreaterThan(0);
    }
  });

  it("the footer's Philosophy link opens the articles list filtered to that real category", async () => {
    await gotoHydrated(t.page, "/");
    await t.page.locator("footer").getByRole("link", { name: "Philosophy", exact: true }).click();
    await t.page.waitForURL(/\/articles\?category=Philosophy$/);
    const group = t.page.getByRole("group", { name: "Filter by category" });
    await expect.poll(() => group.getByRole("button", { name: "Philosophy" }).getAttribute("aria-pressed")).toBe("true");
    expect(await group.getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("false");
    await t.page.getByTestId("article-list").waitFor();
    const badges = await t.page
      .getByTestId("article-list")
      .locator("article, > *")
      .evaluateAll((cards) => cards.length);
    expect(badges).toBeGreaterThan(0);
    const categories = await t.page
      .getByTestId("article-list")
      .getByText(/^(Philosophy|Mindfulness|Psychology|Spirituality|Wellness)$/)
      .allTextContents();
    expect(new Set(categories)).toEqual(new Set(["Philosophy"]));
  });

  it("social links are settings: none is shown while unset (and never a generic home page)", async () => {
    await gotoHydrated(t.page, "/");
    const footer = t.page.locator("footer");
    for (const name of ["Instagram", "YouTube", "LinkedIn"]) {
      expect(await footer.getByRole("link", { name }).count(), name).toBe(0);
    }
    expect(await footer.locator('a[href="https://www.instagram.com/"], a[href="https://www.youtube.com/"]').count()).toBe(0);
  });

  it("the search box's clear button is drawn in the palette, not the browser's blue", async () => {
    for (const theme of ["light", "dark"] as const) {
      await setTheme(t.page, theme);
      await gotoHydrated(t.page, "/articles");
      const field = t.page.locator("#list-search");
      await field.fill("stoic");
      const box = (await field.boundingBox())!;
      // The clear button sits at the field's right end: look at its pixels.
      const shot = await t.page.screenshot({ clip: { x: box.x + box.width - 36, y: box.y + 4, width: 32, height: box.height - 8 } });
      const bluish = await t.page.evaluate(async (png) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext("2d")!;
        context.drawImage(image, 0, 0);
        const { data } = context.getImageData(0, 0, image.width, image.height);
        let count = 0;
        for (let i = 0; i < data.length; i += 4) if ((data[i + 2] ?? 0) - Math.max(data[i] ?? 0, data[i + 1] ?? 0) > 60) count++;
        return count;
      }, shot.toString("base64"));
      expect(bluish, theme).toBe(0);
      await t.context.clearCookies();
    }
  });

  it("Recommended Reading keeps its category filter in the URL, and a shared filtered link opens filtered", async () => {
    await gotoHydrated(t.page, "/recommended-reading");
    const group = t.page.getByRole("group", { name: "Filter by category" });
    const all = await t.page.getByTestId("book-list").locator(":scope > *").count();
    const category = (await group.getByRole("button").nth(1).textContent())!.trim();
    await group.getByRole("button", { name: category }).click();
    await t.page.waitForURL((url) => url.searchParams.get("category") === category);
    const filtered = await t.page.getByTestId("book-list").locator(":scope > *").count();
    expect(filtered).toBeLessThan(all);

    await t.page.reload();
    await t.page.waitForSelector("html[data-hydrated]");
    expect(await group.getByRole("button", { name: category }).getAttribute("aria-pressed")).toBe("true");
    expect(await t.page.getByTestId("book-list").locator(":scope > *").count()).toBe(filtered);
    await group.getByRole("button", { name: "All" }).click();
    await t.page.waitForURL((url) => !url.searchParams.has("category"));
  });

  it("bylines read naturally: no 'by Traditionally attributed to…'", async () => {
    await gotoHydrated(t.page, "/resources");
    await t.page.getByTestId("resource-list").waitFor();
    const text = await t.page.getByTestId("resource-list").textContent();
    expect(text).toContain("Traditionally attributed to the Buddha");
    expect(text).not.toMatch(/by (Traditionally|Adapted)/);
    expect(text).not.toContain("Mind (mental health charity, UK)");
  });
});

/** Issue 16, "Make it beautiful": the identity's tokens, imagery and motion, read from computed styles (docs/design.md). */
describe("the visual identity", () => {
  const t = openPagePerTest();
  const px = (value: string) => Number.parseFloat(value);

  it("the type scale: an article's h1 is the fluid display step at 390 and 1280 px, over an 18 px reading body at 60-75ch", async () => {
    // A major third (x1.25) from 16 px: text-5xl is 16 x 1.25^5 = 48.8 px on a wide screen; text-4xl clamps to 32 px on a phone.
    for (const [width, expected] of [
      [1280, 48.83],
      [390, 32.08],
    ] as const) {
      await t.page.setViewportSize({ width, height: 900 });
      await gotoHydrated(t.page, "/articles/1");
      const sizes = await t.page.evaluate(() => {
        const h1 = getComputedStyle(document.querySelector("h1")!);
        const body = document.querySelector(".article-body")!;
        const paragraph = body.querySelector("p")!;
        paragraph.insertAdjacentHTML("beforeend", `<span id="ch-probe" style="white-space: nowrap">${"0".repeat(100)}</span>`);
        const ch = paragraph.querySelector("#ch-probe")!;
        const measure = paragraph.getBoundingClientRect().width / (ch.getBoundingClientRect().width / 100);
        ch.remove();
        return { h1: h1.fontSize, lineHeight: h1.lineHeight, body: getComputedStyle(paragraph).fontSize, measure };
      });
      expect(px(sizes.h1), `h1 at ${width}`).toBeCloseTo(expected, 0);
      expect(px(sizes.lineHeight) / px(sizes.h1), `h1 leading at ${width}`).toBeLessThanOrEqual(1.26);
      expect(px(sizes.body)).toBe(18);
      if (width === 1280) {
        expect(sizes.measure).toBeGreaterThanOrEqual(60);
        expect(sizes.measure).toBeLessThanOrEqual(75);
      }
    }
  });

  it("buttons have presence: the primary filled, semibold, a pill at least 44 px tall; the secondary a quiet tonal fill, no outline", async () => {
    for (const theme of ["light", "dark"] as const) {
      await setTheme(t.page, theme);
      await gotoHydrated(t.page, "/");
      const hero = t.page.locator("section").first();
      const read = (name: string) =>
        hero.getByRole("link", { name }).evaluate((element) => {
          const style = getComputedStyle(element);
          return {
            height: element.getBoundingClientRect().height,
            background: style.backgroundColor,
            border: style.borderTopWidth,
            weight: Number(style.fontWeight),
            radius: style.borderTopLeftRadius,
            shadow: style.boxShadow,
          };
        });
      const primary = await read("Explore Articles");
      expect(primary.height, theme).toBeGreaterThanOrEqual(48);
      expect(primary.background, theme).not.toMatch(/^rgba\(0, 0, 0, 0\)$|transparent/);
      expect(primary.weight, theme).toBeGreaterThanOrEqual(600);
      expect(px(primary.radius), theme).toBeGreaterThanOrEqual(primary.height / 2 - 1);
      expect(primary.shadow, theme).not.toBe("none");
      const secondary = await read("Start a Practice");
      expect(secondary.height, theme).toBeGreaterThanOrEqual(44);
      expect(secondary.border, theme).toBe("0px");
      expect(secondary.background, theme).not.toBe(primary.background);
      // Every button of the page's other sections is at least 44 px tall too.
      for (const box of await t.page.locator("main .btn").evaluateAll((all) => all.map((e) => e.getBoundingClientRect().height))) {
        expect(box, theme).toBeGreaterThanOrEqual(44);
      }
      await t.context.clearCookies();
    }
  });

  it("cards are told apart by tone and a soft shadow, not a 1 px border", async () => {
    await gotoHydrated(t.page, "/articles");
    const card = t.page.getByTestId("article-list").locator(":scope > *").first();
    await card.waitFor();
    const style = await card.evaluate((element) => {
      const surface = element.matches(".shadow-card") ? element : element.querySelector(".shadow-card")!;
      const computed = getComputedStyle(surface ?? element);
      return { border: computed.borderTopWidth, shadow: computed.boxShadow };
    });
    expect(style.border).toBe("0px");
    expect(style.shadow).not.toBe("none");
  });

  it("motion: a card lifts and a button sinks, gently; with reduced motion nothing moves", async () => {
    const readCard = async () => {
      await gotoHydrated(t.page, "/courses");
      const card = t.page.getByTestId("course-list").locator(":scope > *").first();
      await card.hover();
      // The hover has taken, and its transitions (if any) have run to their end.
      await card.evaluate(async (element) => {
        if (!element.matches(":hover")) await new Promise((resolve) => element.addEventListener("mouseover", resolve, { once: true }));
        const transitions = element.getAnimations({ subtree: true }).filter((animation) => animation instanceof CSSTransition);
        await Promise.all(transitions.map((animation) => animation.finished));
      });
      expect(await card.evaluate((element) => element.matches(":hover"))).toBe(true);
      return card.evaluate((element) => {
        const style = getComputedStyle(element);
        const button = getComputedStyle(document.querySelector("main a.btn")!);
        return {
          transform: style.transform,
          durations: style.transitionDuration.split(",").map((d) => Number.parseFloat(d)),
          property: style.transitionProperty,
          buttonDurations: button.transitionDuration.split(",").map((d) => Number.parseFloat(d)),
        };
      });
    };
    const moving = await readCard();
    expect(moving.property).toContain("transform");
    expect(Math.max(...moving.durations)).toBeGreaterThanOrEqual(0.15);
    expect(moving.transform).toMatch(/^matrix\(1, 0, 0, 1, 0, -\d/); // lifted
    expect(Math.max(...moving.buttonDurations)).toBeGreaterThanOrEqual(0.1);

    await t.page.emulateMedia({ reducedMotion: "reduce" });
    const still = await readCard();
    expect(still.transform).toBe("none");
    expect(Math.max(...still.durations)).toBeLessThan(0.001);
    expect(Math.max(...still.buttonDurations)).toBeLessThan(0.001);
    expect(
      await t.page.evaluate(
        () => document.getAnimations().filter((animation) => (animation.effect?.getTiming().duration as number) > 1).length,
      ),
    ).toBe(0);
  });

  it("the home hero's veil is a tonal green from the palette, not grey, and white text on it keeps AA contrast in both themes", async () => {
    for (const theme of ["light", "dark"] as const) {
      await setTheme(t.page, theme);
      await gotoHydrated(t.page, "/");
      const veil = t.page.getByTestId("hero-veil");
      const colours = (await veil.evaluate((element) => getComputedStyle(element).backgroundImage)).match(/rgba?\([^)]+\)/g) ?? [];
      expect(colours.length, theme).toBeGreaterThan(1);
      for (const colour of colours) {
        const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
        assert(r !== undefined && g !== undefined && b !== undefined, `${colour} has red, green and blue`);
        if (a === 0) continue;
        expect(g - r, `${theme} ${colour} is tinted green, not grey`).toBeGreaterThanOrEqual(8);
        expect(g, colour).toBeGreaterThanOrEqual(b);
      }
      // The lightest pixel behind the lede, with the text hidden, against white text.
      const lede = t.page.locator("section").first().locator("p").first();
      await lede.evaluate((element) => {
        (element as HTMLElement).style.color = "transparent";
      });
      const shot = await lede.screenshot();
      const lightest = await t.page.evaluate(async (png) => {
        const image = new Image();
        image.src = `data:image/png;base64,${png}`;
        await image.decode();
        const canvas = Object.assign(document.createElement("canvas"), { width: image.width, height: image.height });
        const context = canvas.getContext("2d")!;
        context.drawImage(image, 0, 0);
        const { data } = context.getImageData(0, 0, image.width, image.height);
        const linear = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
        let max = 0;
        for (let i = 0; i < data.length; i += 4) {
          max = Math.max(max, 0.2126 * linear(data[i] ?? 0) + 0.7152 * linear(data[i + 1] ?? 0) + 0.0722 * linear(data[i + 2] ?? 0));
        }
        return max;
      }, shot.toString("base64"));
      expect(1.05 / (lightest + 0.05), `${theme}: white on the veil`).toBeGreaterThanOrEqual(4.5);
      await t.context.clearCookies();
    }
  });

  it("section art: the home page's sections open with their illustration, decorative and loaded", async () => {
    await gotoHydrated(t.page, "/");
    const art = t.page.locator('main img[src^="/images/sections/"]');
    await art.first().waitFor();
    expect(await art.count()).toBe(3);
    for (const image of await art.all()) {
      await image.scrollIntoViewIfNeeded();
      expect(await image.getAttribute("alt")).toBe("");
      expect(await image.getAttribute("src")).toMatch(/^\/images\/sections\/[a-z]+\.svg$/);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
  });
});

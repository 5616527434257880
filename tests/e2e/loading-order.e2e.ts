/**
 * What a first visit downloads, and when (app/entry.server.tsx `hydrateAfterLoad`, the practice player's
 * preload, app/fonts.css): what paints the page comes first, the scripts and the recording after load.
 */
import { describe, expect, it } from "vitest";
import { baseURL, gotoHydrated, openPagePerTest } from "./browser";

const t = openPagePerTest({ viewport: { width: 412, height: 823 } });

/**
 * Opens `path` and records, in order, each request the page made and the moment its load event fired
 * (Playwright's events, which see every request, media included).
 */
async function visit(path: string) {
  const events: string[] = [];
  t.page.on("request", (request) => events.push(new URL(request.url()).pathname));
  t.page.on("load", () => events.push("load"));
  await gotoHydrated(t.page, path);
  const requestedAfterLoad = () => events.slice(events.indexOf("load") + 1);
  return { events, requestedBeforeLoad: () => events.slice(0, events.indexOf("load")), requestedAfterLoad };
}

describe("loading order on a first visit", () => {
  it("the HTML has no modulepreload links or module script; the scripts start after load, and the page hydrates", async () => {
    const html = await (await fetch(`${baseURL}/articles/1`)).text();
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);

    const page = await visit("/articles/1");
    const isScript = (path: string) => path.startsWith("/assets/") && path.endsWith(".js");
    expect(page.requestedBeforeLoad().filter(isScript)).toEqual([]);
    expect(page.requestedAfterLoad().filter(isScript).length).toBeGreaterThan(3);
    // The stylesheet, the font and the hero image came before.
    expect(page.requestedBeforeLoad()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/root-.*\.css$/),
        "/fonts/examined-serif-basic.woff2",
        expect.stringMatching(/^\/images\/articles\//),
      ]),
    );
  });

  it("the practice page fetches its recording only after load", async () => {
    const page = await visit("/practices/1");
    // After hydration the player reads the recording's length: its first request comes after load.
    await expect.poll(() => page.requestedAfterLoad().some((path) => path.startsWith("/audio/"))).toBe(true);
    expect(page.requestedBeforeLoad().filter((path) => path.startsWith("/audio/"))).toEqual([]);
  });

  it("the player's enhancements (keys, Media Session, saving the position) load only when the visitor reaches for the player", async () => {
    const page = await visit("/practices/1");
    const isController = (path: string) => /\/assets\/practice-player-controller-[\w-]+\.js$/.test(path);
    await expect.poll(() => page.requestedAfterLoad().some((path) => path.startsWith("/audio/"))).toBe(true);
    expect(page.events.filter(isController)).toEqual([]);
    await t.page.getByRole("button", { name: "Play" }).focus();
    await expect.poll(() => page.events.filter(isController).length).toBe(1);
  });

  it("the one web font is Lora (the interface uses the system's sans-serif)", async () => {
    const page = await visit("/");
    expect(page.events.filter((path) => path.startsWith("/fonts/"))).toEqual(["/fonts/examined-serif-basic.woff2"]);
    expect(await t.page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/Inter/);
  });

  it("the preloaded font file fits in two round trips of a new connection (at most 26 KB), and is the one the page uses", async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const preloads = [...html.matchAll(/<link[^>]*rel="preload"[^>]*as="font"[^>]*>/g)].map((link) => /href="([^"]+)"/.exec(link[0])?.[1]);
    expect(preloads).toEqual(["/fonts/examined-serif-basic.woff2"]);
    const font = await (await fetch(`${baseURL}${preloads[0]}`)).arrayBuffer();
    expect(font.byteLength).toBeLessThanOrEqual(26 * 1024);
  });

  it("accented letters are still set in the serif: its latin-1 half is fetched only when the text has one", async () => {
    const page = await visit("/articles/1");
    expect(page.events.filter((path) => path.startsWith("/fonts/"))).toEqual(["/fonts/examined-serif-basic.woff2"]);
    const accented = await t.page.evaluate(async () => {
      const heading = document.querySelector("h1") as HTMLElement;
      heading.textContent = "Søren Kierkegaard’s café";
      await document.fonts.ready;
      const family = getComputedStyle(heading).fontFamily;
      return { family, inSerif: document.fonts.check(`16px ${family.split(",")[0]}`, "øé") };
    });
    expect(accented.family).toMatch(/^"Examined Serif"/);
    expect(accented.inSerif).toBe(true);
    expect(page.events.filter((path) => path.startsWith("/fonts/"))).toEqual([
      "/fonts/examined-serif-basic.woff2",
      "/fonts/examined-serif-latin1.woff2",
    ]);
  });
});

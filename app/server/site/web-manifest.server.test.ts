/** The web app manifest (/manifest.webmanifest) and the service worker's headers (public/_headers). */
import { describe, expect, it } from "vitest";
import { routeArgs } from "../../../tests/support/db";
import { loader as manifestLoader } from "../../routes/web-manifest";
import { BACKGROUND_COLOR, THEME_COLOR } from "~/lib/theme";
import { webManifest } from "./web-manifest.server";

const HEADERS_FILE =
  Object.values(import.meta.glob<string>("/public/_header*", { query: "?raw", import: "default", eager: true }))[0] ?? "";
const PUBLIC_FILES = import.meta.glob("/public/**/*.{svg,png}");

describe("the web app manifest", () => {
  it("is served as a manifest, named after the site, installable standalone from /", async () => {
    const response = (await manifestLoader(routeArgs("/manifest.webmanifest"))) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/manifest+json; charset=utf-8");
    const manifest = await response.json<ReturnType<typeof webManifest>>();
    expect(manifest).toMatchObject({ name: "The Examined Life", start_url: "/", scope: "/", display: "standalone" });
    expect(manifest.theme_color).toBe(THEME_COLOR);
    expect(manifest.background_color).toBe(BACKGROUND_COLOR);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  });

  it("names icons that exist, including the 192 and 512 pixel bitmaps installers ask for", () => {
    const icons = webManifest("Site").icons;
    for (const icon of icons) expect(Object.keys(PUBLIC_FILES), icon.src).toContain(`/public${icon.src}`);
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  });
});

describe("the service worker's file", () => {
  it("is revalidated on every check (Cache-Control: no-cache), so a new build's worker is found at once", () => {
    const rule = HEADERS_FILE.split(/\n(?=\S)/).find((block) => block.startsWith("/sw.js\n"));
    expect(rule).toContain("Cache-Control: no-cache");
  });
});

/**
 * The web app manifest (/manifest.webmanifest): what a phone needs to install the site as an app. The name is the
 * site's (as set in /admin/settings); the colours are the site's primary green and light background; the icons are
 * the favicon's drawing (public/favicon.svg, and PNG copies in public/icons for systems that want bitmaps).
 */
import { BACKGROUND_COLOR, THEME_COLOR } from "~/lib/theme";

export function webManifest(siteName: string) {
  return {
    name: siteName,
    short_name:
      siteName.length <= 12
        ? siteName
        : siteName
            .replace(/^The\s+/i, "")
            .slice(0, 12)
            .trim(),
    description: "Essays, guided practices and courses. Saved practices play without a network.",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
    ],
    shortcuts: [{ name: "Saved practices", url: "/saved" }],
  };
}

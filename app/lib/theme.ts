/** The storage key and default for the light/dark theme. */
export const THEME_STORAGE_KEY = "vite-ui-theme";
export type Theme = "light" | "dark";

/**
 * Runs inline in <head> before the body paints, so a reload never flashes the wrong theme.
 * Kept tiny and self-contained: it is serialised into the HTML as is.
 */
export const themeBootScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)});if(t==="dark"){document.documentElement.classList.add("dark")}}catch(e){}})();`;

export function readTheme(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be blocked (private mode); the class still applies for this page.
  }
}

/** The browser's and the installed app's colours (theme-color, app/server/site/web-manifest.server.ts): the primary green, the light background. */
export const THEME_COLOR = "#2f5d50";
export const BACKGROUND_COLOR = "#fbf9f5";

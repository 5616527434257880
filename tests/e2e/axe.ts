/** The one axe-core check every browser test uses: the same rules everywhere, failures that say what to fix and where. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect } from "vitest";

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** What every page is held to: WCAG A and AA and axe's best practices (colour contrast included). */
export const AXE_TAGS = [...WCAG_TAGS, "best-practice"];

/** Every violation on the page as it is now, as "rule (impact): help, at selector [what fails]". */
export async function axeViolations(page: Page, tags: readonly string[] = AXE_TAGS): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags([...tags]).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const fails = node.failureSummary ? ` [${node.failureSummary.replace(/\s+/g, " ")}]` : "";
      return `${violation.id} (${violation.impact}): ${violation.help}, at ${node.target.join(" ")}${fails}`;
    }),
  );
}

export type AxeCheck = {
  /**
   * Reload the page with each theme stored and check each, as a visitor's next page would load: toggling the class in
   * place lets the colour transitions run while axe measures contrast.
   */
  reloadInThemes?: readonly Theme[];
  /** The theme the page must be showing (the test stored it before loading the page). */
  theme?: Theme;
  /** Rules other than AXE_TAGS. */
  tags?: readonly string[];
  /** Where, for the failure message (a path, a state). */
  label?: string;
};

/** Expects axe to find no violation on the page (in each theme of `reloadInThemes`, or as it is). */
export async function expectAxeClean(page: Page, check: AxeCheck = {}) {
  const { reloadInThemes, ...rest } = check;
  if (reloadInThemes) {
    for (const theme of reloadInThemes) {
      await page.evaluate((value) => window.localStorage.setItem("vite-ui-theme", value), theme);
      await page.reload();
      await page.waitForSelector("html[data-hydrated]");
      await expectAxeClean(page, { ...rest, theme });
    }
    return;
  }
  const where = [check.label, check.theme && `${check.theme} theme`].filter(Boolean).join(", ") || "axe";
  if (check.theme) {
    const dark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    expect(dark, `${where}: the page shows the theme`).toBe(check.theme === "dark");
  }
  expect(await axeViolations(page, check.tags), where).toEqual([]);
}

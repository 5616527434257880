/**
 * Every public page in both themes at a phone (390 px), a tablet (768 px) and a desktop (1280 px) width: no horizontal
 * overflow, text fields at least 40 px tall, tap targets at least 44×44 px, no overlapping controls (tests/e2e/layout-checks.ts
 * says exactly which elements count), and axe clean at the narrow widths (a11y.e2e.ts runs axe at 1280 px).
 */
import { describe, expect, it } from "vitest";
import { axeViolations, THEMES } from "./axe";
import { gotoHydrated, openPagePerTest } from "./browser";
import { layoutProblems } from "./layout-checks";

const PUBLIC_PAGES = [
  "/",
  "/articles",
  "/articles/1",
  "/practices",
  "/practices/1",
  "/courses",
  "/courses/1",
  "/resources",
  "/resources/1",
  "/recommended-reading",
  "/about",
  "/contact",
  "/legal/privacy",
  "/learn",
  "/saved",
  "/offline",
  "/no/such/page",
];
const WIDTHS = [390, 768, 1280] as const;

for (const width of WIDTHS) {
  for (const theme of THEMES) {
    describe(`${width} px, ${theme} theme`, () => {
      const t = openPagePerTest({ viewport: { width, height: 900 } });

      it("every public page: no overflow, fields ≥ 40 px, tap targets ≥ 44×44 px, no overlaps" +
        (width < 1280 ? ", axe clean" : ""), async () => {
        await t.context.addInitScript((value) => localStorage.setItem("vite-ui-theme", value), theme);
        const problems: string[] = [];
        for (const path of PUBLIC_PAGES) {
          await gotoHydrated(t.page, path);
          // Streamed lists and late images settle before measuring.
          await t.page.waitForLoadState("networkidle");
          problems.push(...(await layoutProblems(t.page)).map((problem) => `${path}: ${problem}`));
          if (width < 1280) {
            problems.push(...(await axeViolations(t.page)).map((violation) => `${path}: axe ${violation}`));
          }
        }
        expect(problems).toEqual([]);
      }, 120_000);

      if (width < 1024) {
        it("the mobile menu, open, passes the same checks", async () => {
          await t.context.addInitScript((value) => localStorage.setItem("vite-ui-theme", value), theme);
          await gotoHydrated(t.page, "/");
          await t.page.getByRole("button", { name: "Open menu" }).click();
          await t.page.locator("#mobile-menu").waitFor();
          expect(await layoutProblems(t.page)).toEqual([]);
        });
      }
    });
  }
}

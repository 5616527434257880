/**
 * axe-core on every public route and the admin screens, in the light and the dark theme: zero
 * violations of WCAG 2.0/2.1 A and AA and axe's best practices (colour contrast included).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAxeClean, THEMES, type Theme } from "./axe";
import { gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { selectColumn } from "./server-db";

const t = openPagePerTest();

/** Each path, and what to wait for before checking (pages that finish rendering after hydration). */
const PUBLIC_ROUTES: [path: string, ready?: (page: Page) => Promise<unknown>][] = [
  ["/"],
  ["/articles"],
  ["/articles/1"],
  ["/practices"],
  ["/practices/1"],
  ["/resources"],
  ["/resources/1"],
  ["/recommended-reading"],
  ["/about"],
  ["/authors/1"],
  ["/contact"],
  ["/legal/privacy"],
  ["/courses"],
  ["/courses/1"],
  ["/courses/1/enroll", (page) => page.getByRole("button", { name: "Continue to payment" }).waitFor()],
  ["/courses/1/learn/1", (page) => page.getByRole("heading", { level: 1, name: "Who Were the Stoics?" }).waitFor()],
  ["/learn", (page) => page.getByRole("button", { name: "Get my access link" }).waitFor()],
  ["/courses/payment-success", (page) => page.getByRole("heading", { name: "Payment Error" }).waitFor()],
  ["/no/such/page", (page) => page.getByRole("heading", { name: "404 Page Not Found" }).waitFor()],
  ["/login"],
  ["/search?q=stoic"],
  ["/search?q=xylophonist"],
];

const ADMIN_SCREENS = [
  "/admin",
  "/admin/articles",
  "/admin/articles/new",
  "/admin/articles/1",
  "/admin/authors",
  "/admin/authors/1",
  "/admin/practices",
  "/admin/resources",
  "/admin/messages",
  "/admin/subscribers",
  "/admin/newsletter",
  "/admin/newsletter/new",
  "/admin/orders",
  "/admin/analytics",
  "/admin/courses/1",
  "/admin/orders?status=refunded&from=2020-01-01",
  "/admin/users",
  "/admin/users?q=example",
  "/admin/settings",
  "/admin/accounts",
  "/admin/audit",
  "/admin/media",
];

/** Stores the theme before any page script runs, as a returning visitor's browser would have it. */
async function storeTheme(theme: Theme) {
  await t.context.addInitScript((value) => window.localStorage.setItem("vite-ui-theme", value), theme);
}

for (const theme of THEMES) {
  describe(`axe, ${theme} theme: public routes`, () => {
    for (const [path, ready] of PUBLIC_ROUTES) {
      it(path, async () => {
        await storeTheme(theme);
        await gotoHydrated(t.page, path);
        await ready?.(t.page);
        await expectAxeClean(t.page, { theme, label: path });
      });
    }

    it("the practice player offering to resume, and finished with the next practice", async () => {
      await storeTheme(theme);
      await t.context.addInitScript(() => window.localStorage.setItem("player-position:practice:1", "252"));
      await gotoHydrated(t.page, "/practices/1");
      await t.page.getByRole("button", { name: "Resume from 4:12" }).waitFor();
      await expectAxeClean(t.page, { theme, label: "offering to resume" });
      await t.page.getByRole("button", { name: "Resume from 4:12" }).click();
      await t.page.evaluate(() => {
        const audio = document.querySelector("audio")!;
        audio.currentTime = audio.duration - 1;
      });
      await t.page.getByRole("link", { name: "Returning to the Breath" }).waitFor();
      await expectAxeClean(t.page, { theme, label: "finished, with the next practice" });
    });

    it("the mobile layout with the menu open", async () => {
      await storeTheme(theme);
      await t.page.setViewportSize({ width: 390, height: 844 });
      await gotoHydrated(t.page, "/articles");
      await t.page.getByRole("button", { name: "Open menu" }).click();
      await t.page.locator("#mobile-menu").waitFor();
      await expectAxeClean(t.page, { theme, label: "the mobile menu" });
    });
  });

  describe(`axe, ${theme} theme: admin screens`, () => {
    it(ADMIN_SCREENS.join(", "), async () => {
      await storeTheme(theme);
      await signInAsAdmin(t.page);

      // A subscriber, so the subscriber table and its "Delete on request" confirmation are checked too.
      const [subscriber] = selectColumn(
        `INSERT INTO newsletter_subscribers (email, status, unsubscribe_token)
         VALUES ('a11y-' || lower(hex(randomblob(4))) || '@example.com', 'pending', lower(hex(randomblob(32)))) RETURNING id AS value`,
      );
      for (const path of [...ADMIN_SCREENS, `/admin/subscribers?erase=${subscriber}`]) {
        const response = await gotoHydrated(t.page, path);
        expect(response?.status(), path).toBe(200);
        await expectAxeClean(t.page, { theme, label: path });
      }
    }, 120_000);
  });
}

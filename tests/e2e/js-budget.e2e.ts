/**
 * The JavaScript budgets (docs/performance.md, "JavaScript per page"), checked on the build `npm test` has just made,
 * with the bench's own measure (scripts/bench/js-size.ts): every public page's first visit within 125 KiB gzip, the
 * article editor with its visual editor within 350 KiB. Byte counts are deterministic, so they fail the suite, not only
 * the bench. And no page runs zod's `new Function("")` probe, which a strict CSP reports as a `script-src` violation.
 */
import { describe, expect, it } from "vitest";
import { EDITOR_PAGE_GZIP_BUDGET, KiB, PUBLIC_PAGE_GZIP_BUDGET, measureEditorPageJs, measureJs } from "../../scripts/bench/js-size";
import { gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";

const CLIENT_BUILD = "build/client";

describe("JavaScript per page (the build's manifest)", () => {
  it("measures every public page, the enrol and practice pages among them", () => {
    const { routes } = measureJs(CLIENT_BUILD);
    const paths = routes.map((route) => route.path);
    // The pages issue #37 found over the budget: the measure must still see them.
    expect(paths).toEqual(expect.arrayContaining(["/", "/articles/:id", "/practices/:id", "/courses/:id/enroll"]));
    expect(paths.some((path) => path.startsWith("/admin") && path !== "/admin/invite/:token")).toBe(false);
  });

  it(`every public page's first visit is within ${KiB(PUBLIC_PAGE_GZIP_BUDGET)} gzip, with Stripe and admin code where they belong`, () => {
    const { failures } = measureJs(CLIENT_BUILD);
    expect(failures).toEqual([]);
  });

  it("the check bites: under a lower budget the same pages fail, each named with its size", () => {
    const { routes } = measureJs(CLIENT_BUILD);
    const largest = routes.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
    const { failures } = measureJs(CLIENT_BUILD, { gzipBudget: largest.gzipBytes - 1 });
    expect(failures).toContain(
      `${largest.path} ships ${KiB(largest.gzipBytes)} of JavaScript (gzip) on a first visit; the budget is ${KiB(largest.gzipBytes - 1)}.`,
    );
  });

  it(`the article editor with its visual editor is within ${KiB(EDITOR_PAGE_GZIP_BUDGET)} gzip`, () => {
    const { page, failures } = measureEditorPageJs(CLIENT_BUILD);
    expect(failures).toEqual([]);
    expect(page?.editorChunks.length).toBeGreaterThan(0);
    expect(measureEditorPageJs(CLIENT_BUILD, { gzipBudget: (page?.gzipBytes ?? 0) - 1 }).failures).toHaveLength(1);
  });
});

const t = openPagePerTest();

/** Records the page's `securitypolicyviolation` events from its first script on. */
async function watchViolations() {
  await t.page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

/** The violations seen so far, after the tasks already queued (the events are dispatched in a task of their own). */
async function violations() {
  return t.page.evaluate(async () => {
    await new Promise((resolve) => setTimeout(resolve));
    return (window as unknown as { __cspViolations: string[] }).__cspViolations;
  });
}

describe("no CSP violation from the scripts", () => {
  it("the enrol page (with a coupon applied) hydrates without a CSP violation or a console error", async () => {
    await watchViolations();
    await gotoHydrated(t.page, "/courses/3/enroll?coupon=NOPE");
    await t.page.getByText("This code is not valid.").waitFor();
    expect(await violations()).toEqual([]);
    expect(t.cspViolations).toEqual([]);
    expect(t.pageErrors).toEqual([]);
  });

  it("an admin page that builds zod schemas in the browser reports no CSP violation (zod is jitless)", async () => {
    await watchViolations();
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/coupons");
    // The page's own chunk builds the coupon form's schema when it loads.
    expect(await t.page.evaluate(() => performance.getEntriesByType("resource").some((e) => /\/coupons-[\w-]+\.js$/.test(e.name)))).toBe(
      true,
    );
    expect(await violations()).toEqual([]);
    expect(t.cspViolations).toEqual([]);
  });
});

/**
 * Lighthouse (mobile preset: the default config, simulated slow 4G and 4x CPU slowdown) driving
 * Debian's Chromium, one run per page. Nothing leaves the machine: the pages are on loopback and
 * Chromium's background networking is off.
 */
import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Paint holding keeps showing the previous page until the next one can paint; between Lighthouse's
  // about:blank and the page it held the first commit for one or two seconds in about half the runs
  // (the trace shows the page painted at ~0.2 s, presented at 1.2 or 2.3 s). A visitor arriving from
  // another site never meets it. (This list replaces chrome-launcher's default disabled features.)
  "--disable-features=PaintHolding",
];
/** Discarded runs before the measured ones: a fresh Chromium does start-up work in its first traces. */
const WARM_UP_RUNS = 1;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export type LighthouseResult = {
  name: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Audits that lost points outside performance, so a score below 100 says why. */
  failedAudits: string[];
};

/** Runs each page once; the full reports go to `reportPath(name)` for a closer look. */
export async function runLighthouse(
  baseUrl: string,
  pages: { name: string; path: string }[],
  reportPath: (name: string) => string,
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: "error" });
  const audit = (path: string) =>
    lighthouse(baseUrl + path, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
  try {
    // A fresh Chromium does start-up work during its first page (in the trace): that run is thrown away,
    // and every page is requested once first, so each run measures a warm server and a warm browser.
    for (const page of pages) await (await fetch(baseUrl + page.path)).arrayBuffer();
    for (const page of pages.slice(0, WARM_UP_RUNS)) await audit(page.path);
    const results: LighthouseResult[] = [];
    for (const page of pages) {
      const run = await audit(page.path);
      if (!run) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      writeFileSync(reportPath(page.name), JSON.stringify(run.lhr));
      const { categories, audits } = run.lhr;
      const score = (id: (typeof CATEGORIES)[number]) => Math.round((categories[id]?.score ?? 0) * 100);
      const failedAudits = CATEGORIES.filter((id) => id !== "performance")
        .flatMap((id) => categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      results.push({
        name: page.name,
        path: page.path,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
        cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN).toFixed(3)),
        tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? Number.NaN),
        failedAudits: [...new Set(failedAudits)],
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/** Shared Playwright helpers: one Chromium per test file, a fresh context per test. */
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, afterEach, inject } from "vitest";

export const baseURL = inject("baseURL");
/** The admin account the test server was started with (see global-setup.ts). */
export const e2eAdmin = inject("admin");

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--autoplay-policy=no-user-gesture-required",
];

export type BrowserTestContext = {
  page: Page;
  context: BrowserContext;
  /** Errors the page logged (console.error, uncaught exceptions): tests assert it stays empty. */
  pageErrors: string[];
  /** Content-Security-Policy violations: any one fails the test (checked after each test). */
  cspViolations: string[];
};

/**
 * Registers hooks that give every test a new page. `viewport` defaults to a desktop size;
 * `javaScriptEnabled: false` browses as a visitor without JavaScript.
 */
export function openPagePerTest(
  options: {
    viewport?: { width: number; height: number };
    javaScriptEnabled?: boolean;
    /**
     * The site's service worker (docs/offline.md) is blocked unless a test allows it: requests a worker answers
     * never reach page.route(), which several suites use to fake failures. tests/e2e/offline.e2e.ts allows it.
     */
    serviceWorkers?: "allow" | "block";
  } = {},
) {
  let browser: Browser;
  const state = {} as BrowserTestContext;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    state.context = await browser.newContext({
      baseURL,
      viewport: options.viewport ?? { width: 1280, height: 900 },
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      serviceWorkers: options.serviceWorkers ?? "block",
    });
    state.page = await state.context.newPage();
    state.pageErrors = [];
    state.cspViolations = [];
    state.page.on("pageerror", (error) => state.pageErrors.push(error.message));
    state.page.on("console", (message) => {
      if (message.type() === "error") state.pageErrors.push(message.text());
      if (/Content Security Policy/i.test(message.text())) state.cspViolations.push(message.text());
    });
  });
  afterEach(async () => {
    await state.context?.close();
    if (state.cspViolations.length > 0) {
      throw new Error(`Content-Security-Policy violations:\n${state.cspViolations.join("\n")}`);
    }
  });
  return state;
}

/** Signs in on /login (the README's admin unless told otherwise) and waits for the hydrated dashboard. */
export async function signInAsAdmin(page: Page, { username, password }: { username: string; password: string } = e2eAdmin) {
  await gotoHydrated(page, "/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await page.waitForSelector("html[data-hydrated]");
}

/** Waits until React has hydrated the page (the root sets data-hydrated on <html>). */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForSelector("html[data-hydrated]");
  return response;
}

/** Holds the page's requests to `url` (a glob) until the returned `release` is called, to see what shows while they wait. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Fills the page's fields by their exact labels, in the order given. */
export async function fillByLabel(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, e2eAdmin, gotoHydrated, openPagePerTest, signInAsAdmin } from "./browser";
import { preferMarkdownSource } from "./markdown-source";
import { selectColumn } from "./server-db";

const t = openPagePerTest();

/** Console errors other than the browser's own "Failed to load resource" lines for expected 4xx answers. */
const unexpectedErrors = () => t.pageErrors.filter((message) => !message.includes("Failed to load resource"));

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

async function login(page: Page, password = e2eAdmin.password) {
  await gotoHydrated(page, "/login");
  await page.getByLabel("Username").fill(e2eAdmin.username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

describe("admin sign-in", () => {
  it("/admin and its pages redirect to /login when signed out; the browser flag alone grants nothing", async () => {
    for (const path of ["/admin", "/admin/articles/new", "/admin/settings"]) {
      await t.page.goto(path);
      expect(new URL(t.page.url()).pathname, path).toBe("/login");
    }
    await t.page.evaluate(() => window.localStorage.setItem("isAdminAuthenticated", "true"));
    await t.page.goto("/admin");
    expect(new URL(t.page.url()).pathname).toBe("/login");
    expect(await t.page.getByRole("heading", { name: "Admin Login" }).isVisible()).toBe(true);
  });

  it("a wrong password shows 'Login failed' / 'Invalid credentials' and stays on /login", async () => {
    await login(t.page, "not the password");
    await toast(t.page, "Login failed").waitFor();
    await toast(t.page, "Invalid credentials").waitFor();
    expect(new URL(t.page.url()).pathname).toBe("/login");
    expect(await t.page.getByRole("alert").filter({ hasText: "Invalid credentials" }).count()).toBe(1);
    expect(unexpectedErrors()).toEqual([]);
  });

  it("the right credentials open the dashboard with 'Login successful' and figures that match the API", async () => {
    await signInAsAdmin(t.page);
    await toast(t.page, "Login successful").waitFor();
    await toast(t.page, "Welcome to the admin panel").waitFor();
    expect(await t.page.evaluate(() => window.localStorage.getItem("isAdminAuthenticated"))).toBe("true");
    // The one-time flag is dropped from the address.
    await t.page.waitForURL((url) => url.search === "");

    const cookies = await t.context.cookies();
    const session = cookies.find((cookie) => cookie.name === "tel_admin_session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");

    const api = async (path: string) => (await (await t.page.request.get(`${baseURL}${path}`)).json()) as unknown[];
    const figure = async (name: string) => Number(await t.page.locator(`[data-figure="${name}"] [data-value]`).textContent());
    // The admin counts every article, practice and course it manages, drafts and scheduled ones too (one D1 read: each
    // wrangler call takes seconds); the public API lists the published ones only.
    const [articleRows, practiceRows, courseRows, scheduledRows] = selectColumn(
      `SELECT value FROM (SELECT 1 AS k, count(*) AS value FROM articles UNION ALL SELECT 2, count(*) FROM practices
        UNION ALL SELECT 3, count(*) FROM courses UNION ALL SELECT 4, (SELECT count(*) FROM articles WHERE status = 'scheduled')
        + (SELECT count(*) FROM practices WHERE status = 'scheduled') + (SELECT count(*) FROM courses WHERE status = 'scheduled'))
        ORDER BY k`,
    ).map(Number);
    expect(await figure("articles")).toBe(articleRows);
    expect(await figure("practices")).toBe(practiceRows);
    expect(await figure("articles")).toBeGreaterThanOrEqual((await api("/api/articles")).length);
    expect(await figure("resources")).toBe((await api("/api/resources")).length);
    expect(await figure("courses")).toBe(courseRows);
    expect(await figure("courses")).toBeGreaterThanOrEqual((await api("/api/courses")).length);
    expect(await t.page.getByText("Learners (buyers)").count()).toBe(1);
    expect(await figure("scheduled posts")).toBe(scheduledRows);
    if (scheduledRows === 0) await t.page.locator('[data-figure="scheduled posts"]').getByText("Nothing is scheduled.").waitFor();
    await t.page.getByRole("heading", { name: "Recent Activity" }).waitFor();
    expect(unexpectedErrors()).toEqual([]);
  });

  it("on a phone the admin menu folds behind a toggle", async () => {
    await t.page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(t.page);
    const nav = t.page.getByRole("navigation", { name: "Admin" });
    const toggle = t.page.getByRole("button", { name: "Admin menu" });
    expect(await nav.isVisible()).toBe(false);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await nav.getByRole("link", { name: "Articles" }).click();
    await t.page.waitForURL((url) => url.pathname === "/admin/articles");
    // Choosing a link closes the menu.
    await nav.waitFor({ state: "hidden" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("managing an article", () => {
  it("create → read on the site → edit → delete", { timeout: 120_000 }, async () => {
    // A word no seeded article has, to search by.
    const word = "zetetic";
    const title = `E2E Essay ${word}`;
    const heading = `Heading ${word}`;
    await signInAsAdmin(t.page);
    await preferMarkdownSource(t.page);
    await gotoHydrated(t.page, "/admin/articles/new");

    // Spec defaults: a new article is a draft (said, not a select), its reading time computed (the field empty).
    expect(await t.page.getByLabel("Category").inputValue()).toBe("Philosophy");
    expect(await t.page.getByLabel("Reading time (minutes)").inputValue()).toBe("");
    await t.page.getByText("Status: Draft").waitFor();
    expect(await t.page.getByLabel("Status", { exact: true }).count()).toBe(0);
    expect(await t.page.getByRole("button", { name: "Publish" }).count()).toBe(0);

    await t.page.getByLabel("Title").fill(title);
    await t.page.getByLabel("Excerpt").fill("A short excerpt written by the browser test.");
    await t.page.getByLabel("Content", { exact: true }).fill(`## ${heading}\n\nA paragraph with **bold** text.\n\n- one\n- two`);
    await t.page.getByLabel("Image URL").fill("/images/articles/article-1.svg");
    await t.page.getByLabel("Category").selectOption("Psychology");
    // The author is picked from the authors table (Admin → Authors).
    await t.page.getByLabel("Author").selectOption({ label: "Samuel Okafor" });
    // The word count follows the writing (the Markdown's words, not its syntax), with the reading time it gives.
    await t.page.getByText("9 words · 1 min to read (used when the field is empty)").waitFor();

    // The Markdown preview is the page's own rendering.
    await t.page.getByRole("tab", { name: "Preview" }).click();
    await t.page.getByRole("tabpanel").getByRole("heading", { name: heading }).waitFor();
    await t.page.getByRole("tab", { name: "Write" }).click();

    const created = t.page.waitForResponse(
      (response) => response.url().endsWith("/api/articles") && response.request().method() === "POST",
    );
    await t.page.getByRole("button", { name: "Save draft" }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    const { id, status, readingTime } = (await response.json()) as { id: number; status: string; readingTime: number };
    expect({ status, readingTime }).toEqual({ status: "draft", readingTime: 1 });
    // Saving keeps the writer in the editor: the new article's edit page, with a toast, what was typed still there.
    await toast(t.page, "Article has been saved as a draft.").waitFor();
    await t.page.waitForURL(`**/admin/articles/${id}`);
    expect(await t.page.getByLabel("Title").inputValue()).toBe(title);
    // A draft offers Preview, not View on site (a 404 for a draft).
    await t.page.getByRole("link", { name: "Preview", exact: true }).waitFor();
    expect(await t.page.getByRole("link", { name: "View on site" }).count()).toBe(0);

    // Publish asks first (focus on Cancel), then the article is on the site and View on site appears.
    // From the keyboard: Escape cancels and gives focus back to the button; Enter asks again.
    await t.page.getByRole("button", { name: "Publish", exact: true }).click();
    const publish = t.page.getByRole("dialog", { name: "Publish this article?" });
    await publish.waitFor();
    expect(await t.page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await t.page.keyboard.press("Escape");
    await publish.waitFor({ state: "hidden" });
    expect(await t.page.evaluate(() => document.activeElement?.textContent)).toBe("Publish");
    await t.page.keyboard.press("Enter");
    await publish.waitFor();
    await publish.getByRole("button", { name: "Publish", exact: true }).click();
    await toast(t.page, "Article has been published.").waitFor();
    await t.page.getByRole("link", { name: "View on site" }).waitFor();
    expect(await t.page.getByRole("link", { name: "Preview", exact: true }).count()).toBe(0);
    await t.page.getByText("Status: Published").waitFor();

    // On the public list (searched by its unique title) and its detail page.
    await gotoHydrated(t.page, `/articles?q=${word}`);
    await t.page.getByRole("heading", { name: title }).waitFor();
    await gotoHydrated(t.page, `/articles/${id}`);
    await t.page.getByRole("heading", { level: 1, name: title }).waitFor();
    await t.page.getByRole("heading", { level: 2, name: heading }).waitFor();

    // Edit the title.
    const newTitle = `${title} (revised)`;
    await gotoHydrated(t.page, `/admin/articles/${id}`);
    await t.page.getByLabel("Title").fill(newTitle);
    await t.page.getByRole("button", { name: "Save Changes" }).click();
    await toast(t.page, "Article has been updated successfully.").waitFor();
    await gotoHydrated(t.page, `/articles/${id}`);
    await t.page.getByRole("heading", { level: 1, name: newTitle }).waitFor();

    // Delete it from the list, after confirming.
    await gotoHydrated(t.page, "/admin/articles");
    await t.page.getByLabel("Search articles").fill(word);
    await t.page.getByRole("button", { name: `Delete “${newTitle}”` }).click();
    const dialog = t.page.getByRole("dialog", { name: "Delete this article?" });
    await dialog.waitFor();
    // Focus starts on Cancel; Escape would close it.
    expect(await t.page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await toast(t.page, "Deleted").waitFor();
    await t.page.getByText(`No articles match “${word}”.`).waitFor();

    await gotoHydrated(t.page, `/articles/${id}`);
    await t.page.getByRole("heading", { name: "Article Not Found" }).waitFor();
    expect(unexpectedErrors()).toEqual([]);
  });

  it("refusals: a javascript: URL is caught beside its field; a write without a session gets the server's 401 in an 'Error' toast", async () => {
    await signInAsAdmin(t.page);
    await gotoHydrated(t.page, "/admin/resources/new");
    expect(await t.page.getByLabel("Category").inputValue()).toBe("1");
    await t.page.getByLabel("Title").fill("Refused");
    await t.page.getByLabel("Author").fill("Nobody");
    await t.page.getByLabel("Description").fill("Goes nowhere.");
    const url = t.page.getByLabel("URL", { exact: true });
    await url.fill("javascript:alert(1)");
    await t.page.getByRole("button", { name: "Create Resource" }).click();
    // The browser-side check (the same schema as the server's) catches it before sending.
    await t.page.getByText('"url" must be an http(s) URL or a path on this site.').waitFor();
    expect(await url.getAttribute("aria-invalid")).toBe("true");
    expect(await url.evaluate((element) => element === document.activeElement)).toBe(true);

    // The session cookie disappears (as if it expired): the server refuses, the form says so.
    await url.fill("https://example.org/refused");
    await t.context.clearCookies();
    const refused = t.page.waitForResponse(
      (response) => response.url().endsWith("/api/resources") && response.request().method() === "POST",
    );
    await t.page.getByRole("button", { name: "Create Resource" }).click();
    expect((await refused).status()).toBe(401);
    await toast(t.page, "Error").waitFor();
    await toast(t.page, "Please sign in as an administrator.").waitFor();
    // Sent to sign in, with unsaved changes: asked first (Cancel would keep what was typed), then Leave goes.
    const ask = t.page.getByRole("dialog", { name: "Leave without saving?" });
    await ask.getByRole("button", { name: "Leave" }).click();
    await t.page.waitForURL((address) => address.pathname === "/login");
    const resources = (await (await t.page.request.get(`${baseURL}/api/resources`)).json()) as { title: string }[];
    expect(resources.some((resource) => resource.title === "Refused")).toBe(false);
  });
});

describe("logout", () => {
  it("ends the session: 'Logged out' toast, then /admin redirects to /login again", async () => {
    await signInAsAdmin(t.page);
    await t.page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Logout" }).click();
    await t.page.waitForURL((url) => url.pathname === "/login");
    await t.page.waitForSelector("html[data-hydrated]");
    await toast(t.page, "Logged out").waitFor();
    await toast(t.page, "You have been successfully logged out.").waitFor();
    expect(await t.page.evaluate(() => window.localStorage.getItem("isAdminAuthenticated"))).toBeNull();
    expect((await t.context.cookies()).some((cookie) => cookie.name === "tel_admin_session" && cookie.value)).toBe(false);
    await t.page.goto("/admin");
    expect(new URL(t.page.url()).pathname).toBe("/login");
    expect(unexpectedErrors()).toEqual([]);
  });
});

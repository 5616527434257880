import type { Page } from "playwright-core";

/**
 * Article bodies open in the visual editor (issue #29). A test that types Markdown into the body prefers the
 * Markdown source instead, as a writer can: the choice is kept in the browser, so the field stays the textarea
 * whose label it fills, with no race against the editor's chunk loading.
 */
export async function preferMarkdownSource(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem("markdown-editor-mode", "source"));
}

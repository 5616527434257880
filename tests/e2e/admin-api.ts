/** Content created through the admin API, as the admin's forms send it, for e2e tests to work on. */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { baseURL } from "./browser";

/** Creates an article through `POST /api/articles` (the page must be signed in), expects 201, and gives back its id. */
export async function createArticle(page: Page, data: Record<string, unknown>, headers: Record<string, string> = {}) {
  const created = await page.request.post(`${baseURL}/api/articles`, {
    headers,
    data: { imageUrl: "/images/articles/article-1.svg", featured: false, ...data },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

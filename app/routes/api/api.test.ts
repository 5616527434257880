import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { type JsonBody, jsonRequest, routeArgs, seedTestDb } from "../../../tests/support/db";
import * as articleById from "./content-item";
import * as articlesList from "./content-collection";
import * as articleCategories from "./articles.categories";
import * as featuredArticles from "./articles.featured";
import * as newsletter from "./newsletter.subscribe";
import * as practiceById from "./content-item";
import * as practicesList from "./content-collection";
import * as featuredPractices from "./practices.featured";
import * as resourceCategories from "./resources.categories";
import * as unknownApi from "./not-found";

beforeEach(async () => {
  await seedTestDb();
});

async function readJson(response: Response) {
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return response.json() as Promise<JsonBody>;
}

describe("GET reads", () => {
  it("serve the lists with their documented fields", async () => {
    const articles = await readJson(await articlesList.loader(routeArgs("/api/articles")));
    expect(articles.length).toBeGreaterThanOrEqual(8);
    expect(Object.keys(articles[0] ?? {}).sort()).toEqual([
      "category",
      "categoryColour",
      "excerpt",
      "featured",
      "id",
      "imageUrl",
      "readingTime",
      "title",
    ]);

    expect(await readJson(await featuredArticles.loader())).toHaveLength(3);
    expect(await readJson(await articleCategories.loader())).toContain("Philosophy");

    const practices = await readJson(await practicesList.loader(routeArgs("/api/practices")));
    expect(Object.keys(practices[0] ?? {}).sort()).toEqual(["category", "description", "duration", "id", "imageUrl", "title"]);
    expect(await readJson(await featuredPractices.loader())).toHaveLength(2);

    const categories = await readJson(await resourceCategories.loader());
    expect(categories[0]).toMatchObject({ id: 1, name: "Classical Texts", resources: expect.any(Array) });
  });

  it("serve one article and one practice by id", async () => {
    const article = await readJson(await articleById.loader(routeArgs("/api/articles/1", { id: "1" })));
    for (const field of ["title", "imageUrl", "category", "author", "publishedDate", "readingTime", "excerpt"])
      expect(article).toHaveProperty(field);
    const practice = await readJson(await practiceById.loader(routeArgs("/api/practices/1", { id: "1" })));
    for (const field of ["title", "imageUrl", "category", "duration", "description", "focus"]) expect(practice).toHaveProperty(field);
  });

  it("answer 404 JSON for unknown and non-numeric ids, never 500", async () => {
    for (const id of ["999999", "abc", "0", "-3", "1.5", "1;DROP TABLE articles"]) {
      for (const [route, path] of [
        [articleById, "articles"],
        [practiceById, "practices"],
      ] as const) {
        const response = await route.loader(routeArgs(`/api/${path}/${id}`, { id }));
        expect(response.status, `${path}/${id}`).toBe(404);
        expect((await readJson(response)).message).toMatch(/not found/i);
      }
    }
  });

  it("answer 404 JSON for unknown API paths", async () => {
    const response = await unknownApi.loader();
    expect(response.status).toBe(404);
    expect((await readJson(response)).message).toBeTruthy();
  });
});

describe("POST /api/newsletter/subscribe", () => {
  const subscribe = (body: unknown, init?: RequestInit) =>
    newsletter.action(routeArgs(jsonRequest("/api/newsletter/subscribe", body, init)));
  const rows = async () => (await env.DB.prepare("SELECT email FROM newsletter_subscribers").all<{ email: string }>()).results;
  /** The answer to any well-formed address, new or known: 202, asking to confirm. */
  const expectAskedToConfirm = async (response: Response) => {
    expect(response.status).toBe(202);
    expect(await readJson(response)).toEqual({
      message: "Thanks! Check your inbox to confirm your subscription.",
      email: "reader@example.com",
    });
  };

  it("stores a new address as pending and answers 202, asking to confirm", async () => {
    const response = await subscribe({ email: "reader@example.com" });
    await expectAskedToConfirm(response);
    expect(await rows()).toEqual([{ email: "reader@example.com" }]);
  });

  it("stores the same address once, trimmed and case-insensitive, and a repeat is a success", async () => {
    await subscribe({ email: "Reader@Example.com" });
    const again = await subscribe({ email: "  reader@EXAMPLE.com " });
    // The same answer as a new address: nothing tells whether an address is known.
    await expectAskedToConfirm(again);
    expect(await rows()).toEqual([{ email: "reader@example.com" }]);
  });

  it("refuses missing and malformed addresses with 400 and a clear message", async () => {
    for (const body of [{}, { email: "" }, { email: "not-an-email" }, { email: "a@b" }, { email: 42 }, { email: "a b@example.com" }, []]) {
      const response = await subscribe(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await readJson(response)).message).toMatch(/email|JSON object/i);
    }
    expect(await rows()).toEqual([]);
  });

  it("answers 415 for a non-JSON body, 400 for broken JSON and 413 for a huge one", async () => {
    const form = await subscribe("email=a@b.com", { headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
    const broken = await subscribe("{not json");
    expect(broken.status).toBe(400);
    expect((await readJson(broken)).message).toMatch(/not valid JSON/);
    const huge = await subscribe({ email: "a@example.com", padding: "x".repeat(70_000) });
    expect(huge.status).toBe(413);
    expect(await rows()).toEqual([]);
  });

  it("refuses GET with a JSON 405", async () => {
    const response = await newsletter.loader();
    expect(response.status).toBe(405);
  });
});

/** What crawlers and social sites get: head tags, JSON-LD, share images, sitemap, robots.txt and the RSS feed. */
import { assert, describe, expect, it } from "vitest";
import { disallowedPaths } from "../../app/lib/route-policy";
import { POLICY_ROUTES } from "../../app/site-routes";
import { ROUTE_SAMPLES } from "../support/route-samples";
import { baseURL, gotoHydrated, openPagePerTest } from "./browser";

const t = openPagePerTest();

async function page(path: string) {
  const response = await fetch(`${baseURL}${path}`);
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  const attr = (selector: RegExp) => selector.exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"([^>]*)>([\s\S]*?)<\/script>/g)].map(
    ([, attributes = "", json = ""]) => ({
      attributes,
      data: JSON.parse(json) as Record<string, unknown>,
    }),
  );
  return { html, nonce, attr, jsonLd };
}

/** The share image must be served as a real PNG on this site (the URL names SITE_URL's host). */
async function expectPng(url: string | undefined) {
  expect(url).toMatch(/^https?:\/\/[^/]+\/images\/og\/[\w-]+\.png$/);
  const response = await fetch(`${baseURL}${new URL(url!).pathname}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/png");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
  expect(bytes.length).toBeLessThan(150_000);
}

describe("head tags", () => {
  it("an article has description, canonical URL, Open Graph and Twitter card with a PNG image, and Article JSON-LD with the nonce", async () => {
    const { html, nonce, attr, jsonLd } = await page("/articles/1");
    const canonical = attr(/<link rel="canonical" href="([^"]+)"/);
    expect(canonical).toMatch(/^https?:\/\/[^/]+\/articles\/1$/);
    expect(attr(/<meta property="og:url" content="([^"]+)"/)).toBe(canonical);
    expect(attr(/<meta property="og:type" content="([^"]+)"/)).toBe("article");
    expect(attr(/<meta name="description" content="([^"]+)"/)?.length).toBeGreaterThan(20);
    expect(attr(/<meta name="twitter:card" content="([^"]+)"/)).toBe("summary_large_image");
    await expectPng(attr(/<meta property="og:image" content="([^"]+)"/));
    expect(attr(/<meta name="twitter:image" content="([^"]+)"/)).toBe(attr(/<meta property="og:image" content="([^"]+)"/));
    expect(html).toMatch(/<link [^>]*rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/articles\/rss.xml"/);

    expect(jsonLd).toHaveLength(1);
    expect(jsonLd[0]?.attributes).toContain(`nonce="${nonce}"`);
    expect(jsonLd[0]?.data).toMatchObject({ "@context": "https://schema.org", "@type": "Article", mainEntityOfPage: { "@id": canonical } });
  });

  it("practices and courses share their own PNG; a course's JSON-LD offers its price in USD", async () => {
    const practice = await page("/practices/1");
    await expectPng(practice.attr(/<meta property="og:image" content="([^"]+)"/));
    expect(practice.attr(/<meta property="og:image" content="([^"]+)"/)).toContain("/images/og/practice-1.png");

    const course = await page("/courses/1");
    await expectPng(course.attr(/<meta property="og:image" content="([^"]+)"/));
    const [courseLd] = course.jsonLd;
    assert(courseLd, "the course's JSON-LD");
    const ld = courseLd.data as { "@type": string; offers: { priceCurrency: string; price: string } };
    expect(ld["@type"]).toBe("Course");
    expect(ld.offers.priceCurrency).toBe("USD");
    const shownPrice = (await (await fetch(`${baseURL}/api/courses/1`)).json()) as { price: number };
    expect(Number(ld.offers.price)).toBe(shownPrice.price);
  });

  it("recommended reading lists six Books; about is an Organization; the home page uses the default share image", async () => {
    const [readingLd] = (await page("/recommended-reading")).jsonLd;
    assert(readingLd, "the reading list's JSON-LD");
    const reading = readingLd.data as { itemListElement: { item: { "@type": string } }[] };
    expect(reading.itemListElement.map((entry) => entry.item["@type"])).toEqual(Array(6).fill("Book"));
    const about = (await page("/about")).jsonLd[0]?.data;
    expect(about).toMatchObject({ "@type": "Organization", name: "The Examined Life" });
    const home = await page("/");
    await expectPng(home.attr(/<meta property="og:image" content="([^"]+)"/));
    expect(home.attr(/<meta property="og:image" content="([^"]+)"/)).toContain("/images/og/og-default.png");
  });

  it("pages with JSON-LD hydrate without errors and keep their titles", async () => {
    for (const [path, title] of [
      ["/about", "About | The Examined Life"],
      ["/courses/1", undefined],
    ] as const) {
      await gotoHydrated(t.page, path);
      if (title) expect(await t.page.title()).toBe(title);
      expect(await t.page.locator('script[type="application/ld+json"]').count()).toBe(1);
    }
    expect(t.pageErrors).toEqual([]);
  });

  it("the 404 page has a title and is not indexed", async () => {
    const response = await fetch(`${baseURL}/no/such/page`);
    const html = await response.text();
    expect(response.status).toBe(404);
    expect(html).toContain("<title>Page Not Found | The Examined Life</title>");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe("crawler files", () => {
  it("robots.txt, sitemap.xml and the RSS feed are served with their types", async () => {
    const robots = await fetch(`${baseURL}/robots.txt`);
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    // Every path the route policies keep crawlers out of (app/site-routes.ts): the admin area, sign-in, the API.
    const disallowed = (await robots.text()).split("\n").filter((line) => line.startsWith("Disallow: "));
    expect(disallowed).toEqual(disallowedPaths(POLICY_ROUTES).map((path) => `Disallow: ${path}`));
    expect(disallowed).toEqual(expect.arrayContaining(["Disallow: /admin", "Disallow: /login"]));

    const sitemap = await fetch(`${baseURL}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const articleCount = ((await (await fetch(`${baseURL}/api/articles`)).json()) as unknown[]).length;
    expect((await sitemap.text()).match(/<loc>[^<]+\/articles\/\d+<\/loc>/g)).toHaveLength(articleCount);

    const rss = await fetch(`${baseURL}/articles/rss.xml`);
    expect(rss.status).toBe(200);
    expect(rss.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect((await rss.text()).match(/<item>/g)).toHaveLength(articleCount);
  });
});

describe("what each route tells search engines", () => {
  it("every answer says noindex (X-Robots-Tag) exactly where its route's policy does (app/site-routes.ts)", async () => {
    for (const { url, policy } of ROUTE_SAMPLES) {
      const response = await fetch(`${baseURL}${url}`, { redirect: "manual" });
      await response.arrayBuffer();
      // A signed-out visit to the admin area is sent to /login before any answer is made; robots.txt keeps crawlers out.
      if (policy.robots === "disallow") continue;
      expect(response.headers.get("x-robots-tag"), url).toBe(policy.robots === "noindex" ? "noindex" : null);
    }
  });
});

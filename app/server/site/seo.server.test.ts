import { env } from "cloudflare:test";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { articles, authors, courses, practices, resources } from "../../../db/schema";
import { seedTestDb, routeArgs } from "../../../tests/support/db";
import { loader as rssLoader } from "../../routes/articles.rss";
import { loader as robotsLoader } from "../../routes/robots";
import { loader as sitemapLoader } from "../../routes/sitemap";
import type { Database } from "../core/db.server";
import { articlesRssXml, escapeXml, robotsTxt, sitemapEntries, sitemapXml, siteUrl, STATIC_PUBLIC_PATHS } from "./seo.server";
import { withVars } from "../../../tests/support/env";

const BASE = "https://example.org";

/**
 * A small XML well-formedness check (workerd has no DOMParser): one declaration, balanced and properly
 * nested elements, quoted attributes, and `&` only in the five entities or numeric references.
 * Returns the first problem, or null.
 */
function xmlProblem(xml: string): string | null {
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) return "missing XML declaration";
  const body = xml.slice(xml.indexOf("?>") + 2);
  const open: string[] = [];
  let roots = 0;
  for (const [token] of body.matchAll(/<[^>]*>|[^<]+/g)) {
    if (!token.startsWith("<")) {
      if (open.length === 0 && token.trim()) return `text outside the root: ${token}`;
      if (/[>]|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(token)) return `unescaped character in text: ${token}`;
      continue;
    }
    const close = /^<\/([\w:.-]+)\s*>$/.exec(token);
    if (close) {
      if (open.pop() !== close[1]) return `mismatched </${close[1]}>`;
      continue;
    }
    const tag = /^<([\w:.-]+)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>$/.exec(token);
    if (!tag) return `malformed tag: ${token}`;
    const [, name = "", attributes = "", selfClosing] = tag;
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+);)/.test(attributes)) return `unescaped & in attribute: ${token}`;
    if (open.length === 0) roots += 1;
    if (!selfClosing) open.push(name);
  }
  if (open.length) return `unclosed <${open.at(-1)}>`;
  return roots === 1 ? null : `${roots} root elements`;
}

const tagValues = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, "g"))].map((m) => m[1] ?? "");

let db: Database;
beforeEach(async () => {
  db = await seedTestDb();
});

describe("escapeXml", () => {
  it("escapes the five XML specials and drops characters XML forbids", () => {
    expect(escapeXml(`Fear & <Trembling> "Kierkegaard's"`)).toBe("Fear &amp; &lt;Trembling&gt; &quot;Kierkegaard&apos;s&quot;");
    expect(escapeXml("bell\u0007 tab\t ok")).toBe("bell tab\t ok");
  });

  it("the well-formedness check itself refuses broken XML", () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>';
    expect(xmlProblem(`${head}<a><b>x</b></a>`)).toBeNull();
    expect(xmlProblem(`${head}<a><b>x</a></b>`)).toMatch(/mismatched/);
    expect(xmlProblem(`${head}<a>Fear & Trembling</a>`)).toMatch(/unescaped/);
    expect(xmlProblem(`${head}<a>x</a><a>y</a>`)).toMatch(/2 root/);
  });
});

describe("sitemap.xml", () => {
  it("is well-formed and lists every public page and every article, practice, resource, course and author in D1", async () => {
    const xml = sitemapXml(await sitemapEntries(db), BASE);
    expect(xmlProblem(xml)).toBeNull();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = new Set(tagValues(xml, "loc"));

    const expected = [
      ...STATIC_PUBLIC_PATHS,
      ...(await db.select({ id: articles.id }).from(articles)).map(({ id }) => `/articles/${id}`),
      ...(await db.select({ id: practices.id }).from(practices)).map(({ id }) => `/practices/${id}`),
      ...(await db.select({ id: resources.id }).from(resources)).map(({ id }) => `/resources/${id}`),
      ...(await db.select({ id: courses.id }).from(courses)).map(({ id }) => `/courses/${id}`),
      ...(await db.select({ id: authors.id }).from(authors)).map(({ id }) => `/authors/${id}`),
    ].map((path) => `${BASE}${path}`);
    expect(expected.length).toBeGreaterThan(40);
    expect([...locs].sort()).toEqual([...expected].sort());
    for (const page of ["/", "/recommended-reading", "/legal/privacy", "/contact"]) expect(locs).toContain(`${BASE}${page}`);
    for (const hidden of ["/admin", "/login", "/courses/payment-success"]) expect(xml).not.toContain(`<loc>${BASE}${hidden}</loc>`);
  });

  it("gives articles their publication day as lastmod", async () => {
    const [first] = await db.select({ id: articles.id, publishedDate: articles.publishedDate }).from(articles).limit(1);
    assert(first, "a seeded article");
    const xml = sitemapXml(await sitemapEntries(db), BASE);
    expect(xml).toContain(`<url><loc>${BASE}/articles/${first.id}</loc><lastmod>${first.publishedDate}</lastmod></url>`);
  });

  it("leaves out an unpublished course (its page is a 404)", async () => {
    await env.DB.prepare("UPDATE courses SET status = 'draft' WHERE id = 2").run();
    const xml = sitemapXml(await sitemapEntries(db), BASE);
    expect(xml).toContain(`<loc>${BASE}/courses/1</loc>`);
    expect(xml).not.toContain(`<loc>${BASE}/courses/2</loc>`);
  });

  it("lists a published bundle, and leaves out an unpublished one (its page is a 404)", async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO bundles (id, title, price_cents, published) VALUES (901, 'Shown', 9900, 1), (902, 'Hidden', 9900, 0)"),
    ]);
    const xml = sitemapXml(await sitemapEntries(db), BASE);
    expect(xml).toContain(`<loc>${BASE}/bundles/901</loc>`);
    expect(xml).not.toContain(`<loc>${BASE}/bundles/902</loc>`);
  });

  it("an article added later appears with its own lastmod", async () => {
    const [created] = await db
      .insert(articles)
      .values({
        title: "A & B",
        excerpt: "x",
        content: "",
        imageUrl: "/images/fallback.svg",
        category: "Philosophy",
        readingTime: 3,
        author: "Me",
        publishedDate: "2031-01-02",
      })
      .returning({ id: articles.id });
    assert(created, "the new article");
    const xml = sitemapXml(await sitemapEntries(db), BASE);
    expect(xmlProblem(xml)).toBeNull();
    expect(xml).toContain(`<loc>${BASE}/articles/${created.id}</loc><lastmod>2031-01-02</lastmod>`);
  });

  it("the route answers XML with the site's origin (locally SITE_URL is empty: the origin it is served on)", async () => {
    const response = (await sitemapLoader(routeArgs("/sitemap.xml"))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xmlProblem(xml)).toBeNull();
    expect(env.SITE_URL).toBe("");
    expect(xml).toContain("<loc>http://localhost/articles</loc>");
  });
});

describe("robots.txt", () => {
  it("disallows /admin and /login and points at the sitemap", async () => {
    const text = robotsTxt(BASE);
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Disallow: /admin");
    expect(lines).toContain("Disallow: /login");
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);

    const response = (await robotsLoader(routeArgs("/robots.txt"))) as Response;
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toContain("Disallow: /admin\n");
  });
});

describe("articles RSS feed", () => {
  it("is well-formed RSS 2.0 with every seeded article, newest first", async () => {
    const xml = await articlesRssXml(db, { name: "The Examined Life", url: BASE });
    expect(xmlProblem(xml)).toBeNull();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain(`<atom:link href="${BASE}/articles/rss.xml" rel="self" type="application/rss+xml" />`);
    const seeded = await db.select({ id: articles.id, title: articles.title, publishedDate: articles.publishedDate }).from(articles);
    const links = tagValues(xml, "link").slice(1); // the first <link> is the channel's
    expect(links.sort()).toEqual(seeded.map((a) => `${BASE}/articles/${a.id}`).sort());
    for (const article of seeded) expect(xml).toContain(`<title>${escapeXml(article.title)}</title>`);
    const dates = tagValues(xml, "pubDate").map((d) => Date.parse(d));
    expect(dates.every((d) => Number.isFinite(d))).toBe(true);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it("escapes &, < and > in titles, excerpts, authors and categories", async () => {
    await db.insert(articles).values({
      title: "Fear & Trembling </title><script>alert(1)</script>",
      excerpt: "Either/Or & <b>bold</b>",
      content: "",
      imageUrl: "/images/fallback.svg",
      category: "Philosophy & <Ethics>",
      readingTime: 3,
      author: "Søren <K>",
      publishedDate: "2031-01-02",
    });
    const xml = await articlesRssXml(db, { name: "A & B", url: BASE });
    expect(xmlProblem(xml)).toBeNull();
    expect(xml).toContain("<title>Fear &amp; Trembling &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>");
    expect(xml).toContain("<description>Either/Or &amp; &lt;b&gt;bold&lt;/b&gt;</description>");
    expect(xml).toContain("<dc:creator>Søren &lt;K&gt;</dc:creator>");
    expect(xml).toContain("<title>A &amp; B: Articles</title>");
    expect(xml).not.toContain("<script>");
  });

  it("the route answers application/rss+xml", async () => {
    const response = (await rssLoader(routeArgs("/articles/rss.xml"))) as Response;
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(xmlProblem(await response.text())).toBeNull();
  });
});

describe("siteUrl", () => {
  it("uses SITE_URL without a trailing slash, or the request's origin when SITE_URL is empty", async () => {
    await withVars({ SITE_URL: "https://theexaminedlife.org/" }, () => {
      expect(siteUrl(new Request("https://elsewhere.example/x"))).toBe("https://theexaminedlife.org");
    });
    await withVars({ SITE_URL: "" }, () => {
      expect(siteUrl(new Request("https://elsewhere.example:8443/x?y=1"))).toBe("https://elsewhere.example:8443");
      expect(siteUrl(new Request("http://localhost:9000/"))).toBe("http://localhost:9000");
    });
  });
});

import { describe, expect, it } from "vitest";
import { serializeJsonLd } from "~/components/layout/json-ld";
import {
  absoluteUrl,
  articleJsonLd,
  authorPersonJsonLd,
  bookListJsonLd,
  courseJsonLd,
  DEFAULT_OG_IMAGE,
  ogImageFor,
  organizationJsonLd,
  pageSeo,
} from "./seo";

const site = {
  name: "The Examined Life",
  url: "https://example.org",
  email: "hi@example.org",
  phone: "+1 555",
  address: "1 Agora Lane",
  social: [],
};
const matches = [{ id: "root", loaderData: { site } }];

describe("absoluteUrl", () => {
  it("joins the site URL and a path, and keeps absolute URLs", () => {
    expect(absoluteUrl("https://example.org/", "/articles")).toBe("https://example.org/articles");
    expect(absoluteUrl("https://example.org", "images/x.png")).toBe("https://example.org/images/x.png");
    expect(absoluteUrl("https://example.org", "https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
  });
});

describe("ogImageFor", () => {
  it("uses the PNG rendering of a seeded illustration, a raster image as it is, and the default otherwise", () => {
    expect(ogImageFor("/images/articles/article-3.svg")).toEqual({ path: "/images/og/article-3.png", width: 1200, height: 675 });
    expect(ogImageFor("/images/courses/course-2.svg").path).toBe("/images/og/course-2.png");
    expect(ogImageFor("/images/articles/article-99.svg")).toBe(DEFAULT_OG_IMAGE);
    expect(ogImageFor("/images/gallery/stoa.svg")).toBe(DEFAULT_OG_IMAGE);
    expect(ogImageFor("https://cdn.example/photo.JPG")).toEqual({ path: "https://cdn.example/photo.JPG" });
    expect(ogImageFor("/uploads/cover.png?v=2")).toEqual({ path: "/uploads/cover.png?v=2" });
    expect(ogImageFor("http://insecure.example/x.png")).toBe(DEFAULT_OG_IMAGE);
    expect(ogImageFor("")).toBe(DEFAULT_OG_IMAGE);
  });
});

describe("pageSeo", () => {
  const meta = pageSeo({
    matches,
    location: { pathname: "/articles/3" },
    title: "On Anger | The Examined Life",
    socialTitle: "On Anger",
    description: "Seneca on anger.",
    imageUrl: "/images/articles/article-3.svg",
    type: "article",
  });
  const find = (key: string, value: string) =>
    meta.find((m) => (m as Record<string, string>)[key] === value) as Record<string, string> | undefined;

  it("keeps the title and gives description, canonical URL, Open Graph and Twitter card with absolute image URLs", () => {
    expect(meta[0]).toEqual({ title: "On Anger | The Examined Life" });
    expect(find("name", "description")?.content).toBe("Seneca on anger.");
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.org/articles/3" });
    expect(find("property", "og:url")?.content).toBe("https://example.org/articles/3");
    expect(find("property", "og:type")?.content).toBe("article");
    expect(find("property", "og:title")?.content).toBe("On Anger");
    expect(find("property", "og:image")?.content).toBe("https://example.org/images/og/article-3.png");
    expect(find("property", "og:image:width")?.content).toBe("1200");
    expect(find("name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find("name", "twitter:image")?.content).toBe("https://example.org/images/og/article-3.png");
  });

  it("without an image uses the default PNG", () => {
    const plain = pageSeo({ matches, location: { pathname: "/" }, title: "Home", description: "d" });
    expect(plain).toContainEqual({ property: "og:image", content: "https://example.org/images/og/og-default.png" });
    expect(plain).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.org/" });
  });
});

describe("JSON-LD", () => {
  it("serialises so that </script> in content cannot end the element, and parses back to the same data", () => {
    const data = { headline: "</script><script>alert(1)</script> <!-- x" };
    const text = serializeJsonLd(data);
    expect(text).not.toContain("<");
    expect(text).toContain("\\u003c/script>");
    expect(JSON.parse(text)).toEqual(data);
  });

  it("an Article names its headline, dates, author, publisher and an absolute raster image", () => {
    const ld = articleJsonLd(
      {
        id: 4,
        title: "T",
        excerpt: "E",
        imageUrl: "/images/articles/article-4.svg",
        category: "Philosophy",
        author: "Ann",
        authorId: 3,
        publishedDate: "2025-03-05",
        readingTime: 7,
      },
      site,
    );
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "T",
      datePublished: "2025-03-05",
      // The author's page (/authors/{id}) is the Person's url.
      author: { "@type": "Person", name: "Ann", url: "https://example.org/authors/3" },
      publisher: { "@type": "Organization", name: "The Examined Life" },
      image: ["https://example.org/images/og/article-4.png"],
      mainEntityOfPage: { "@id": "https://example.org/articles/4" },
    });
  });

  it("an article whose author is not in the authors table names them without a url; an author page is a Person", () => {
    const article = {
      id: 4,
      title: "T",
      excerpt: "E",
      imageUrl: "/i.svg",
      category: "Philosophy",
      author: "Ann",
      publishedDate: "2025-03-05",
      readingTime: 7,
    };
    expect(articleJsonLd({ ...article, authorId: null }, site).author).toEqual({ "@type": "Person", name: "Ann" });
    expect(authorPersonJsonLd({ id: 2, name: "Ann", role: "Editor", portrait: "/images/a.svg" }, site)).toEqual({
      "@type": "Person",
      name: "Ann",
      url: "https://example.org/authors/2",
      jobTitle: "Editor",
      image: "https://example.org/images/a.svg",
    });
  });

  it("a Course carries an Offer in USD with the price", () => {
    const ld = courseJsonLd(
      { id: 2, title: "C", description: "D", imageUrl: "/images/courses/course-2.svg", level: "Beginner", duration: 6, price: 149 },
      site,
    );
    expect(ld["@type"]).toBe("Course");
    expect(ld.offers).toMatchObject({
      "@type": "Offer",
      price: "149.00",
      priceCurrency: "USD",
      url: "https://example.org/courses/2/enroll",
    });
    expect(ld.provider).toMatchObject({ "@type": "Organization", url: "https://example.org/" });
  });

  it("recommended reading is a list of Books; about is an Organization", () => {
    const books = bookListJsonLd(
      [
        {
          title: "Meditations",
          author: "Marcus Aurelius",
          description: "d",
          coverUrl: "/images/books/book-1.svg",
          amazonUrl: "https://www.amazon.com/x",
          category: "Stoicism",
        },
      ],
      site,
    );
    expect(books.itemListElement[0]).toMatchObject({
      position: 1,
      item: { "@type": "Book", name: "Meditations", author: { name: "Marcus Aurelius" } },
    });
    expect(organizationJsonLd(site)).toMatchObject({
      "@type": "Organization",
      name: "The Examined Life",
      email: "hi@example.org",
      url: "https://example.org/",
    });
  });
});

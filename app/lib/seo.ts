/**
 * What search engines and social sites read in a page's head: the meta description, the canonical URL,
 * Open Graph and Twitter cards, and the JSON-LD objects (schema.org). Browser-safe: `meta` functions run
 * on the server and after client navigations alike.
 */
import type { MetaDescriptor } from "react-router";
import { DEFAULT_SITE_NAME, pageTitle, siteNameFromMatches, type SiteSettings } from "./site";

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** The site's absolute base URL (SITE_URL, or the request's origin when it is not set), from the root loader. */
export function siteUrlFromMatches(matches: Matches) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { site?: { url?: string } } | undefined;
  return root?.site?.url ?? "";
}

/** `path` as an absolute URL on the site; already absolute URLs are kept. */
export function absoluteUrl(siteUrl: string, path: string) {
  if (/^https?:\/\//i.test(path)) return path;
  return `${siteUrl.replace(/\/+$/, "")}${path.startsWith("/") ? "" : "/"}${path}`;
}

type OgImage = { path: string; width?: number; height?: number };

export const DEFAULT_OG_IMAGE: OgImage = { path: "/images/og/og-default.png", width: 1200, height: 630 };

const numbered = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);

/**
 * The illustrations that scripts/make-og-images.sh renders to PNG in public/images/og (social sites
 * refuse SVG). Keep in step with the script's output.
 */
export const RENDERED_OG_IMAGES = new Set([...numbered("article", 10), ...numbered("practice", 8), ...numbered("course", 3)]);

const ILLUSTRATION = /^\/images\/(?:articles|practices|courses)\/([a-z]+-\d+)\.svg$/;
const RASTER = /\.(?:png|jpe?g|gif|webp)(?:[?#].*)?$/i;

/** The share image for content with this `imageUrl`: its PNG rendering, the image itself if raster, else the default. */
export function ogImageFor(imageUrl: string | undefined): OgImage {
  if (!imageUrl) return DEFAULT_OG_IMAGE;
  const illustration = ILLUSTRATION.exec(imageUrl)?.[1];
  if (illustration && RENDERED_OG_IMAGES.has(illustration)) {
    return { path: `/images/og/${illustration}.png`, width: 1200, height: 675 };
  }
  if (RASTER.test(imageUrl) && (imageUrl.startsWith("/") || /^https:\/\//i.test(imageUrl))) return { path: imageUrl };
  return DEFAULT_OG_IMAGE;
}

type PageSeo = {
  matches: Matches;
  location: { pathname: string };
  /** The whole document title, used as it is (most pages build it with `pageTitle`). */
  title: string;
  description: string;
  /** The name shared on social sites (defaults to the document title). */
  socialTitle?: string;
  /** The content's own image URL; see ogImageFor. */
  imageUrl?: string;
  imageAlt?: string;
  type?: "website" | "article";
  /** Extra descriptors (e.g. article:published_time). */
  extra?: MetaDescriptor[];
};

/** Title, description, canonical link, Open Graph and Twitter card for a public page. */
/**
 * The `meta` of a page whose name and description never change ("About | <site name>"): a route exports
 * `meta = fixedPageMeta("About", "…")` instead of writing the same call to `pageSeo` again.
 */
export function fixedPageMeta(name: string, description: string) {
  return ({ matches, location }: Pick<PageSeo, "matches" | "location">): MetaDescriptor[] =>
    pageSeo({ matches, location, title: pageTitle(name, siteNameFromMatches(matches)), description });
}

/**
 * The `meta` of one item's page (an article, practice, course or resource): "<its title> | <site name>", its title
 * shared on social sites, its description and cover image; a title alone (`notFound`) when there is no such item.
 */
export function itemPageSeo(
  { matches, location }: Pick<PageSeo, "matches" | "location">,
  item: { title: string; description: string; imageUrl?: string } | null | undefined,
  notFound: string,
  more: Pick<PageSeo, "type" | "extra"> = {},
): MetaDescriptor[] {
  const site = siteNameFromMatches(matches);
  if (!item) return [{ title: pageTitle(notFound, site) }];
  const { title, description, imageUrl } = item;
  return pageSeo({ matches, location, title: pageTitle(title, site), socialTitle: title, description, imageUrl, ...more });
}

export function pageSeo({
  matches,
  location,
  title,
  description,
  socialTitle,
  imageUrl,
  imageAlt,
  type = "website",
  extra = [],
}: PageSeo): MetaDescriptor[] {
  const siteUrl = siteUrlFromMatches(matches);
  const canonical = absoluteUrl(siteUrl, location.pathname);
  const image = ogImageFor(imageUrl);
  const imageUrlAbsolute = absoluteUrl(siteUrl, image.path);
  const shared = socialTitle ?? title;
  const alt = imageAlt ?? siteNameFromMatches(matches);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: type },
    { property: "og:site_name", content: siteNameFromMatches(matches) },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: shared },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: imageUrlAbsolute },
    ...(image.width && image.height
      ? [
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
        ]
      : []),
    { property: "og:image:alt", content: alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: shared },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrlAbsolute },
    { name: "twitter:image:alt", content: alt },
    ...extra,
  ];
}

/* ---------- JSON-LD (schema.org) ---------- */

type JsonLdSite = Pick<SiteSettings, "name" | "url">;

function organizationRef(site: JsonLdSite) {
  return { "@type": "Organization", name: site.name || DEFAULT_SITE_NAME, url: absoluteUrl(site.url, "/") };
}

/** An author's page: their bio and published articles (app/routes/author.tsx). */
export const authorPath = (id: number) => `/authors/${id}`;

/** An author as a schema.org Person: the page's own entity, or an article's author (with `url`, their page). */
export function authorPersonJsonLd(author: { id: number; name: string; role?: string; portrait?: string }, site: JsonLdSite) {
  return {
    "@type": "Person",
    name: author.name,
    url: absoluteUrl(site.url, authorPath(author.id)),
    ...(author.role ? { jobTitle: author.role } : {}),
    ...(author.portrait ? { image: absoluteUrl(site.url, author.portrait) } : {}),
  };
}

export function articleJsonLd(
  article: {
    id: number;
    title: string;
    excerpt: string;
    imageUrl: string;
    category: string;
    author: string;
    /** The author's id: `author.url` is their page. Null for an article whose author is not in the authors table. */
    authorId: number | null;
    publishedDate: string;
    readingTime: number;
  },
  site: JsonLdSite,
) {
  const url = absoluteUrl(site.url, `/articles/${article.id}`);
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.excerpt,
    image: [absoluteUrl(site.url, ogImageFor(article.imageUrl).path)],
    datePublished: article.publishedDate,
    author:
      article.authorId === null
        ? { "@type": "Person", name: article.author }
        : { "@type": "Person", name: article.author, url: absoluteUrl(site.url, authorPath(article.authorId)) },
    publisher: organizationRef(site),
    articleSection: article.category,
    timeRequired: `PT${article.readingTime}M`,
    inLanguage: "en",
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
  };
}

/** A course with its price as an Offer in US dollars. */
export function courseJsonLd(
  course: { id: number; title: string; description: string; imageUrl: string; level: string; duration: number; price: number },
  site: JsonLdSite,
) {
  const url = absoluteUrl(site.url, `/courses/${course.id}`);
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.title,
    description: course.description,
    image: absoluteUrl(site.url, ogImageFor(course.imageUrl).path),
    url,
    educationalLevel: course.level,
    inLanguage: "en",
    provider: organizationRef(site),
    offers: {
      "@type": "Offer",
      category: "Paid",
      price: course.price.toFixed(2),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: absoluteUrl(site.url, `/courses/${course.id}/enroll`),
    },
    hasCourseInstance: { "@type": "CourseInstance", courseMode: "Online", courseWorkload: `PT${course.duration}H` },
  };
}

/** The recommended books, as a list of schema.org Books. */
export function bookListJsonLd(
  books: ReadonlyArray<{ title: string; author: string; description: string; coverUrl: string; amazonUrl: string; category: string }>,
  site: JsonLdSite,
) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name: "Recommended Reading",
    url: absoluteUrl(site.url, "/recommended-reading"),
    itemListElement: books.map((book, index) => ({
      "@type": "ListItem",
      position: index + 1,
      item: {
        "@type": "Book",
        name: book.title,
        author: { "@type": "Person", name: book.author },
        description: book.description,
        genre: book.category,
        image: absoluteUrl(site.url, book.coverUrl),
        url: book.amazonUrl,
      },
    })),
  };
}

export function organizationJsonLd(site: SiteSettings) {
  return {
    "@context": "https://schema.org",
    ...organizationRef(site),
    logo: absoluteUrl(site.url, "/favicon.svg"),
    image: absoluteUrl(site.url, DEFAULT_OG_IMAGE.path),
    email: site.email,
    telephone: site.phone,
    address: site.address,
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer support",
      email: site.email,
      telephone: site.phone,
      availableLanguage: "English",
    },
    // The site's own profiles, when configured: search engines link them to the organisation.
    ...(site.social.length > 0 ? { sameAs: site.social.map((link) => link.href) } : {}),
  };
}

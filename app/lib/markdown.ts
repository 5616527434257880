/**
 * A small, safe document tree for article bodies. The server parses Markdown into it
 * (app/server/markdown.server.ts); the page renders it with React elements only, so nothing
 * an author writes can become markup or script.
 */
export type Inline =
  | { type: "text"; text: string }
  | { type: "strong" | "em" | "del"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "image"; src: string; alt: string; caption?: string }
  | { type: "br" };

export type GalleryImage = { src: string; alt: string; caption?: string };
export type GalleryLayout = "single" | "grid" | "masonry";

export type Block =
  | { type: "heading"; level: 2 | 3 | 4; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; start: number; items: Block[][] }
  | { type: "blockquote"; children: Block[] }
  | { type: "code"; text: string }
  | { type: "hr" }
  | { type: "gallery"; layout: GalleryLayout; images: GalleryImage[] };

/** Links and media may only point at http(s) URLs or this site's own paths. */
export function safeUrl(raw: string, { allowMailto = false } = {}): string | null {
  const url = raw.trim();
  // "//host" and "/\host" are other sites to a browser, not paths on this one.
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return url;
  if (url.startsWith("#")) return url;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === "http:" || parsed.protocol === "https:") return parsed.href;
    if (allowMailto && parsed.protocol === "mailto:") return parsed.href;
  } catch {
    // not an absolute URL
  }
  return null;
}

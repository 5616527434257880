/**
 * An article's or issue's Markdown tree (app/lib/markdown.ts, parsed by app/server/content/markdown.server.ts) as
 * e-mail HTML: the same safe tree as the article page, rendered by React (every text escaped), with inline styles.
 *
 * - Links: exactly as written; site paths become absolute on the site's origin. A "#fragment" points into the
 *   article when the mail has one (`baseUrl`), otherwise it stays plain text: a mail has no page to jump in.
 * - Images are images: `<img>` with an absolute URL on the site's origin (the parser lets only site paths through),
 *   a `width` (the image's own when the media library knows it, at most the column's 560 px) and an `alt`.
 * - Alt text: the Markdown's own. Without one, an inline image takes its caption (the Markdown title, which the mail
 *   does not show otherwise); a gallery image shows its caption under it, so its alt stays empty rather than saying it
 *   twice. An image with no words at all gets alt="" and role="presentation": a screen reader skips it instead of
 *   reading out its file name.
 * - Gallery blocks: a table of images, two per row ("single" galleries: one per row), captions under them.
 * - `loading="lazy"` on every image: without it React 19 adds `<link rel="preload">` for each image to the document's
 *   head. Mail clients ignore the attribute.
 */
import type { ReactNode } from "react";
import type { Block, GalleryImage, Inline } from "~/lib/markdown";
import { styles } from "./layout.server";

/** The column of the layout's card, in CSS pixels: the widest an image is shown. */
export const EMAIL_CONTENT_WIDTH = 560;
const GALLERY_GAP = 16;
/** Each of a gallery row's two cells. */
export const GALLERY_CELL_WIDTH = (EMAIL_CONTENT_WIDTH - GALLERY_GAP) / 2;

/** Intrinsic widths of images, by their URL as written in the Markdown (site path) or absolute. */
export type ImageWidths = Readonly<Record<string, number>>;

export type MarkdownMailContext = {
  /** The site's origin, without a trailing slash: site paths become absolute on it. */
  origin: string;
  imageWidths?: ImageWidths;
  /** The page the mail stands for (an issue's article): "#fragment" links point into it. */
  baseUrl?: string;
  /** A link's href as sent, once absolute (an issue tags its links to the site: newsletter.server.tsx); images are never changed. */
  linkHref?: (url: string) => string;
};

/** An href or src as the e-mail uses it: absolute http(s) or mailto, or null when it cannot be made absolute. */
export function mailUrl(url: string, context: MarkdownMailContext): string | null {
  if (url.startsWith("/") && !url.startsWith("//")) return `${context.origin}${url}`;
  if (url.startsWith("#")) return context.baseUrl ? `${context.baseUrl.replace(/#.*$/, "")}${url}` : null;
  if (/^https?:\/\/[^/]/i.test(url) || /^mailto:[^/]/i.test(url)) return url;
  return null;
}

/** The width an image is shown at: its own when known, never wider than `max`. */
export function imageWidth(src: string, context: MarkdownMailContext, max = EMAIL_CONTENT_WIDTH) {
  const widths = context.imageWidths ?? {};
  const own = widths[src] ?? widths[mailUrl(src, context) ?? ""];
  return own && own > 0 ? Math.min(Math.round(own), max) : max;
}

const IMAGE_STYLE = { display: "block", maxWidth: "100%", height: "auto", border: 0 } as const;

/** One image as e-mail HTML (see the file's comment for alt and width). `src` must already be absolute. */
export function EmailImage({ src, alt, width }: { src: string; alt: string; width: number }) {
  return <img src={src} alt={alt} width={width} loading="lazy" {...(alt ? {} : { role: "presentation" })} style={IMAGE_STYLE} />;
}

function inlineImage(image: { src: string; alt: string; caption?: string }, context: MarkdownMailContext, key: number) {
  const src = mailUrl(image.src, context);
  if (!src) return image.alt ? <span key={key}>{image.alt}</span> : null;
  return <EmailImage key={key} src={src} alt={image.alt || image.caption || ""} width={imageWidth(image.src, context)} />;
}

export function EmailInlines({ items, context }: { items: Inline[]; context: MarkdownMailContext }): ReactNode {
  return items.map((item, i) => {
    switch (item.type) {
      case "text":
        return item.text;
      case "strong":
      case "em":
      case "del": {
        const Tag = item.type;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: inline runs of the parsed tree have no id and never reorder
          <Tag key={i}>
            <EmailInlines items={item.children} context={context} />
          </Tag>
        );
      }
      case "code":
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <code key={i} style={{ fontFamily: "ui-monospace,Menlo,Consolas,monospace", fontSize: 14 }}>
            {item.text}
          </code>
        );
      case "br":
        // biome-ignore lint/suspicious/noArrayIndexKey: as above
        return <br key={i} />;
      case "link": {
        const absolute = mailUrl(item.href, context);
        const href = absolute && context.linkHref ? context.linkHref(absolute) : absolute;
        const children = <EmailInlines items={item.children} context={context} />;
        return href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <a key={i} href={href} style={styles.bodyLink}>
            {children}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i}>{children}</span>
        );
      }
      case "image":
        return inlineImage(item, context, i);
      default:
        return null;
    }
  });
}

const CAPTION_STYLE = { margin: "8px 0 0", ...styles.font, fontSize: 13, lineHeight: 1.4, color: "#6b7280", textAlign: "center" } as const;

function GalleryCell({ image, context, width }: { image: GalleryImage; context: MarkdownMailContext; width: number }) {
  const src = mailUrl(image.src, context);
  return (
    <>
      {src ? <EmailImage src={src} alt={image.alt} width={imageWidth(image.src, context, width)} /> : null}
      {image.caption ? <p style={CAPTION_STYLE}>{image.caption}</p> : null}
    </>
  );
}

/** A gallery block: a layout table (two images a row; one for a "single" gallery or a lone image), captions under them. */
export function EmailGallery({ images, layout, context }: { images: GalleryImage[]; layout: string; context: MarkdownMailContext }) {
  const perRow = layout === "single" || images.length === 1 ? 1 : 2;
  const rows: GalleryImage[][] = [];
  for (let i = 0; i < images.length; i += perRow) rows.push(images.slice(i, i + perRow));
  const cellWidth = perRow === 1 ? EMAIL_CONTENT_WIDTH : GALLERY_CELL_WIDTH;
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} width="100%" style={{ margin: "0 0 16px", borderCollapse: "collapse" }}>
      <tbody>
        {rows.map((row, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the gallery's rows never reorder
          <tr key={r}>
            {row.map((image, c) => (
              <td
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                key={c}
                width={perRow === 1 ? "100%" : "50%"}
                valign="top"
                style={{ padding: perRow === 1 ? "0 0 16px" : c === 0 ? `0 ${GALLERY_GAP / 2}px 16px 0` : `0 0 16px ${GALLERY_GAP / 2}px` }}
              >
                <GalleryCell image={image} context={context} width={cellWidth} />
              </td>
            ))}
            {row.length < perRow ? <td width="50%" /> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function EmailBlocks({ blocks, context }: { blocks: Block[]; context: MarkdownMailContext }): ReactNode {
  // biome-ignore lint/suspicious/noArrayIndexKey: the parsed tree's blocks have no id and never reorder
  return blocks.map((block, i) => <EmailBlock key={i} block={block} context={context} />);
}

function EmailBlock({ block, context }: { block: Block; context: MarkdownMailContext }): ReactNode {
  switch (block.type) {
    case "heading": {
      const Tag = `h${block.level}` as const;
      return (
        <Tag style={{ margin: "24px 0 12px", ...styles.font, fontSize: block.level === 2 ? 20 : 18, lineHeight: 1.3, color: "#111827" }}>
          <EmailInlines items={block.children} context={context} />
        </Tag>
      );
    }
    case "paragraph":
      return (
        <p style={styles.p}>
          <EmailInlines items={block.children} context={context} />
        </p>
      );
    case "list": {
      const Tag = block.ordered ? "ol" : "ul";
      return (
        <Tag {...(block.ordered && block.start !== 1 ? { start: block.start } : {})} style={{ margin: "0 0 16px", paddingLeft: 24 }}>
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items of the parsed tree never reorder
            <li key={i} style={styles.li}>
              <EmailBlocks blocks={item} context={context} />
            </li>
          ))}
        </Tag>
      );
    }
    case "blockquote":
      return (
        <blockquote style={{ margin: "0 0 16px", paddingLeft: 16, borderLeft: "3px solid #e5e1d8" }}>
          <EmailBlocks blocks={block.children} context={context} />
        </blockquote>
      );
    case "code":
      return (
        <pre style={{ margin: "0 0 16px", padding: 12, background: "#f5f3ef", whiteSpace: "pre-wrap", fontSize: 14 }}>
          <code>{block.text}</code>
        </pre>
      );
    case "hr":
      return <hr style={{ margin: "24px 0", border: 0, borderTop: "1px solid #e5e1d8" }} />;
    case "gallery":
      return <EmailGallery images={block.images} layout={block.layout} context={context} />;
    case "pullquote":
      // Mail clients style <figure> unevenly: a centred, larger quote between rules, and who said it under it.
      return (
        <blockquote
          style={{
            margin: "24px 0",
            padding: "16px 0",
            borderTop: "2px solid #e5e1d8",
            borderBottom: "2px solid #e5e1d8",
            textAlign: "center",
          }}
        >
          <p style={{ margin: 0, fontSize: 22, lineHeight: 1.35, fontWeight: 600, whiteSpace: "pre-line" }}>{block.text}</p>
          {block.caption && <p style={{ margin: "8px 0 0", fontSize: 15, color: "#6b665e" }}>{`\u2014 ${block.caption}`}</p>}
        </blockquote>
      );
    default:
      return null;
  }
}

/** An inline run as plain text: links as "words (url)", images as their alt text and address. */
export function inlinesText(items: Inline[], context: MarkdownMailContext): string {
  return items
    .map((item) => {
      switch (item.type) {
        case "text":
        case "code":
          return item.text;
        case "strong":
        case "em":
        case "del":
          return inlinesText(item.children, context);
        case "br":
          return "\n";
        case "link": {
          const words = inlinesText(item.children, context);
          const href = mailUrl(item.href, context);
          return href && href !== words ? `${words} (${href})` : words;
        }
        case "image": {
          const src = mailUrl(item.src, context);
          const words = item.alt || item.caption || "Image";
          return src ? `[${words}: ${src}]` : words;
        }
        default:
          return "";
      }
    })
    .join("");
}

/** How much of an article an "excerpt" issue shows: its first paragraphs, up to two of them or about 600 characters. */
export const EXCERPT_MAX_PARAGRAPHS = 2;
export const EXCERPT_MAX_CHARS = 600;

/** Text only (for counting): what a reader reads of an inline run. */
function plainLength(items: Inline[]): number {
  return items.reduce((sum, item) => {
    if (item.type === "text" || item.type === "code") return sum + item.text.length;
    if (item.type === "strong" || item.type === "em" || item.type === "del" || item.type === "link")
      return sum + plainLength(item.children);
    return sum;
  }, 0);
}

/** The words of `text` that fit in `budget` characters, cut at a space when there is one, and an ellipsis. */
function cutText(text: string, budget: number) {
  const head = text.slice(0, budget);
  const space = head.lastIndexOf(" ");
  return `${(space > budget / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

function truncateInlines(items: Inline[], budget: { left: number }): Inline[] {
  const out: Inline[] = [];
  for (const item of items) {
    if (budget.left <= 0) break;
    if (item.type === "text" || item.type === "code") {
      if (item.text.length <= budget.left) {
        out.push(item);
        budget.left -= item.text.length;
      } else {
        out.push({ ...item, text: cutText(item.text, budget.left) });
        budget.left = 0;
      }
    } else if (item.type === "strong" || item.type === "em" || item.type === "del" || item.type === "link") {
      const children = truncateInlines(item.children, budget);
      if (children.length) out.push({ ...item, children });
    } else out.push(item);
  }
  return out;
}

/**
 * The leading paragraphs of a body, for an "excerpt" issue: headings, images and galleries before the first paragraph
 * are skipped (the mail shows the article's title and cover), then paragraphs are taken until two are taken, the next
 * would pass ~600 characters, or a heading starts another section. A first paragraph longer than that is cut at a word.
 */
export function excerptBlocks(blocks: Block[]): Block[] {
  const taken: Block[] = [];
  let chars = 0;
  for (const block of blocks) {
    if (taken.length >= EXCERPT_MAX_PARAGRAPHS) break;
    if (block.type === "paragraph") {
      const length = plainLength(block.children);
      if (length === 0) continue;
      if (taken.length === 0 && length > EXCERPT_MAX_CHARS) {
        taken.push({ type: "paragraph", children: truncateInlines(block.children, { left: EXCERPT_MAX_CHARS }) });
        break;
      }
      if (chars + length > EXCERPT_MAX_CHARS && taken.length > 0) break;
      taken.push(block);
      chars += length;
    } else if (taken.length > 0 && block.type !== "gallery" && block.type !== "hr") break;
  }
  return taken;
}

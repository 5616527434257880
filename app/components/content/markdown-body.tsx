import { useContext } from "react";
import { DocumentBodiesContext } from "~/lib/document-body";
import type { Block, GalleryImage, Inline } from "~/lib/markdown";
import { imageSrcset } from "~/lib/image-sizes";

/** How wide a body image is shown: the text column (at most 48rem) or the screen. */
const BODY_IMAGE_SIZES = "(min-width: 48rem) 48rem, 100vw";
/** A tile of a two-column gallery: half the column from the `sm` breakpoint. */
const GALLERY_TILE_SIZES = "(min-width: 40rem) 24rem, 100vw";

/** An image's `srcSet` and `sizes`: both for a library image of known width (its copies), neither for any other. */
function responsiveImage(src: string, width: number | undefined, sizes: string) {
  const srcSet = imageSrcset(src, width);
  return srcSet ? { srcSet, sizes } : {};
}

/** The server's markup of the bodies this browser hydrated over, by body (see below). */
const serverMarkup: Record<string, { __html: string }> = {};

/**
 * Renders the server-parsed article tree. Only React elements: nothing here can inject markup. A page that
 * sends its body once (`name`, app/server/content/document-body.server.ts) has no blocks in its loader data after a
 * document request: the server renders them from the request's bodies, and the browser keeps that markup.
 */
export function MarkdownBody({
  blocks,
  name,
  className = "article-body",
}: {
  blocks: Block[] | undefined;
  name?: string;
  /** The body's class: "article-body" (the long-form typography of app/app.css) unless a short text has its own (an author's bio). */
  className?: string;
}) {
  const bodies = useContext(DocumentBodiesContext);
  const tree = blocks ?? (name ? bodies?.get(name) : undefined);
  if (!tree) {
    // In the browser, after a document request. Hydration keeps an element's markup when React is given an innerHTML
    // for it (React neither compares nor replaces it): an empty one first. The ref then records the markup in that
    // same object, so a later render changes nothing and a page that mounts again without its data (an interrupted
    // navigation, say) gets the body back. It is the server's render of the same safe tree.
    // By body alone: only the document's own page can lack its body (client navigations bring theirs).
    const markup = serverMarkup[name ?? ""] ?? { __html: "" };
    serverMarkup[name ?? ""] = markup;
    return (
      <div
        key="markup"
        className={className}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty on hydration; after it, the server's own markup of the safe tree
        dangerouslySetInnerHTML={markup}
        ref={(element) => {
          if (element) markup.__html = element.innerHTML;
        }}
      />
    );
  }
  return (
    <div key="tree" className={className}>
      {tree.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks of the parsed article tree have no id and never reorder
        <BlockView key={i} block={block} />
      ))}
    </div>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.type) {
    case "heading": {
      const Tag = `h${block.level}` as "h2" | "h3" | "h4";
      return (
        <Tag>
          <InlineList items={block.children} />
        </Tag>
      );
    }
    case "paragraph":
      return <Paragraph items={block.children} />;
    case "list": {
      const items = block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items of the parsed article tree have no id and never reorder
        <li key={i}>
          <BlockList blocks={item} />
        </li>
      ));
      return block.ordered ? <ol start={block.start}>{items}</ol> : <ul>{items}</ul>;
    }
    case "blockquote":
      return (
        <blockquote>
          <BlockList blocks={block.children} />
        </blockquote>
      );
    case "code":
      return (
        <pre>
          <code>{block.text}</code>
        </pre>
      );
    case "hr":
      return <hr />;
    case "gallery":
      return <Gallery layout={block.layout} images={block.images} />;
    case "pullquote":
      // A figure: the quote and who said it belong together, and the figure sets it apart from the running text.
      return (
        <figure className="pullquote">
          <blockquote>
            <p>{block.text}</p>
          </blockquote>
          {block.caption && <figcaption>{block.caption}</figcaption>}
        </figure>
      );
  }
}

type CaptionedImage = Extract<Inline, { type: "image" }> & { caption: string };
const isCaptioned = (item: Inline): item is CaptionedImage => item.type === "image" && Boolean(item.caption);

/**
 * A paragraph. An image with a caption is a figure, its caption shown under it: the paragraph's text before and after
 * it become paragraphs of their own, since a figure cannot sit inside a <p> (the browser would split it anyway, and the
 * markup it hydrates over must be the markup sent).
 */
function Paragraph({ items }: { items: Inline[] }) {
  if (!items.some(isCaptioned)) {
    return (
      <p>
        <InlineList items={items} />
      </p>
    );
  }
  const parts: (Inline[] | CaptionedImage)[] = [[]];
  for (const item of items) {
    const last = parts.at(-1);
    if (isCaptioned(item)) parts.push(item, []);
    else if (Array.isArray(last)) last.push(item);
  }
  const blank = (run: Inline[]) => run.every((item) => item.type === "br" || (item.type === "text" && item.text.trim() === ""));
  return (
    <>
      {parts.map((part, i) =>
        Array.isArray(part) ? (
          blank(part) ? null : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one parsed paragraph never reorder
            <p key={i}>
              <InlineList items={part} />
            </p>
          )
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one parsed paragraph never reorder
          <figure key={i}>
            <img
              src={part.src}
              {...responsiveImage(part.src, part.width, BODY_IMAGE_SIZES)}
              alt={part.alt}
              loading="lazy"
              decoding="async"
            />
            <figcaption>{part.caption}</figcaption>
          </figure>
        ),
      )}
    </>
  );
}

function BlockList({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks of the parsed article tree have no id and never reorder
        <BlockView key={i} block={block} />
      ))}
    </>
  );
}

function InlineList({ items }: { items: Inline[] }) {
  return (
    <>
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: inline runs of the parsed article tree have no id and never reorder
        <InlineView key={i} item={item} />
      ))}
    </>
  );
}

function InlineView({ item }: { item: Inline }) {
  switch (item.type) {
    case "text":
      return <>{item.text}</>;
    case "strong":
    case "em":
    case "del": {
      const Tag = item.type;
      return (
        <Tag>
          <InlineList items={item.children} />
        </Tag>
      );
    }
    case "code":
      return <code>{item.text}</code>;
    case "br":
      return <br />;
    case "link": {
      const external = /^https?:/.test(item.href);
      return (
        <a href={item.href} {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}>
          <InlineList items={item.children} />
          {external && <span className="sr-only"> (opens in a new tab)</span>}
        </a>
      );
    }
    case "image":
      // An image without a caption (one with a caption is a figure: Paragraph).
      return (
        <img
          src={item.src}
          {...responsiveImage(item.src, item.width, BODY_IMAGE_SIZES)}
          alt={item.alt}
          loading="lazy"
          decoding="async"
          className="inline-block"
        />
      );
  }
}

const GALLERY_CLASSES = {
  single: "",
  grid: "grid gap-4 sm:grid-cols-2",
  masonry: "columns-1 gap-4 sm:columns-2 [&>figure]:mb-4 [&>figure]:break-inside-avoid",
} as const;

function Gallery({ layout: requested, images }: { layout: keyof typeof GALLERY_CLASSES; images: GalleryImage[] }) {
  // Two images in masonry columns sit side by side at different heights, so their captions would not line
  // up: they get the grid's equal frames (aspect-ratio + object-cover) instead.
  const layout = requested === "masonry" && images.length === 2 ? "grid" : requested;
  return (
    <div className={`not-prose my-8 ${GALLERY_CLASSES[layout]}`} data-gallery={layout}>
      {images.map((image, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the gallery's images come from the parsed article and never reorder
        <figure key={i} className="m-0">
          <img
            src={image.src}
            {...responsiveImage(image.src, image.width, layout === "single" ? BODY_IMAGE_SIZES : GALLERY_TILE_SIZES)}
            alt={image.alt}
            width={1200}
            height={layout === "masonry" && i % 2 === 1 ? 1000 : 800}
            loading="lazy"
            decoding="async"
            className={`w-full rounded-lg bg-muted object-cover ${layout === "masonry" && i % 2 === 1 ? "aspect-[6/5]" : "aspect-[3/2]"}`}
          />
          {image.caption && <figcaption className="mt-2 text-center text-sm text-muted-foreground">{image.caption}</figcaption>}
        </figure>
      ))}
    </div>
  );
}

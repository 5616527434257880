/**
 * A caption is shown under its image (the image dialog promises it): an image with a caption renders as a figure with
 * a figcaption, never as a tooltip (`title`), and never inside a <p>, which the browser would split (the markup it
 * hydrates over must be the markup sent: app/server/content/document-body.server.ts).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Block } from "~/lib/markdown";
import { parseMarkdown } from "~/server/content/markdown.server";
import { MarkdownBody } from "./markdown-body";

const html = (markdown: string) => renderToStaticMarkup(<MarkdownBody blocks={parseMarkdown(markdown)} />);

describe("image captions", () => {
  it("an image on its own line with a caption is a figure with a figcaption", () => {
    const out = html('![A calm sea](/images/hero.svg "Low tide")');
    expect(out).toContain(
      '<figure><img src="/images/hero.svg" alt="A calm sea" loading="lazy" decoding="async"/><figcaption>Low tide</figcaption></figure>',
    );
    expect(out).not.toContain("title=");
    expect(out).not.toMatch(/<p>\s*<\/p>/);
  });

  it("an image with a caption inside running text splits the paragraph around its figure", () => {
    const out = html('The sea this morning: ![A calm sea](/images/hero.svg "Low tide") and after.');
    expect(out).toBe(
      '<div class="article-body"><p>The sea this morning: </p><figure><img src="/images/hero.svg" alt="A calm sea" loading="lazy" decoding="async"/><figcaption>Low tide</figcaption></figure><p> and after.</p></div>',
    );
  });

  it("an image without a caption stays inline in its paragraph, without a title", () => {
    expect(html("Before ![A calm sea](/images/hero.svg) after.")).toBe(
      '<div class="article-body"><p>Before <img src="/images/hero.svg" alt="A calm sea" loading="lazy" decoding="async" class="inline-block"/> after.</p></div>',
    );
  });
});

describe("image sizes (srcset)", () => {
  const key = `${"ab".repeat(32)}.png`;
  const sized = (markdown: string, width: number): Block[] =>
    parseMarkdown(markdown).map((block) =>
      block.type === "paragraph"
        ? { ...block, children: block.children.map((item) => (item.type === "image" ? { ...item, width } : item)) }
        : block.type === "gallery"
          ? { ...block, images: block.images.map((image) => ({ ...image, width })) }
          : block,
    );
  const render = (blocks: Block[]) => renderToStaticMarkup(<MarkdownBody blocks={blocks} />);

  it("a library image of known width offers its narrower copies and itself, with the column's sizes", () => {
    const out = render(sized(`![A wide view](/media/${key} "The bay")`, 2000));
    expect(out).toContain(
      `<img src="/media/${key}" srcSet="/media/${key}?w=480 480w, /media/${key}?w=960 960w, /media/${key}?w=1600 1600w, /media/${key} 2000w" sizes="(min-width: 48rem) 48rem, 100vw" alt="A wide view"`,
    );
    const inline = render(sized(`Before ![Narrower](/media/${key}) after`, 1000));
    expect(inline).toContain(`srcSet="/media/${key}?w=480 480w, /media/${key}?w=960 960w, /media/${key} 1000w"`);
  });

  it("a gallery tile gets the half column's sizes", () => {
    const out = render(sized(`\`\`\`gallery grid\n![One](/media/${key})\n![Two](/media/${key})\n\`\`\``, 1200));
    expect(out).toContain('sizes="(min-width: 40rem) 24rem, 100vw"');
  });

  it("an image from elsewhere, of unknown width, or too narrow for copies gets neither srcset nor sizes", () => {
    for (const out of [
      render(sized("![Elsewhere](/images/hero.svg)", 2000)),
      render(parseMarkdown(`![Unknown width](/media/${key})`)),
      render(sized(`![Small](/media/${key})`, 400)),
      render(sized(`![Moving](/media/${"ab".repeat(32)}.gif)`, 2000)),
    ]) {
      expect(out).not.toContain("srcSet");
      expect(out).not.toContain("sizes=");
    }
  });
});

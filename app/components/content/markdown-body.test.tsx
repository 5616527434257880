/**
 * A caption is shown under its image (the image dialog promises it): an image with a caption renders as a figure with
 * a figcaption, never as a tooltip (`title`), and never inside a <p>, which the browser would split (the markup it
 * hydrates over must be the markup sent: app/server/content/document-body.server.ts).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
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

import { describe, expect, it } from "vitest";
import { parseMarkdown } from "./markdown.server";

describe("parseMarkdown", () => {
  it("keeps headings, lists, quotes and inline emphasis", () => {
    const tree = parseMarkdown("# Top\n\n## Part\n\nSome **bold** and *soft* text.\n\n- one\n- two\n\n> A quote\n");
    expect(tree.map((b) => b.type)).toEqual(["heading", "heading", "paragraph", "list", "blockquote"]);
    expect(tree[0]).toMatchObject({ level: 2 }); // h1 is reserved for the page title
    expect(tree[2]).toMatchObject({
      children: [
        { type: "text", text: "Some " },
        { type: "strong", children: [{ type: "text", text: "bold" }] },
        { type: "text", text: " and " },
        { type: "em" },
        { type: "text", text: " text." },
      ],
    });
    expect(tree[3]).toMatchObject({ ordered: false, items: [[{ type: "paragraph" }], [{ type: "paragraph" }]] });
  });

  it("turns gallery fences into image groups with captions", () => {
    const tree = parseMarkdown(
      '```gallery masonry\n![A lake](/images/gallery/mountain-lake.svg "Still water")\n![Stones](/images/gallery/zen-stones.svg)\n```',
    );
    expect(tree).toEqual([
      {
        type: "gallery",
        layout: "masonry",
        images: [
          { src: "/images/gallery/mountain-lake.svg", alt: "A lake", caption: "Still water" },
          { src: "/images/gallery/zen-stones.svg", alt: "Stones" },
        ],
      },
    ]);
  });

  it("turns pullquote fences into pull quotes, the last line's dash naming who said it", () => {
    expect(parseMarkdown("```pullquote\nThe obstacle is the way.\n\u2014 Marcus Aurelius\n```")).toEqual([
      { type: "pullquote", text: "The obstacle is the way.", caption: "Marcus Aurelius" },
    ]);
    // Without a dash the last line is part of the quote; a lone dash line is the quote itself; an empty one is nothing.
    expect(parseMarkdown("```pullquote\nTwo lines\nof quote\n```")).toEqual([{ type: "pullquote", text: "Two lines\nof quote" }]);
    expect(parseMarkdown("```pullquote\n-- only a dash line\n```")).toEqual([{ type: "pullquote", text: "-- only a dash line" }]);
    expect(parseMarkdown("```pullquote\n\n```")).toEqual([]);
    // Its text is plain: no Markdown, no HTML.
    expect(parseMarkdown("```pullquote\n**not bold** <b>x</b>\n```")).toEqual([{ type: "pullquote", text: "**not bold** <b>x</b>" }]);
  });

  it("joins the texts marked splits at escapes, so escaped and plain words give the same tree", () => {
    expect(parseMarkdown("a \\[pause\\] b")).toEqual(parseMarkdown("a [pause] b"));
    expect(parseMarkdown("a [pause] b")).toEqual([{ type: "paragraph", children: [{ type: "text", text: "a [pause] b" }] }]);
  });

  it("renders raw HTML as text and drops javascript: links and images", () => {
    const tree = parseMarkdown(
      "<script>alert(1)</script>\n\n[click](javascript:alert(1)) ![x](javascript:alert(2)) <img src=x onerror=alert(3)>",
    );
    const json = JSON.stringify(tree);
    expect(json).not.toContain('"href":"javascript');
    expect(json).not.toContain('"src":"javascript');
    expect(tree[0]).toEqual({ type: "paragraph", children: [{ type: "text", text: "<script>alert(1)</script>" }] });
    expect(json).toContain('"text":"click x '); // the refused link's words stay, as text
  });
});

describe("parseMarkdown, once per text", () => {
  it("returns the tree it made before for the same text, and a new one for another text", () => {
    const text = "# Title\n\nSome *text* with a [link](https://example.com).";
    const first = parseMarkdown(text);
    expect(parseMarkdown(text)).toBe(first);
    expect(parseMarkdown(`${text} More.`)).not.toBe(first);
    expect(parseMarkdown(`${text} More.`)).toEqual(parseMarkdown(`${text} More.`));
  });
});

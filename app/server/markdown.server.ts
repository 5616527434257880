import { Lexer, type Token, type Tokens } from "marked";
import { safeUrl, type Block, type GalleryImage, type GalleryLayout, type Inline } from "~/lib/markdown";

const GALLERY_LAYOUTS: GalleryLayout[] = ["single", "grid", "masonry"];
const IMAGE_LINE = /^!\[([^\]]*)\]\(\s*(\S+?)(?:\s+"([^"]*)")?\s*\)$/;

/** Parses an article's Markdown into the safe block tree. Raw HTML is kept as visible text, never as markup. */
export function parseMarkdown(markdown: string): Block[] {
  const tokens = new Lexer({ gfm: true }).lex(markdown);
  return blocks(tokens);
}

function blocks(tokens: Token[]): Block[] {
  const out: Block[] = [];
  for (const token of tokens) {
    const block = toBlock(token);
    if (block) out.push(block);
  }
  return out;
}

function toBlock(token: Token): Block | null {
  switch (token.type) {
    case "heading": {
      const t = token as Tokens.Heading;
      // The page title is the only h1; deeper levels are folded to h4.
      const level = Math.min(Math.max(t.depth, 2), 4) as 2 | 3 | 4;
      return { type: "heading", level, children: inlines(t.tokens) };
    }
    case "paragraph":
      return { type: "paragraph", children: inlines((token as Tokens.Paragraph).tokens) };
    case "text": {
      const t = token as Tokens.Text;
      return { type: "paragraph", children: t.tokens ? inlines(t.tokens) : [{ type: "text", text: t.text }] };
    }
    case "list": {
      const t = token as Tokens.List;
      return {
        type: "list",
        ordered: t.ordered,
        start: typeof t.start === "number" ? t.start : 1,
        items: t.items.map((item) => blocks(item.tokens)),
      };
    }
    case "blockquote":
      return { type: "blockquote", children: blocks((token as Tokens.Blockquote).tokens) };
    case "code": {
      const t = token as Tokens.Code;
      const [kind, layout] = (t.lang ?? "").trim().split(/\s+/);
      if (kind === "gallery") return gallery(t.text, layout);
      return { type: "code", text: t.text };
    }
    case "hr":
      return { type: "hr" };
    case "html":
      return { type: "paragraph", children: [{ type: "text", text: (token as Tokens.HTML).text.trim() }] };
    case "space":
      return null;
    default:
      return "raw" in token && token.raw.trim() ? { type: "paragraph", children: [{ type: "text", text: token.raw.trim() }] } : null;
  }
}

function gallery(body: string, layoutName: string | undefined): Block | null {
  const images: GalleryImage[] = [];
  for (const line of body.split("\n")) {
    const match = IMAGE_LINE.exec(line.trim());
    if (!match) continue;
    const src = safeUrl(match[2]);
    if (src) images.push({ alt: match[1], src, ...(match[3] ? { caption: match[3] } : {}) });
  }
  if (images.length === 0) return null;
  const layout = GALLERY_LAYOUTS.find((l) => l === layoutName) ?? (images.length === 1 ? "single" : "grid");
  return { type: "gallery", layout, images };
}

function inlines(tokens: Token[] | undefined): Inline[] {
  const out: Inline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "text": {
        const t = token as Tokens.Text;
        if (t.tokens && t.tokens.length > 0) out.push(...inlines(t.tokens));
        else out.push({ type: "text", text: t.text });
        break;
      }
      case "escape":
        out.push({ type: "text", text: (token as Tokens.Escape).text });
        break;
      case "strong":
      case "em":
      case "del":
        out.push({ type: token.type, children: inlines((token as Tokens.Strong).tokens) });
        break;
      case "codespan":
        out.push({ type: "code", text: (token as Tokens.Codespan).text });
        break;
      case "br":
        out.push({ type: "br" });
        break;
      case "link": {
        const t = token as Tokens.Link;
        const href = safeUrl(t.href, { allowMailto: true });
        const children = inlines(t.tokens);
        if (href) out.push({ type: "link", href, children });
        else out.push(...children);
        break;
      }
      case "image": {
        const t = token as Tokens.Image;
        const src = safeUrl(t.href);
        if (src) out.push({ type: "image", src, alt: t.text, ...(t.title ? { caption: t.title } : {}) });
        break;
      }
      default:
        // Inline HTML and anything unknown stay visible as plain text.
        out.push({ type: "text", text: "raw" in token ? token.raw : "" });
    }
  }
  return out;
}

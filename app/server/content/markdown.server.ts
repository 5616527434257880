import { Lexer, Tokenizer, type Token, type Tokens } from "marked";
import { GALLERY_LAYOUTS, MARKDOWN_MAX_CHARS, MARKDOWN_MAX_DEPTH, type Block, type GalleryImage, type Inline } from "~/lib/markdown";
import { safeUrl } from "~/lib/urls";
import { logEvent, shortError } from "../core/log.server";

const IMAGE_LINE = /^!\[([^\]]*)\]\(\s*(\S+?)(?:\s+"([^"]*)")?\s*\)$/;

/**
 * marked recurses once per level of nesting (and re-reads the rest of the text at each level), so 30,000 ">"
 * overflowed the stack. This tokenizer declines a quote or list nested deeper than MARKDOWN_MAX_DEPTH, and
 * likewise emphasis, strike-through and links: marked then reads the marker as plain text.
 */
class BoundedTokenizer extends Tokenizer {
  private blockDepth = 0;
  private inlineDepth = 0;

  override blockquote(src: string) {
    return this.nested("blockDepth", () => super.blockquote(src));
  }
  override list(src: string) {
    return this.nested("blockDepth", () => super.list(src));
  }
  override emStrong(src: string, maskedSrc: string, prevChar?: string) {
    return this.nested("inlineDepth", () => super.emStrong(src, maskedSrc, prevChar));
  }
  override del(src: string, maskedSrc: string, prevChar?: string) {
    return this.nested("inlineDepth", () => super.del(src, maskedSrc, prevChar));
  }
  override link(src: string) {
    return this.nested("inlineDepth", () => super.link(src));
  }
  override reflink(src: string, links: Parameters<Tokenizer["reflink"]>[1]) {
    return this.nested("inlineDepth", () => super.reflink(src, links));
  }

  private nested<T>(counter: "blockDepth" | "inlineDepth", tokenize: () => T): T | undefined {
    const depth = this[counter];
    if (depth >= MARKDOWN_MAX_DEPTH) return undefined;
    this[counter] = depth + 1;
    try {
      return tokenize();
    } finally {
      this[counter] = depth;
    }
  }
}

/**
 * Parses Markdown into the safe block tree. Raw HTML is kept as visible text, never as markup. Writes are
 * refused past the limits (app/lib/admin-schemas.ts); content stored past them still renders, degraded:
 * deeper markers as text, and text past MARKDOWN_MAX_CHARS as plain paragraphs.
 */
export function parseMarkdown(markdown: string): Block[] {
  const known = parsedTrees.get(markdown);
  if (known) {
    // Most recently used last: the oldest entries leave first.
    parsedTrees.delete(markdown);
    parsedTrees.set(markdown, known);
    return known;
  }
  const tree = parseUncached(markdown);
  if (markdown.length <= PARSED_TREES_MAX_CHARS / 8) {
    parsedTrees.set(markdown, tree);
    parsedChars += markdown.length;
    for (const [text] of parsedTrees) {
      if (parsedChars <= PARSED_TREES_MAX_CHARS) break;
      parsedTrees.delete(text);
      parsedChars -= text.length;
    }
  }
  return tree;
}

/**
 * Trees already made in this isolate, keyed by the Markdown itself, so a page view never parses the same text
 * twice (about 1.3 ms an article) and an edit, being another text, is never served an old tree. Bounded by the
 * characters of the texts kept (the trees take a few times that). The trees are shared: never mutate one.
 */
const parsedTrees = new Map<string, Block[]>();
const PARSED_TREES_MAX_CHARS = 4_000_000;
let parsedChars = 0;

function parseUncached(markdown: string): Block[] {
  const head = markdown.slice(0, MARKDOWN_MAX_CHARS);
  const rest = markdown.slice(MARKDOWN_MAX_CHARS);
  let tree: Block[];
  try {
    tree = blocks(new Lexer({ gfm: true, tokenizer: new BoundedTokenizer() }).lex(head), 0);
  } catch (error) {
    // Not expected with the bounds above; a page must still render, so the text is shown as it is.
    logEvent("error", "markdown.parse_failed", { error: shortError(error) });
    return plainParagraphs(markdown);
  }
  return rest ? [...tree, ...plainParagraphs(rest)] : tree;
}

function plainParagraphs(text: string): Block[] {
  return text
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => ({ type: "paragraph", children: [{ type: "text", text: paragraph.trim() }] }));
}

/** The tree's depth is bounded by the tokenizer; this ceiling keeps the conversion (and the renderer) bounded regardless. */
const TREE_CEILING = 2 * MARKDOWN_MAX_DEPTH + 8;

function blocks(tokens: Token[], depth: number): Block[] {
  if (depth > TREE_CEILING) return plainParagraphs(tokens.map((token) => token.raw).join(""));
  const out: Block[] = [];
  for (const token of tokens) {
    const block = toBlock(token, depth + 1);
    if (block) out.push(block);
  }
  return out;
}

function toBlock(token: Token, depth: number): Block | null {
  switch (token.type) {
    case "heading": {
      const t = token as Tokens.Heading;
      // The page title is the only h1; deeper levels are folded to h4.
      const level = Math.min(Math.max(t.depth, 2), 4) as 2 | 3 | 4;
      return { type: "heading", level, children: inlines(t.tokens, depth) };
    }
    case "paragraph":
      return { type: "paragraph", children: inlines((token as Tokens.Paragraph).tokens, depth) };
    case "text": {
      const t = token as Tokens.Text;
      return { type: "paragraph", children: t.tokens ? inlines(t.tokens, depth) : [{ type: "text", text: t.text }] };
    }
    case "list": {
      const t = token as Tokens.List;
      return {
        type: "list",
        ordered: t.ordered,
        start: typeof t.start === "number" ? t.start : 1,
        items: t.items.map((item) => blocks(item.tokens, depth)),
      };
    }
    case "blockquote":
      return { type: "blockquote", children: blocks((token as Tokens.Blockquote).tokens, depth) };
    case "code": {
      const t = token as Tokens.Code;
      const [kind, layout] = (t.lang ?? "").trim().split(/\s+/);
      if (kind === "gallery") return gallery(t.text, layout);
      if (kind === "pullquote") return pullQuote(t.text);
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
    const [, alt = "", url = "", caption] = match;
    const src = safeUrl(url, { siteOnly: true });
    if (src) images.push({ alt, src, ...(caption ? { caption } : {}) });
  }
  if (images.length === 0) return null;
  const layout = GALLERY_LAYOUTS.find((l) => l === layoutName) ?? (images.length === 1 ? "single" : "grid");
  return { type: "gallery", layout, images };
}

/** A line starting with a dash (em or en dash, or two hyphens) names who said the quote: the last line only. */
const ATTRIBUTION = /^(?:\u2014|\u2013|--)\s*(.+)$/;

/**
 * A pull quote's fence body: its text, with an attribution on its last line if that starts with a dash
 * ("— Seneca"). Plain text only: a pull quote repeats words of the article, so it has no links or emphasis.
 */
function pullQuote(body: string): Block | null {
  const lines = body.split("\n").map((line) => line.trim());
  while (lines.length > 0 && !lines.at(-1)) lines.pop();
  const attribution = lines.length > 1 ? ATTRIBUTION.exec(lines.at(-1) ?? "") : null;
  if (attribution) lines.pop();
  const text = lines.join("\n").trim();
  if (!text) return null;
  return { type: "pullquote", text, ...(attribution?.[1] ? { caption: attribution[1].trim() } : {}) };
}

function inlines(tokens: Token[] | undefined, depth: number): Inline[] {
  if (depth > TREE_CEILING) return [{ type: "text", text: (tokens ?? []).map((token) => token.raw).join("") }];
  const out: Inline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "text": {
        const t = token as Tokens.Text;
        if (t.tokens && t.tokens.length > 0) out.push(...inlines(t.tokens, depth));
        else out.push({ type: "text", text: t.text });
        break;
      }
      case "escape":
        out.push({ type: "text", text: (token as Tokens.Escape).text });
        break;
      case "strong":
      case "em":
      case "del":
        out.push({ type: token.type, children: inlines((token as Tokens.Strong).tokens, depth + 1) });
        break;
      case "codespan":
        out.push({ type: "code", text: (token as Tokens.Codespan).text });
        break;
      case "br":
        out.push({ type: "br" });
        break;
      case "link": {
        const t = token as Tokens.Link;
        const href = safeUrl(t.href, { mailto: true, fragment: true });
        const children = inlines(t.tokens, depth + 1);
        if (href) out.push({ type: "link", href, children });
        else out.push(...children);
        break;
      }
      case "image": {
        const t = token as Tokens.Image;
        const src = safeUrl(t.href, { siteOnly: true });
        const offSite = src ? null : safeUrl(t.href);
        const alt = { type: "text", text: t.text } as const;
        // Images come from this site only (docs/decisions/0001-images-in-the-csp.md): an off-site one becomes a
        // link to it, which the reader may follow; an unsafe one leaves its alt text.
        if (src) out.push({ type: "image", src, alt: t.text, ...(t.title ? { caption: t.title } : {}) });
        else if (offSite) out.push({ type: "link", href: offSite, children: [alt] });
        else if (t.text) out.push(alt);
        break;
      }
      default:
        // Inline HTML and anything unknown stay visible as plain text.
        out.push({ type: "text", text: "raw" in token ? token.raw : "" });
    }
  }
  return joinTexts(out);
}

/**
 * Adjacent texts as one: marked splits text at escapes ("\\[" is three texts), and the same words must give the same
 * tree however they were escaped, so the visual editor's Markdown (which escapes more) renders the same HTML.
 */
function joinTexts(items: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const item of items) {
    const last = out.at(-1);
    if (item.type === "text" && last?.type === "text") out[out.length - 1] = { type: "text", text: last.text + item.text };
    else out.push(item);
  }
  return out;
}

/**
 * The visual editor's document: TipTap's nodes and marks for exactly the blocks of our safe Markdown
 * (app/lib/markdown.ts), each with its Markdown parse and render (@tiptap/markdown, which lexes with marked,
 * the server's parser too). Shared by the editor (./visual-editor.tsx) and the round-trip test
 * (./round-trip.test.ts), which proves that parse → serialise gives every seed text the same public HTML.
 * Decision: docs/decisions/0012-visual-editor.md.
 */
import { type AnyExtension, Extension, type JSONContent, Node, mergeAttributes } from "@tiptap/core";
import Heading from "@tiptap/extension-heading";
import Image from "@tiptap/extension-image";
import { Markdown } from "@tiptap/markdown";
import { Plugin } from "@tiptap/pm/state";
import StarterKit from "@tiptap/starter-kit";
import { Marked, Tokenizer, type Tokens } from "marked";
import { safeUrl } from "~/lib/urls";

/** The heading levels an author writes; the page title is the only h1 (the server folds other levels the same way). */
export const HEADING_LEVELS = [2, 3, 4] as const;

/**
 * A fenced block of one of our kinds (```gallery grid, ```pullquote): its fence, info string and body. Fences of
 * four or more backticks let a body hold three; a fence left open runs to the end, as marked reads it.
 */
function fencedBlock(kind: string) {
  const pattern = new RegExp(
    `^ {0,3}(\`{3,})${kind}(?=[ \\t\\n]|$)([^\\n\`]*)(?:\\n|$)([\\s\\S]*?)(?:^ {0,3}\\1\`*[ \\t]*(?:\\n|$)|(?![\\s\\S]))`,
    "my", // sticky: the block must start the text it is given
  );
  return {
    start: (src: string) => {
      const found = new RegExp(`^ {0,3}\`{3,}${kind}(?=[ \\t\\n]|$)`, "m").exec(src);
      return found ? found.index : -1;
    },
    read(src: string) {
      pattern.lastIndex = 0;
      const match = pattern.exec(src);
      if (!match) return null;
      const [raw, , info = "", body = ""] = match;
      return { raw, info, body: body.replace(/\n$/, "") };
    },
  };
}

/** A fence long enough for its body: one backtick more than the longest run of backticks opening a line in it. */
function fenceFor(body: string) {
  const longest = Math.max(2, ...Array.from(body.matchAll(/^ {0,3}(`{3,})/gm), (match) => match[1]?.length ?? 0));
  return "`".repeat(Math.max(longest + 1, 3));
}

const pullQuoteFence = fencedBlock("pullquote");

/**
 * A pull quote: plain text (no marks; Enter adds a line), its last line "— Name" naming who said it, as the public
 * renderer reads it. Stored as a ```pullquote fence, which any other Markdown reader shows as a quoted block of text.
 */
export const PullQuote = Node.create({
  name: "pullQuote",
  group: "block",
  content: "text*",
  marks: "",
  code: true,
  defining: true,
  parseHTML: () => [{ tag: "figure[data-pullquote]", contentElement: "blockquote", preserveWhitespace: "full" }],
  renderHTML: ({ HTMLAttributes }) => [
    "figure",
    mergeAttributes(HTMLAttributes, { "data-pullquote": "", class: "pullquote" }),
    ["blockquote", { class: "whitespace-pre-wrap" }, 0],
  ],
  addKeyboardShortcuts() {
    return {
      // Enter adds a line (the block is text); Enter on an empty last line, or Mod-Enter, leaves the pull quote.
      "Mod-Enter": () => this.editor.commands.exitCode(),
      Enter: ({ editor }) => {
        const { $from, empty } = editor.state.selection;
        if (!empty || $from.parent.type.name !== this.name) return false;
        const text = $from.parent.textContent;
        if ($from.parentOffset !== text.length || !text.endsWith("\n")) return false;
        return editor
          .chain()
          .command(({ tr }) => {
            tr.delete($from.pos - 1, $from.pos);
            return true;
          })
          .exitCode()
          .run();
      },
    };
  },
  markdownTokenName: "pullquote",
  markdownTokenizer: {
    name: "pullquote",
    level: "block",
    start: pullQuoteFence.start,
    tokenize(src) {
      const block = pullQuoteFence.read(src);
      return block ? { type: "pullquote", raw: block.raw, text: block.body } : undefined;
    },
  },
  parseMarkdown: (token, helpers) => helpers.createNode("pullQuote", {}, token.text ? [helpers.createTextNode(token.text)] : []),
  renderMarkdown: (node: JSONContent) => {
    const text = (node.content ?? []).map((child) => child.text ?? "").join("");
    const fence = fenceFor(text);
    return `${fence}pullquote\n${text}\n${fence}`;
  },
});

const galleryFence = fencedBlock("gallery");
const GALLERY_IMAGE_LINE = /^!\[([^\]]*)\]\(\s*(\S+?)(?:\s+"([^"]*)")?\s*\)$/;

/** A gallery block's images, as the server reads them (app/server/content/markdown.server.ts): site paths only. */
export function galleryImages(body: string) {
  return body.split("\n").flatMap((line) => {
    const match = GALLERY_IMAGE_LINE.exec(line.trim());
    const src = match?.[2] ? safeUrl(match[2], { siteOnly: true }) : null;
    return match && src ? [{ alt: match[1] ?? "", src, caption: match[3] ?? "" }] : [];
  });
}

/**
 * An image group, kept whole: its layout (the fence's info string) and its lines, exactly as written. The editor
 * shows its images; the lines are edited in Source mode (a first slice: issue #29 asks for more).
 */
export const Gallery = Node.create({
  name: "gallery",
  group: "block",
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes: () => ({ info: { default: " grid" }, body: { default: "" } }),
  parseHTML: () => [
    {
      tag: "div[data-gallery-source]",
      getAttrs: (element) => ({ info: element.getAttribute("data-info") ?? "", body: element.getAttribute("data-gallery-source") ?? "" }),
    },
  ],
  renderHTML: ({ node }) => {
    const images = galleryImages(node.attrs.body);
    const layout = String(node.attrs.info).trim() || "grid";
    return [
      "div",
      {
        "data-gallery-source": node.attrs.body,
        "data-info": node.attrs.info,
        class: "not-prose my-6 rounded-md border border-dashed border-border p-3",
      },
      [
        "p",
        { class: "m-0 font-sans text-sm text-muted-foreground" },
        `Image group (${layout}, ${images.length} ${images.length === 1 ? "image" : "images"}): edit its lines in Source mode`,
      ],
      [
        "div",
        { class: "mt-2 grid grid-cols-3 gap-2" },
        ...images.map((image) => [
          "img",
          {
            src: image.src,
            alt: image.alt,
            title: image.caption || null,
            loading: "lazy",
            class: "aspect-[3/2] w-full rounded bg-muted object-cover",
          },
        ]),
      ],
    ];
  },
  markdownTokenName: "gallery",
  markdownTokenizer: {
    name: "gallery",
    level: "block",
    start: galleryFence.start,
    tokenize(src) {
      const block = galleryFence.read(src);
      return block ? { type: "gallery", raw: block.raw, info: block.info, body: block.body } : undefined;
    },
  },
  parseMarkdown: (token, helpers) => helpers.createNode("gallery", { info: token.info ?? "", body: token.body ?? "" }),
  renderMarkdown: (node: JSONContent) => {
    const body = String(node.attrs?.body ?? "");
    const fence = fenceFor(body);
    return `${fence}gallery${node.attrs?.info ?? ""}\n${body}\n${fence}`;
  },
});

/** Headings 2-4; "# x" and "##### x" are read at the nearest of those, as the public renderer shows them. */
const SiteHeading = Heading.extend({
  parseMarkdown(token, helpers) {
    const level = Math.min(Math.max(Number(token.depth) || 2, 2), 4);
    return helpers.createNode("heading", { level }, helpers.parseInline(token.tokens ?? []));
  },
}).configure({ levels: [...HEADING_LEVELS] });

/** A link's URL as the public renderer allows it (the same safeUrl), or null. */
export const linkUrl = (url: string) => safeUrl(url, { mailto: true, fragment: true });

/**
 * Pasting from a word processor or a web page: ProseMirror keeps only what the schema knows (headings, paragraphs,
 * lists, quotes, bold, italic, links), so fonts, colours and sizes are dropped; headings come at our levels (h1 is
 * the page title's, so it becomes h2; h5 and h6 become h4) instead of turning into paragraphs.
 */
const PasteCleanup = Extension.create({
  name: "pasteCleanup",
  addProseMirrorPlugins: () => [
    new Plugin({
      props: {
        transformPastedHTML: (html) => html.replace(/<(\/?)h1(?=[\s>])/gi, "<$1h2").replace(/<(\/?)h[56](?=[\s>])/gi, "<$1h4"),
      },
    }),
  ],
});

/** Every extension of the document; `withMarkdown` adds the Markdown parser and serialiser. */
export function editorExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: false,
      // No Markdown for underline; code blocks stay (``` fences), as do strike-through (~~) and inline code.
      underline: false,
      link: {
        openOnClick: false,
        autolink: false,
        linkOnPaste: true,
        defaultProtocol: "https",
        isAllowedUri: (url) => linkUrl(url) !== null,
        HTMLAttributes: { rel: "noopener noreferrer nofollow", target: null },
      },
    }),
    SiteHeading,
    Image.configure({ inline: true, allowBase64: false }),
    PullQuote,
    Gallery,
    PasteCleanup,
    // A Marked of its own for each editor: @tiptap/markdown adds the fences' tokenizers to the instance it is given.
    Markdown.configure({ marked: markedForEditor() }),
    LiteralText,
  ];
}

type MarkdownOptions = Parameters<typeof Markdown.configure>[0] & {};

/**
 * The editor's marked, reading text as the public page does. Raw HTML is text (ADR 0005): marked's HTML tokens
 * become text, so the editor shows "<b>" as written instead of reading it as markup (TipTap would make it bold, or
 * drop a <script>). Entities are text too: the page shows "&lt;" as written, so its "&" is kept from TipTap's
 * decoding (which reads "&amp;" as "&").
 */
function markedForEditor() {
  const marked = new Marked({ gfm: true });
  const literal = (text: string) => text.replace(/&/g, "&amp;");
  marked.use({
    tokenizer: {
      html(src) {
        const token = Tokenizer.prototype.html.call(this, src);
        if (!token) return false;
        const text = token.raw.trim();
        // A paragraph where marked typed an HTML block: the override may answer with any token.
        return {
          type: "paragraph",
          raw: token.raw,
          text,
          tokens: [{ type: "text", raw: text, text: literal(text) }],
        } as unknown as Tokens.HTML;
      },
      tag(src) {
        const token = Tokenizer.prototype.tag.call(this, src);
        return token ? ({ type: "text", raw: token.raw, text: literal(token.raw) } as unknown as Tokens.Tag) : false;
      },
      inlineText(src) {
        const token = Tokenizer.prototype.inlineText.call(this, src);
        return token ? { ...token, text: literal(token.text) } : false;
      },
    },
  });
  return marked as unknown as MarkdownOptions["marked"];
}

type TextEncoder = { encodeTextForMarkdown: (text: string, node: unknown, parent?: unknown) => string };
const BACKSLASHED: Record<string, string> = { "&amp;": "\\&", "&lt;": "\\<", "&gt;": "\\>" };

/**
 * Writes "&", "<" and ">" in text as backslash escapes ("\\<"), which every Markdown reader, the public page's too,
 * reads as the character; TipTap writes entities ("&lt;"), which the page would show as written. Patches the
 * serialiser's one text encoder (a private method of @tiptap/markdown's MarkdownManager, checked by the round trip).
 */
const LiteralText = Extension.create({
  name: "literalText",
  priority: 50, // after the Markdown extension (100) has made its manager
  onBeforeCreate() {
    const manager = this.editor.markdown as unknown as TextEncoder | undefined;
    if (!manager || typeof manager.encodeTextForMarkdown !== "function") throw new Error("@tiptap/markdown has no text encoder to patch.");
    const encode = manager.encodeTextForMarkdown.bind(manager);
    manager.encodeTextForMarkdown = (text, node, parent) => {
      const encoded = encode(text, node, parent);
      return encoded === text ? text : encoded.replace(/&amp;|&lt;|&gt;/g, (entity) => BACKSLASHED[entity] ?? entity);
    };
  },
});

/** The editor's document as Markdown, without the blank lines its trailing empty paragraph leaves. */
export function markdownOf(editor: { getMarkdown: () => string }) {
  return editor.getMarkdown().replace(/\n+$/, "");
}

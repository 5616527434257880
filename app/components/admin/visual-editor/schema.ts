/**
 * The visual editor's document: TipTap's nodes and marks for exactly the blocks of our safe Markdown
 * (app/lib/markdown.ts), each with its Markdown parse and render (@tiptap/markdown, which lexes with marked,
 * the server's parser too). Shared by the editor (./visual-editor.tsx) and the round-trip test
 * (./round-trip.dom.test.ts), which proves that parse → serialise gives every seed text the same public HTML.
 * Decision: docs/decisions/0012-visual-editor.md.
 */
import { type AnyExtension, Extension, type JSONContent, type MarkdownToken, Node, mergeAttributes } from "@tiptap/core";
import Heading from "@tiptap/extension-heading";
import Image from "@tiptap/extension-image";
import { Markdown } from "@tiptap/markdown";
import { Plugin } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import StarterKit from "@tiptap/starter-kit";
import { marked, Tokenizer } from "marked";
import { GALLERY_LAYOUTS, type GalleryLayout } from "~/lib/markdown";
import { safeUrl } from "~/lib/urls";

/** The heading levels an author writes; the page title is the only h1 (the server folds other levels the same way). */
export const HEADING_LEVELS = [2, 3, 4] as const;

/**
 * The kind of a fenced block and the rest of its info string: "gallery grid" is ["gallery", " grid"]. marked reads the
 * fences (```, ~~~, longer ones, unclosed ones) exactly as the server does; our kinds are told apart by their info.
 */
function fenceKind(token: MarkdownToken) {
  const info = typeof token.lang === "string" ? token.lang : "";
  const kind = /^\S*/.exec(info)?.[0] ?? "";
  return { kind, rest: info.slice(kind.length) };
}

/** A fence long enough for its body: one backtick more than the longest run of backticks opening a line in it. */
function fenceFor(body: string) {
  const longest = Math.max(2, ...Array.from(body.matchAll(/^ {0,3}(`{3,})/gm), (match) => match[1]?.length ?? 0));
  return "`".repeat(Math.max(longest + 1, 3));
}

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
  // Before the code block (priority 100), which would take every fence: this one takes only ```pullquote.
  priority: 110,
  markdownTokenName: "code",
  parseMarkdown: (token, helpers) =>
    fenceKind(token).kind === "pullquote"
      ? helpers.createNode("pullQuote", {}, token.text ? [helpers.createTextNode(token.text)] : [])
      : [],
  renderMarkdown: (node: JSONContent) => {
    const text = (node.content ?? []).map((child) => child.text ?? "").join("");
    const fence = fenceFor(text);
    return `${fence}pullquote\n${text}\n${fence}`;
  },
});

const GALLERY_IMAGE_LINE = /^!\[([^\]]*)\]\(\s*(\S+?)(?:\s+"([^"]*)")?\s*\)$/;

/** A gallery block's images, as the server reads them (app/server/content/markdown.server.ts): site paths only. */
export function galleryImages(body: string): EditedImage[] {
  return body.split("\n").flatMap((line) => {
    const match = GALLERY_IMAGE_LINE.exec(line.trim());
    const src = match?.[2] ? safeUrl(match[2], { siteOnly: true }) : null;
    return match && src ? [{ alt: match[1] ?? "", src, caption: match[3] ?? "" }] : [];
  });
}

/** An image as the editor's dialogs edit it: its caption is the Markdown title ("" for none). */
export type EditedImage = { src: string; alt: string; caption: string };

/**
 * Alt text and a caption as one line of Markdown can carry them: one line, no "]" in the alt (it would end it) nor
 * '"' in the caption (the title's quotes); brackets become parentheses and double quotes single ones.
 */
export function imageText(text: string, part: "alt" | "caption") {
  const line = text.replace(/\s+/g, " ").trim();
  return part === "alt" ? line.replace(/\[/g, "(").replace(/\]/g, ")") : line.replace(/"/g, "'");
}

/** A gallery's layout as the public page reads its info string: a layout named there, else single for one image, else grid. */
export function galleryLayout(info: string, count: number): GalleryLayout {
  const named = info.trim().split(/\s+/)[0];
  return GALLERY_LAYOUTS.find((layout) => layout === named) ?? (count === 1 ? "single" : "grid");
}

/** The gallery node's attributes for a layout and images, edited in the editor: the fence's info and its lines. */
export function galleryAttrs(layout: GalleryLayout, images: EditedImage[]) {
  const lines = images.map((image) => {
    const caption = imageText(image.caption, "caption");
    return `![${imageText(image.alt, "alt")}](${image.src}${caption ? ` "${caption}"` : ""})`;
  });
  return { info: ` ${layout}`, body: lines.join("\n") };
}

/**
 * An image group: its layout (the fence's info string) and its lines, kept exactly as written until the writer edits
 * the group in its dialog (./gallery-dialog.tsx: layout, images, alt text, captions, order), which writes them anew.
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
    const layout = galleryLayout(String(node.attrs.info), images.length);
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
        `Image group (${layout}, ${images.length} ${images.length === 1 ? "image" : "images"}): select it and press Image group, or double-click it, to edit`,
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
  priority: 110, // as the pull quote's
  markdownTokenName: "code",
  parseMarkdown: (token, helpers) => {
    const { kind, rest } = fenceKind(token);
    return kind === "gallery" ? helpers.createNode("gallery", { info: rest, body: token.text ?? "" }) : [];
  },
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

/**
 * An image without alt text (pasted HTML, or written so in Markdown source) is outlined and says why: the body will
 * not save until it has some (app/lib/admin-schemas.ts). Inline styles, so no class is added to the site's stylesheet.
 */
const MissingAlt = Extension.create({
  name: "missingAlt",
  addProseMirrorPlugins: () => [
    new Plugin({
      props: {
        decorations: (state) => {
          const marks: Decoration[] = [];
          state.doc.descendants((node, pos) => {
            if (node.type.name === "image" && !String(node.attrs.alt ?? "").trim()) {
              marks.push(
                Decoration.node(pos, pos + node.nodeSize, {
                  style: "outline: 3px dashed var(--color-destructive); outline-offset: 2px",
                  title: "No alt text: double-click the image to describe it",
                  "data-missing-alt": "",
                }),
              );
            }
          });
          return marks.length ? DecorationSet.create(state.doc, marks) : DecorationSet.empty;
        },
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
    MissingAlt,
    Markdown,
    LiteralText,
  ];
}

/**
 * marked as the editor reads text, the way the public page shows it. Raw HTML is text (ADR 0005): marked's HTML
 * tokens become text, so the editor shows "<b>" as written instead of reading it as markup (TipTap would make it
 * bold, or drop a <script>). Entities are text too: the page shows "&lt;" as written, so its "&" is kept from TipTap's
 * decoding (which reads "&amp;" as "&"). Set once on marked's shared instance, which @tiptap/markdown lexes with (the
 * server's parser passes options of its own, so it is not affected).
 */
const literal = (text: string) => text.replace(/&/g, "&amp;");
marked.use({
  tokenizer: {
    // The overrides answer with another kind of token than marked typed them for: the token itself, retyped.
    html(src) {
      const token = Tokenizer.prototype.html.call(this, src);
      if (!token) return false;
      const text = token.raw.trim();
      return Object.assign(token, { type: "paragraph", text, tokens: [{ type: "text", raw: text, text: literal(text) }] });
    },
    tag(src) {
      const token = Tokenizer.prototype.tag.call(this, src);
      return token ? Object.assign(token, { type: "text", text: literal(token.raw) }) : false;
    },
    inlineText(src) {
      const token = Tokenizer.prototype.inlineText.call(this, src);
      return token ? { ...token, text: literal(token.text) } : false;
    },
  },
});

const ENCODER = "encodeTextForMarkdown";
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
    const manager = this.editor.markdown;
    // A private method, reached by its name in brackets as TypeScript allows.
    const original = manager?.[ENCODER];
    if (!manager || typeof original !== "function") throw new Error("@tiptap/markdown has no text encoder to patch.");
    const encode = original.bind(manager);
    manager[ENCODER] = (text: string, node: JSONContent, parent?: JSONContent) => {
      const encoded = encode(text, node, parent);
      return encoded === text ? text : encoded.replace(/&amp;|&lt;|&gt;/g, (entity: string) => BACKSLASHED[entity] ?? entity);
    };
  },
});

/** The editor's document as Markdown, without the blank lines its trailing empty paragraph leaves. */
export function markdownOf(editor: { getMarkdown: () => string }) {
  return editor.getMarkdown().replace(/\n+$/, "");
}

/**
 * A small, safe document tree for article bodies. The server parses Markdown into it
 * (app/server/content/markdown.server.ts); the page renders it with React elements only, so nothing
 * an author writes can become markup or script.
 */
export type Inline =
  | { type: "text"; text: string }
  | { type: "strong" | "em" | "del"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  /** `width`: a library image's own width in pixels, set by the server (`withImageWidths`) for its srcset. */
  | { type: "image"; src: string; alt: string; caption?: string; width?: number }
  | { type: "br" };

export type GalleryImage = { src: string; alt: string; caption?: string; width?: number };
export const GALLERY_LAYOUTS = ["single", "grid", "masonry"] as const;
export type GalleryLayout = (typeof GALLERY_LAYOUTS)[number];

export type Block =
  | { type: "heading"; level: 2 | 3 | 4; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; start: number; items: Block[][] }
  | { type: "blockquote"; children: Block[] }
  | { type: "code"; text: string }
  | { type: "hr" }
  | { type: "gallery"; layout: GalleryLayout; images: GalleryImage[] }
  /** A line lifted from the text and set large (a fenced `pullquote` block): its words, and who said them. */
  | { type: "pullquote"; text: string; caption?: string };

/** How deep quotes and lists (and, separately, emphasis and links) may nest; deeper markers are shown as text. */
export const MARKDOWN_MAX_DEPTH = 20;
/** The most Markdown the parser reads as Markdown; anything after it is shown as plain text. */
export const MARKDOWN_MAX_CHARS = 100_000;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const ORDERED_MARKER = /^\d{1,9}[.)](?=[ \t]|$)/;

/**
 * How deeply the Markdown nests quotes and lists, measured line by line without parsing (the admin forms
 * run it in the browser): every ">" or list marker opening a line counts one level, and so do every two
 * columns of indentation before a marker (a nested list item). Fenced code is skipped. It errs towards
 * counting more than the parser nests, so that what it accepts renders whole.
 */
export function markdownNestingDepth(markdown: string): number {
  let deepest = 0;
  let fence = "";
  for (const line of markdown.split(/\r\n?|\n/)) {
    const opening = FENCE.exec(line)?.[1];
    if (fence) {
      if (opening && opening[0] === fence[0] && opening.length >= fence.length) fence = "";
      continue;
    }
    if (opening) fence = opening;
    else if (!THEMATIC_BREAK.test(line)) deepest = Math.max(deepest, lineNesting(line));
  }
  return deepest;
}

/** An image whose alt text is empty (or only spaces): "![](…)", "![ ](…)". Not after a backslash (an escaped "!["). */
const IMAGE_WITHOUT_ALT = /(?:^|[^\\])!\[\s*\]\(/;
/** A code span on one line: what it holds is shown as written, so an image syntax inside it is not an image. */
const CODE_SPAN = /(`+).+?\1/g;

/**
 * How many images the Markdown has without alt text, line by line without parsing (the admin forms run it in the
 * browser, as the nesting depth above): inline images outside code, and the lines of ```gallery fences. Other fences
 * are code (and a pull quote is plain text), so an image syntax in them is not counted.
 */
export function imagesWithoutAlt(markdown: string): number {
  let count = 0;
  let fence = "";
  let gallery = false;
  for (const line of markdown.split(/\r\n?|\n/)) {
    const opening = FENCE.exec(line)?.[1];
    if (fence) {
      if (
        opening &&
        opening[0] === fence[0] &&
        opening.length >= fence.length &&
        !line.slice(line.indexOf(opening) + opening.length).trim()
      )
        fence = "";
      else if (gallery && IMAGE_WITHOUT_ALT.test(line.trim())) count++;
      continue;
    }
    if (opening) {
      fence = opening;
      gallery = /^gallery(?:\s|$)/.test(line.slice(line.indexOf(opening) + opening.length).trim());
    } else if (IMAGE_WITHOUT_ALT.test(line.replace(CODE_SPAN, ""))) count++;
  }
  return count;
}

function lineNesting(line: string): number {
  let depth = 0;
  let columns = 0;
  for (let i = 0; i < line.length; ) {
    const char = line[i];
    if (char === " " || char === "\t") {
      columns += char === " " ? 1 : 4;
      i++;
      continue;
    }
    const next = line[i + 1];
    let marker = 0;
    if (char === ">") marker = 1;
    else if ((char === "-" || char === "+" || char === "*") && (next === undefined || next === " " || next === "\t")) marker = 1;
    else marker = ORDERED_MARKER.exec(line.slice(i, i + 11))?.[0].length ?? 0;
    if (marker === 0) break;
    depth += 1 + Math.floor(columns / 2);
    columns = 0;
    i += marker;
  }
  return depth;
}

/**
 * Site search, the parts shared by the server (app/server/content/search.server.ts) and the results page: what a
 * visitor's query becomes before it reaches FTS5, and how a highlighted snippet is split for rendering.
 */

/** The longest query read; a longer one is refused with a message. */
export const SEARCH_QUERY_MAX_CHARS = 200;
/** The most words a query may have (every word must match). */
export const SEARCH_MAX_TERMS = 10;

/** Private-use characters FTS5 puts around each match in titles and snippets; the page turns them into <mark>. */
export const HIGHLIGHT_START = "\uE000";
export const HIGHLIGHT_END = "\uE001";

export type SearchType = "article" | "practice" | "resource" | "course";
/** The order of the result groups on the page. */
export const SEARCH_TYPES: readonly SearchType[] = ["article", "practice", "course", "resource"];

export const SEARCH_TYPE_NAMES: Record<SearchType, { plural: string; path: string }> = {
  article: { plural: "Articles", path: "/articles" },
  practice: { plural: "Practices", path: "/practices" },
  course: { plural: "Courses", path: "/courses" },
  resource: { plural: "Resources", path: "/resources" },
};

export type ParsedSearchQuery =
  | { ok: true; terms: string[]; match: string }
  | { ok: false; reason: "empty" | "too-long" | "too-many-words" | "no-words"; message: string };

/** Letters (with their combining marks) and digits: everything else separates words and is dropped. */
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/**
 * A visitor's query as an FTS5 MATCH expression that cannot be a syntax error: only the words are kept,
 * each one quoted (so AND, OR, NOT, NEAR, `*`, `^`, `:` and parentheses are plain text or dropped), every
 * word must match, and the last one also matches as a prefix ("medit" finds "meditation").
 */
export function parseSearchQuery(raw: string): ParsedSearchQuery {
  const text = raw.trim();
  if (!text) return { ok: false, reason: "empty", message: "Type a word or two to search for." };
  if (text.length > SEARCH_QUERY_MAX_CHARS) {
    return { ok: false, reason: "too-long", message: `Your search is too long: use at most ${SEARCH_QUERY_MAX_CHARS} characters.` };
  }
  const terms = (text.match(WORD) ?? []).map((word) => word.toLowerCase());
  if (terms.length === 0) return { ok: false, reason: "no-words", message: "Search for words: letters or numbers." };
  if (terms.length > SEARCH_MAX_TERMS) {
    return { ok: false, reason: "too-many-words", message: `Your search has too many words: use at most ${SEARCH_MAX_TERMS}.` };
  }
  const quoted = terms.map((term) => `"${term}"`);
  quoted[quoted.length - 1] += "*";
  return { ok: true, terms, match: quoted.join(" ") };
}

export type HighlightPart = { text: string; highlighted: boolean };

/** Splits FTS5 output at the highlight markers; the page renders the highlighted parts as <mark>, as text. */
export function splitHighlights(text: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let highlighted = false;
  let current = "";
  for (const char of text) {
    if (char === HIGHLIGHT_START || char === HIGHLIGHT_END) {
      if (current) parts.push({ text: current, highlighted });
      current = "";
      highlighted = char === HIGHLIGHT_START;
    } else current += char;
  }
  if (current) parts.push({ text: current, highlighted });
  return parts;
}

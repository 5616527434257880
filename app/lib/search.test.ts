import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HIGHLIGHT_END, HIGHLIGHT_START, SEARCH_MAX_TERMS, SEARCH_QUERY_MAX_CHARS, parseSearchQuery, splitHighlights } from "./search";

describe("parseSearchQuery", () => {
  it("quotes every word, drops FTS5 operators and punctuation, and lets the last word match as a prefix", () => {
    expect(parseSearchQuery('  Stoic "NEAR(calm* OR title:fear) -anger^  ')).toMatchObject({
      ok: true,
      terms: ["stoic", "near", "calm", "or", "title", "fear", "anger"],
      match: '"stoic" "near" "calm" "or" "title" "fear" "anger"*',
    });
    expect(parseSearchQuery("Café naïve")).toMatchObject({ ok: true, match: '"café" "naïve"*' });
  });

  it("refuses an empty, overlong, wordless or too wordy query with a message", () => {
    expect(parseSearchQuery("   ")).toMatchObject({ ok: false, reason: "empty" });
    expect(parseSearchQuery("a".repeat(SEARCH_QUERY_MAX_CHARS + 1))).toMatchObject({ ok: false, reason: "too-long" });
    expect(parseSearchQuery('*** "" ()')).toMatchObject({ ok: false, reason: "no-words" });
    expect(parseSearchQuery("w ".repeat(SEARCH_MAX_TERMS + 1))).toMatchObject({ ok: false, reason: "too-many-words" });
  });

  it("only ever puts quoted words into the MATCH expression (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (raw) => {
        const parsed = parseSearchQuery(raw);
        if (!parsed.ok) expect(parsed.message).not.toBe("");
        else expect(parsed.match).toMatch(/^"[\p{L}\p{M}\p{N}]+"( "[\p{L}\p{M}\p{N}]+")*\*$/u);
      }),
    );
  });
});

describe("splitHighlights", () => {
  it("splits FTS5 output at the markers into plain and highlighted text", () => {
    expect(splitHighlights(`We ${HIGHLIGHT_START}breathe${HIGHLIGHT_END} in.`)).toEqual([
      { text: "We ", highlighted: false },
      { text: "breathe", highlighted: true },
      { text: " in.", highlighted: false },
    ]);
    expect(splitHighlights("<b>plain</b>")).toEqual([{ text: "<b>plain</b>", highlighted: false }]);
  });
});

/**
 * What the owner reads in the admin is plain words (issue #37 §3.12): no "Markdown" and no "minor units" in the
 * labels, hints and descriptions of the content types' forms, nor in the admin pages' own text (JSX text and the
 * label, hint, description and title props of their sources), nor in a CSV header the owner downloads.
 */
import { describe, expect, it } from "vitest";
import { CONTENT_TYPE_SPECS } from "~/lib/content-types/registry";

const JARGON = /\bMarkdown\b|\bminor units\b/;

const SOURCES = import.meta.glob<string>(
  ["/app/routes/admin/*.tsx", "/app/components/admin/**/*.tsx", "/app/server/analytics/reports.server.ts", "!/**/*.test.{ts,tsx}"],
  { query: "?raw", import: "default", eager: true },
);

/** The text a page shows: JSX text between tags, and the string props and keys that become labels or hints. */
function shownText(source: string): string[] {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const jsxText = [...withoutComments.matchAll(/>([^<>{}`;=]*[A-Za-z][^<>{}`;=]*)</g)].map((match) => match[1] ?? "");
  const props = [...withoutComments.matchAll(/\b(?:label|hint|description|title|placeholder|message)\s*[=:]\s*["'`]([^"'`]*)["'`]/g)].map(
    (match) => match[1] ?? "",
  );
  // CSV headers: arrays of quoted words.
  const headers = [...withoutComments.matchAll(/\[\s*("[^"\n]*"(?:\s*,\s*"[^"\n]*")+)\s*\]/g)].map((match) => match[1] ?? "");
  return [...jsxText, ...props, ...headers];
}

describe("owner-facing copy", () => {
  it("the content types' forms say no Markdown", () => {
    for (const spec of Object.values(CONTENT_TYPE_SPECS)) {
      const texts = [spec.listDescription ?? "", ...spec.fields.flatMap((field) => [field.label, field.hint ?? ""])];
      expect(
        texts.filter((text) => typeof text === "string" && JARGON.test(text)),
        spec.noun,
      ).toEqual([]);
    }
  });

  it("the admin pages and the CSV headers say neither Markdown nor minor units", () => {
    const found = Object.entries(SOURCES).flatMap(([file, source]) =>
      shownText(source)
        .filter((text) => JARGON.test(text))
        .map((text) => `${file}: ${text.trim()}`),
    );
    expect(found).toEqual([]);
  });
});

/**
 * public/_headers (the static files' headers) against the Worker's own (security-headers.server.ts): the
 * same security headers on every static file, the SVG policy, and no header set twice for one path.
 * tests/e2e/static-headers.e2e.ts checks what the built site really sends.
 */
import { describe, expect, it } from "vitest";
import { SECURITY_HEADERS, SVG_CONTENT_SECURITY_POLICY } from "./security-headers.server";

const FILE = Object.values(import.meta.glob<string>("/public/_header*", { query: "?raw", import: "default", eager: true }))[0];

type Rule = { pattern: string; headers: [string, string][] };

/** The rules of a _headers file: a pattern line, then its indented `Name: value` lines; `#` starts a comment. */
function parseHeadersFile(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const [, name, value = ""] = /^\s+([A-Za-z0-9-]+):\s*(.*)$/.exec(line) ?? [];
    const rule = rules.at(-1);
    if (!name || !rule) throw new Error(`unreadable _headers line: ${line}`);
    rule.headers.push([name, value.trim()]);
  }
  return rules;
}

/** As Workers static assets match a pattern: `*` is any text, the rest literal, the whole path. */
const matches = (pattern: string, path: string) =>
  new RegExp(
    `^${pattern
      .split("*")
      .map((part) => part.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&"))
      .join(".*")}$`,
  ).test(path);

const RULES = parseHeadersFile(FILE ?? "");
const rule = (pattern: string) => RULES.find((candidate) => candidate.pattern === pattern);

/** One of each kind of static file the site serves. */
const STATIC_PATHS = [
  "/favicon.svg",
  "/favicon.ico",
  "/images/hero.svg",
  "/images/og/og-default.png",
  "/fonts/examined-serif-basic.woff2",
  "/assets/root-abc123.js",
  "/audio/practice-1.ogg",
];

/** The headers one path gets: every matching rule's, in order. */
const headersFor = (path: string) =>
  RULES.filter((candidate) => matches(candidate.pattern, path)).flatMap((candidate) => candidate.headers);

describe("public/_headers", () => {
  it("gives every static file exactly the security headers the Worker sets on its responses", () => {
    expect(rule("/*")?.headers).toEqual(Object.entries(SECURITY_HEADERS));
    for (const path of STATIC_PATHS) expect(Object.fromEntries(headersFor(path)), path).toMatchObject(SECURITY_HEADERS);
  });

  it("gives SVGs a policy that lets their inline styles draw and nothing run, load or frame them", () => {
    expect(SVG_CONTENT_SECURITY_POLICY).toMatch(/^default-src 'none';/);
    expect(SVG_CONTENT_SECURITY_POLICY).not.toMatch(/script|'self'|\*/);
    expect(SVG_CONTENT_SECURITY_POLICY).toContain("sandbox");
    for (const path of ["/favicon.svg", "/images/hero.svg", "/images/articles/article-1.svg"]) {
      expect(headersFor(path), path).toContainEqual(["Content-Security-Policy", SVG_CONTENT_SECURITY_POLICY]);
    }
    expect(headersFor("/images/og/og-default.png").map(([name]) => name)).not.toContain("Content-Security-Policy");
  });

  it("keeps fonts to this site", () => {
    expect(headersFor("/fonts/examined-serif-basic.woff2")).toContainEqual(["Cross-Origin-Resource-Policy", "same-origin"]);
  });

  it("never sets one header twice for a path (Workers would send both values, joined by a comma)", () => {
    for (const path of STATIC_PATHS) {
      const names = headersFor(path).map(([name]) => name.toLowerCase());
      expect(names, path).toEqual([...new Set(names)]);
    }
  });
});

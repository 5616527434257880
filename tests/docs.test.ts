/**
 * The docs a newcomer reads: a short README that links into docs/, links that lead somewhere, and code
 * comments that state their rules rather than cite a product spec the repository does not contain.
 */
import { describe, expect, it } from "vitest";

const readme =
  (import.meta.glob("/README.md", { query: "?raw", import: "default", eager: true }) as Record<string, string>)["/README.md"] ?? "";
const markdown = import.meta.glob(["/README.md", "/docs/**/*.md", "/workers/**/*.md"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
const everyFile = import.meta.glob(["/**/*", "!/node_modules/**", "!/build/**", "!/dist/**", "!/.wrangler/**", "!/bench/tmp/**"], {
  query: "?url",
  eager: true,
});
const code = import.meta.glob(
  ["/{app,workers,scripts,tests,db}/**/*.{ts,tsx,mts,mjs,js,sh,css}", "!/tests/docs.test.ts", "!/db/migrations/**"],
  { query: "?raw", import: "default", eager: true },
) as Record<string, string>;

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function resolve(from: string, target: string) {
  const parts = from.split("/").slice(0, -1);
  for (const part of target.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return `/${parts.filter(Boolean).join("/")}`;
}

describe("the README", () => {
  it("is a landing page: at most 120 lines, with the quick start and the local account", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(120);
    expect(readme).toContain("npm install && npm run dev");
    expect(readme).toMatch(/^npm test\b/m);
    // tests/e2e/newcomer.e2e.ts reads the credentials with this pattern.
    expect(/\*\*`([^`]+)` \/ `([^`]+)`\*\*/.exec(readme)?.slice(1)).toEqual(["admin", "examined-life-local"]);
  });

  it("links every guide in docs/ and every decision record", () => {
    const docs = Object.keys(markdown).filter((path) => path.startsWith("/docs/"));
    expect(docs.length).toBeGreaterThan(10);
    for (const path of docs) expect(readme, path).toContain(`(${path.slice(1)})`);
  });
});

describe("the README's layout", () => {
  it("names every feature folder of app/server and app/components, and no folder that is gone", () => {
    const block = /## How the code is laid out\n+```\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const folders = (root: string) => [
      ...new Set(
        Object.keys(everyFile)
          .filter((path) => path.startsWith(`/app/${root}/`) && path.split("/").length > 4)
          .map((path) => path.split("/")[3]),
      ),
    ];
    const server = folders("server");
    expect(server.length).toBeGreaterThan(5);
    for (const folder of server) expect(block, `app/server/${folder}/`).toMatch(new RegExp(`^ {4}${folder}/ `, "m"));
    // The lines indented under `server/` name folders that exist.
    const named = [...block.matchAll(/^ {4}([a-z-]+)\/ /gm)].map(([, name]) => name);
    expect(named.sort()).toEqual([...server].sort());
    const componentsLine = /^ {2}components\/.*$/m.exec(block)?.[0] ?? "";
    for (const folder of folders("components")) expect(componentsLine, `app/components/${folder}/`).toMatch(new RegExp(`\\b${folder}\\b`));
  });
});

describe("links between the docs", () => {
  it("lead to files that exist, and to headings that exist", () => {
    const broken: string[] = [];
    for (const [path, text] of Object.entries(markdown)) {
      // Examples in code blocks (fenced, or indented four spaces) are not links.
      const prose = text.replace(/^```[\s\S]*?^```/gm, "").replace(/^ {4}.*$/gm, "");
      for (const [, target = ""] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:)/.test(target)) continue;
        const [file, anchor] = target.split("#");
        const resolved = file ? resolve(path, file) : path;
        if (!(resolved in everyFile) && !Object.keys(everyFile).some((key) => key.startsWith(`${resolved}/`))) {
          broken.push(`${path}: ${target} (no such file)`);
          continue;
        }
        if (anchor && resolved.endsWith(".md")) {
          const headings = [...(markdown[resolved] ?? "").matchAll(/^#+ (.+)$/gm)].map(([, heading = ""]) => anchorOf(heading));
          if (!headings.includes(anchor)) broken.push(`${path}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("code comments", () => {
  it("say what the rule is instead of citing a product spec the repository does not have", () => {
    const citations: string[] = [];
    for (const [path, text] of Object.entries(code)) {
      text.split("\n").forEach((line, index) => {
        // "spec §5", "(§2 …)", "the spec's skeletons"; RFC sections (§14.2, §13.1.2) are fine.
        const citesSpec = /\bspec\s*§|§\s*\d+(?![.\d])|\bthe spec\b|\bspec's\b|site-spec|\(spec: (?!Spec\b)/i.test(line);
        if (citesSpec) citations.push(`${path}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(citations).toEqual([]);
  });
});

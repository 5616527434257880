/**
 * The direction of the project's imports, read from the sources: routes -> server modules -> db, the request
 * helpers below auth (no cycle), server and shared code (app/server, app/lib) never importing UI code (app/components),
 * and the runtime (app/, workers/) never importing the seed (db/seed).
 */
import { describe, expect, it } from "vitest";

/** Every runtime source (tests excluded), keyed by its path from the project root ("/app/server/core/db.server.ts"). */
const RUNTIME = import.meta.glob<string>(["/app/**/*.{ts,tsx}", "/workers/**/*.{ts,tsx}", "!/**/*.test.{ts,tsx}", "!/**/*.e2e.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/** The module specifiers a source imports or re-exports (static and dynamic). */
function importsOf(source: string): string[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;
  return [...source.matchAll(pattern)].map(([, specifier = ""]) => specifier);
}

/** A specifier resolved to a project path ("/app/server/admin/auth.server"), without extension; null for packages. */
function resolve(from: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return `/app/${specifier.slice(2)}`.replace(/\.(ts|tsx)$/, "");
  if (!specifier.startsWith(".")) return null;
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/").replace(/\.(ts|tsx)$/, "");
}

const withoutExtension = (path: string) => path.replace(/\.(ts|tsx)$/, "");

/** The project's import graph among runtime modules. */
const GRAPH = new Map(
  Object.entries(RUNTIME).map(([path, source]) => [
    withoutExtension(path),
    importsOf(source)
      .map((specifier) => resolve(path, specifier))
      .filter((target): target is string => target !== null),
  ]),
);

describe("import direction", () => {
  it("reads the sources", () => {
    expect(GRAPH.size).toBeGreaterThan(50);
    expect(GRAPH.get("/app/server/core/db.server")).toBeDefined();
  });

  it("runtime code never imports the seed (db/seed)", () => {
    const offenders = [...GRAPH].filter(([, targets]) => targets.some((target) => target.startsWith("/db/seed"))).map(([path]) => path);
    expect(offenders).toEqual([]);
  });

  it("the request plumbing (db, cache, rate limits) does not reach into auth", () => {
    for (const module of ["/app/server/core/db.server", "/app/server/core/cache.server", "/app/server/core/rate-limit.server"]) {
      expect(GRAPH.get(module), module).not.toContain("/app/server/admin/auth.server");
    }
  });

  it("no server module imports itself back through others (no cycle among app/server)", () => {
    const server = [...GRAPH.keys()].filter((path) => path.startsWith("/app/server/"));
    const cycles: string[] = [];
    for (const start of server) {
      // Depth-first from each module: a path back to `start` is a cycle.
      const stack: [string, string[]][] = [[start, [start]]];
      const seen = new Set<string>();
      while (stack.length > 0) {
        const [node, trail] = stack.pop()!;
        for (const next of GRAPH.get(node) ?? []) {
          if (!next.startsWith("/app/server/")) continue;
          if (next === start) cycles.push([...trail, next].join(" -> "));
          else if (!seen.has(next)) {
            seen.add(next);
            stack.push([next, [...trail, next]]);
          }
        }
      }
    }
    expect(cycles).toEqual([]);
  });

  /** The modules under `from` that import a module under app/components, with what they import from there. */
  const componentImportsUnder = (from: string) =>
    [...GRAPH]
      .filter(([path]) => path.startsWith(from))
      .flatMap(([path, targets]) =>
        targets.filter((target) => target.startsWith("/app/components/")).map((target) => `${path} -> ${target}`),
      );

  it("server code never imports UI code (nothing under app/server imports app/components)", () => {
    expect(componentImportsUnder("/app/server/")).toEqual([]);
  });

  it("shared code never imports UI code (nothing under app/lib imports app/components, nor sonner)", () => {
    expect(componentImportsUnder("/app/lib/")).toEqual([]);
    const sonner = Object.entries(RUNTIME).filter(([path, source]) => path.startsWith("/app/lib/") && importsOf(source).includes("sonner"));
    expect(sonner.map(([path]) => path)).toEqual([]);
  });

  it("runtime code reads the environment without casts (Env declares every secret and var: worker-env.d.ts)", () => {
    const casts = Object.entries(RUNTIME).flatMap(([path, source]) =>
      source
        .split("\n")
        .filter((line) => /\bas unknown as\b|\(env as\b|\benv as never\b/.test(line))
        .map((line) => `${path}: ${line.trim()}`),
    );
    expect(casts).toEqual([]);
  });
});

describe("one definition of each thing", () => {
  /** The runtime sources in which `pattern` occurs. */
  const sourcesWith = (pattern: RegExp) =>
    Object.entries(RUNTIME)
      .filter(([, source]) => pattern.test(source))
      .map(([path]) => path);

  it("the emulator's webhook URL header is spelled once (an exported constant)", () => {
    expect(sourcesWith(/["']x-emulator-webhook-url["']/)).toHaveLength(1);
  });

  it("one helper turns zod issues into field errors (fieldErrors in app/lib/schemas.ts)", () => {
    expect(sourcesWith(/\?\?= issue\.message/)).toEqual(["/app/lib/schemas.ts"]);
  });

  it("no hand-written constant-time compare: Workers' crypto.subtle.timingSafeEqual does it", () => {
    expect(sourcesWith(/\bdiff \|=/)).toEqual([]);
  });

  it("one type for the site settings (SiteSettings in app/lib/site.ts)", () => {
    expect(sourcesWith(/\btype \w*SiteSettings\b\s*=/)).toEqual(["/app/lib/site.ts"]);
  });
});

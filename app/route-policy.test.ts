/**
 * One policy per route (app/site-routes.ts): every route React Router serves has one, a URL finds the route React
 * Router would serve it with (however it is spelled), and every part of the site that decides something about a URL
 * agrees with the policy: the page cache, the service worker, the admin roles, robots.txt, the answer's headers, the
 * content type, the sitemap. A route added without a policy, or a table that disagrees with it, fails here.
 */
import fc from "fast-check";
import { matchRoutes, RouterContextProvider, type RouteObject } from "react-router";
import { assert, describe, expect, it } from "vitest";
import { adminCookie } from "../tests/support/admin";
import { seedTestDb } from "../tests/support/db";
import { ROUTE_SAMPLES } from "../tests/support/route-samples";
import { roleMayUse } from "~/lib/admin-permissions";
import { CONTENT_TYPE_KEYS } from "~/lib/content-types";
import { requestKind } from "~/lib/offline-rules";
import { disallowedPaths, isAdminAccess } from "~/lib/route-policy";
import routes from "~/routes";
import { middleware as rootMiddleware } from "~/root";
import { POLICY_ROUTES, policyFor, routeFor } from "~/site-routes";
import { routeGuardMiddleware } from "~/server/admin/guard.server";
import { contentTypeOfRequest } from "~/server/content/content-types.server";
import { cacheQuery, classifyRequest } from "~/server/core/cache.server";
import { robotsTxt, STATIC_PUBLIC_PATHS } from "~/server/site/seo.server";

type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };

/** React Router's routes, as its server builds them from app/routes.ts: ids by default from the module's path. */
function toRouteObjects(entries: readonly Entry[]): RouteObject[] {
  return entries.map(
    (entry) =>
      ({
        id: entry.id ?? entry.file.replace(/\.[^/.]+$/, ""),
        path: entry.path,
        index: entry.index,
        children: entry.children ? toRouteObjects(entry.children) : undefined,
      }) as RouteObject,
  );
}
const REACT_ROUTER_ROUTES: RouteObject[] = [{ id: "root", path: "", children: toRouteObjects(routes as Entry[]) }];

/** The route React Router serves `pathname` with (the deepest match). */
const servedBy = (pathname: string) => matchRoutes(REACT_ROUTER_ROUTES, pathname)?.at(-1)?.route.id;

/** Every route of the table, with a URL it serves. */
const SAMPLES = ROUTE_SAMPLES;

function flattenConfig(entries: readonly Entry[], parent = ""): { id: string; file: string; pattern: string }[] {
  return entries.flatMap((entry) => {
    const pattern = `/${[parent, entry.path ?? ""].filter(Boolean).join("/")}`;
    const own = entry.children ? [] : [{ id: entry.id ?? entry.file.replace(/\.[^/.]+$/, ""), file: entry.file, pattern }];
    return [...own, ...flattenConfig(entry.children ?? [], pattern === "/" ? "" : pattern.slice(1))];
  });
}

/** Every route module, to see which have an action and a component. */
const MODULES = import.meta.glob<{ action?: unknown; default?: unknown }>(["/app/routes/**/*.{ts,tsx}", "!/app/routes/**/*.test.{ts,tsx}"]);

describe("every route has one policy", () => {
  it("the routes React Router registers (app/routes.ts) are the table's, one for one, with the same ids", () => {
    const registered = flattenConfig(routes as Entry[]).map(({ id, file, pattern }) => `${id} ${file} ${pattern}`);
    const declared = POLICY_ROUTES.map(({ id, file, pattern }) => `${id} ${file} ${pattern}`);
    expect(registered.sort()).toEqual(declared.sort());
    expect(new Set(POLICY_ROUTES.map((route) => route.id)).size).toBe(POLICY_ROUTES.length);
  });

  it.each(SAMPLES)("$pattern ($file) has a whole policy", ({ policy }) => {
    expect(["public", "public-uncached", "private"]).toContain(policy.cache);
    expect(["index", "noindex", "disallow"]).toContain(policy.robots);
    expect(typeof policy.offline).toBe("boolean");
    expect(policy.read).toBeDefined();
    expect(policy.write).toBeDefined();
  });

  it("a route has an action exactly when its policy lets someone write; a page (.tsx) has a component, a file route none", async () => {
    for (const route of POLICY_ROUTES) {
      const load = MODULES[`/app/${route.file}`];
      assert(load, `${route.file}: no such module`);
      const module = await load();
      expect(module.action !== undefined, `${route.file}: its action, and its policy's write`).toBe(route.policy.write !== "nobody");
      expect(module.default !== undefined, `${route.file}: a page has a component, a file route none`).toBe(route.page);
    }
  });

  it("what only a learner or an admin may read is private, unindexed and never kept offline; only public pages name their query", () => {
    for (const { pattern, policy } of POLICY_ROUTES) {
      if (policy.read !== "anyone")
        expect([policy.cache, policy.robots === "index", policy.offline], pattern).toEqual(["private", false, false]);
      if (isAdminAccess(policy.write) && isAdminAccess(policy.read)) {
        for (const role of policy.write) expect(policy.read, `${pattern}: who may write may read`).toContain(role);
      }
      if (policy.query) expect(policy.cache, pattern).toBe("public");
      if (policy.offline) expect(policy.cache, `${pattern}: kept offline, so the same for everyone`).not.toBe("private");
    }
  });
});

describe("a URL finds the route React Router serves it with", () => {
  it.each(SAMPLES)("$url → $id", ({ url, id }) => {
    expect(routeFor(url).id).toBe(id);
    expect(servedBy(url)).toBe(id);
  });

  it("for any path built from the routes' segments (static beats a parameter, a parameter beats a splat)", () => {
    const segments = [...new Set(POLICY_ROUTES.flatMap((route) => route.pattern.split("/")))].filter(
      (s) => s && !s.startsWith(":") && s !== "*",
    );
    const segment = fc.oneof(
      fc.constantFrom(...segments),
      fc.constantFrom(...segments).map((s) => s.toUpperCase()),
      fc.constantFrom("1", "42", "abc", "x.y", "%61rticles", "a%2Fb", "new"),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), fc.boolean(), (parts, trailing) => {
        const path = `/${parts.join("/")}${trailing && parts.length > 0 ? "/" : ""}`;
        expect(routeFor(path).id, path).toBe(servedBy(path));
      }),
      { numRuns: 3000 },
    );
  });

  it("however the path is spelled: case, escapes, repeated and trailing slashes, single-fetch data", () => {
    for (const path of [
      "/ADMIN/ORDERS",
      "//admin//orders",
      "/admin/%6Frders",
      "/admin/orders/",
      "/admin/orders.data",
      "/Admin/Orders.data",
    ])
      expect(routeFor(path).id, path).toBe("routes/admin/orders");
    expect(routeFor("/_.data").id).toBe("routes/home");
    expect(routeFor("/_root.data").id).toBe("routes/home");
    expect(routeFor("/admin/_.data").id).toBe("routes/admin/dashboard");
    // An escaped slash stays inside its segment, as React Router reads it: one parameter, not two segments.
    expect(routeFor("/admin/users/erase/a%2Fb").id).toBe("routes/admin/learner-erase");
    expect(routeFor("/articles/a%2Fb").id).toBe(servedBy("/articles/a%2Fb"));
    // A path no route serves gets the not-found page's policy: not cached, not indexed, not kept.
    expect(policyFor("/checkout")).toMatchObject({ cache: "public-uncached", robots: "noindex", offline: false });
    expect(routeFor("/api/nothing-here").id).toBe("routes/api/not-found");
  });
});

describe("every consumer agrees with the policy", () => {
  it.each(SAMPLES)("the page cache: $url", async ({ url, api, policy }) => {
    const kind = await classifyRequest(new Request(`http://localhost${url}`));
    const expected = { public: api ? "public-api" : "public-page", "public-uncached": "other", private: "private" }[policy.cache];
    expect(kind).toBe(expected);
    // The cache's key keeps the page's own query parameters and drops the rest.
    const query = new URL(`http://localhost${url}?utm_source=x&${(policy.query ?? []).map((name) => `${name}=v`).join("&")}`);
    expect(cacheQuery(query)).toBe(
      policy.query?.length
        ? `?${[...policy.query]
            .sort()
            .map((name) => `${name}=v`)
            .join("&")}`
        : "",
    );
  });

  it.each(SAMPLES)("the service worker: $url", ({ url, policy }) => {
    const navigation = {
      method: "GET",
      url: `https://site.example${url}`,
      mode: "navigate",
      headers: new Headers({ Accept: "text/html" }),
    };
    // The manifest is a static asset to the worker, whatever its route says.
    if (url === "/manifest.webmanifest") return;
    expect(requestKind(navigation, "https://site.example", (path) => policyFor(path).offline)).toBe(policy.offline ? "page" : "pass");
  });

  it.each(SAMPLES)("the admin roles, and the navigation that hides what a role may not use: $url", ({ url, policy }) => {
    for (const role of ["owner", "editor"] as const)
      expect(roleMayUse(role, url), role).toBe(!isAdminAccess(policy.read) || policy.read.includes(role));
  });

  it.each(SAMPLES)("robots.txt: $url", ({ url, policy }) => {
    const disallowed = robotsTxt("https://site.example")
      .split("\n")
      .filter((line) => line.startsWith("Disallow: "))
      .map((line) => line.slice("Disallow: ".length));
    expect(disallowed.some((path) => url.startsWith(path))).toBe(policy.robots === "disallow");
  });

  it("robots.txt keeps crawlers out of exactly the shortest paths the policies name", () => {
    expect(disallowedPaths(POLICY_ROUTES)).toEqual(["/admin", "/login", "/api/", "/healthz"]);
  });

  it.each(SAMPLES)("the answer's headers (the route guard, the root's middleware): $url", async ({ url, policy }) => {
    expect(rootMiddleware).toEqual([routeGuardMiddleware]);
    await seedTestDb();
    const owner = await adminCookie();
    const request = new Request(`http://localhost${url}`, { headers: { Cookie: owner } });
    const answer = await routeGuardMiddleware({ request, context: new RouterContextProvider() }, async () => new Response("ok"));
    expect(answer.headers.get("X-Robots-Tag")).toBe(policy.robots === "noindex" ? "noindex" : null);
    expect(answer.headers.get("Cache-Control")).toBe(policy.cache === "private" ? "private, no-store" : null);
  });

  it("the content type of the generic admin pages and API routes", () => {
    for (const { url, policy } of SAMPLES) {
      const request = new Request(`http://localhost${url}`);
      if (policy.contentType) expect(contentTypeOfRequest(request), url).toBe(policy.contentType);
      else expect(() => contentTypeOfRequest(request), url).toThrow();
    }
    const named = new Set(POLICY_ROUTES.map((route) => route.policy.contentType).filter(Boolean));
    expect([...named].sort()).toEqual([...CONTENT_TYPE_KEYS].sort());
  });

  it("the sitemap lists only pages the policy lets search engines index", () => {
    for (const path of STATIC_PUBLIC_PATHS) expect(policyFor(path), path).toMatchObject({ robots: "index", cache: "public" });
  });
});

/** Every runtime source outside the route table, where a table of paths would decide something about URLs. */
const RUNTIME = import.meta.glob<string>(
  ["/app/server/**/*.ts", "/app/lib/**/*.ts", "/app/root.tsx", "/app/service-worker.ts", "/workers/*.ts", "!/**/*.test.ts"],
  { query: "?raw", import: "default", eager: true },
);

describe("no other table of paths", () => {
  it("no runtime module matches a route's path itself (a regex or a prefix): it asks the route's policy", () => {
    const firsts = [
      ...new Set(
        POLICY_ROUTES.map((route) => route.pattern.split("/")[1]).filter((s): s is string => !!s && !s.startsWith(":") && s !== "*"),
      ),
    ];
    const names = firsts.map((s) => s.replace(/[.]/g, "\\.")).join("|");
    const regex = new RegExp(String.raw`\^\\/\(?(${names})`);
    const prefix = new RegExp(String.raw`startsWith\(\s*["'\`]/(${names})\b`);
    const offenders = Object.entries(RUNTIME)
      .filter(([path]) => path !== "/app/lib/route-policy.ts")
      .flatMap(([path, source]) =>
        source
          .split("\n")
          .filter((line) => regex.test(line) || prefix.test(line))
          .map((line) => `${path}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});

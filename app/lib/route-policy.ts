/**
 * What the site decides about a URL, as one policy per route: how it may be cached, whether search engines may index
 * it, who may read it and write to it, and whether the service worker may keep it offline. The policies are declared
 * once, beside each route, in app/site-routes.ts; app/routes.ts registers the same routes with React Router.
 * This module holds the types, the builders the table is written with, and `compileRoutes`, which finds a URL's route
 * the way React Router does. It imports no code, so the service worker and the browser can use it too.
 */
import type { ContentTypeKey } from "./content-types";

/** The admin's roles, most to least trusted: the owner (everything), editors (all content, the newsletter), contributors (their own drafts). */
export const ADMIN_ROLES = ["owner", "editor", "contributor"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/**
 * What each role may do to a content type's items, beyond reaching its routes (`read`, `write`): the rules the content
 * pages and the JSON API enforce per item (app/server/admin/content-access.server.ts). A role in none of `others`
 * reaches only the items it created (`created_by`): another's item answers 404 to it.
 */
export type ItemAccess = {
  /** May see and change items someone else created (or nobody: rows from before items had a creator). */
  others: readonly AdminRole[];
  /** May change an item's status: publish, schedule, unpublish. The rest save drafts and submit them for review, and change only drafts. */
  publish: readonly AdminRole[];
  /** May delete an item they created. */
  deleteOwn: readonly AdminRole[];
  /** May delete anyone's item. */
  deleteAny: readonly AdminRole[];
};

/**
 * Who may keep the answer:
 * - "public": the same for every visitor; the Worker's page cache and the edge keep it (a GET without a session);
 * - "public-uncached": anyone may read it, but no cache of ours keeps it (feeds, webhooks, a 404);
 * - "private": one visitor's own; `Cache-Control: private, no-store`, never in a shared cache.
 */
export type CachePolicy = "public" | "public-uncached" | "private";

/**
 * What search engines are told: "index"; "noindex" (crawled, answered with `X-Robots-Tag: noindex`); "disallow"
 * (kept out by robots.txt altogether, and not indexed either).
 */
export type RobotsPolicy = "index" | "noindex" | "disallow";

/**
 * Who may read the route (GET, HEAD):
 * - "anyone";
 * - "learner": a learner's own pages; the page itself checks that the session owns the course (it needs the course);
 * - admin roles: a signed-in admin of one of these roles (otherwise /login, or 403 for another role).
 */
export type ReadAccess = "anyone" | "learner" | readonly AdminRole[];

/**
 * Who may write to the route (POST, PUT, PATCH, DELETE):
 * - "nobody": the route has no action;
 * - "anyone": from anywhere (a form with defences of its own, a webhook, the unsubscribe link's one-click POST);
 * - "same-site": anyone, but a post from another site's page is refused (403);
 * - "learner": as "same-site"; the action checks that the learner's session owns the course;
 * - admin roles: a signed-in admin of one of these roles, from this site (403 cross-site, 401 signed out, 403 another role).
 */
export type WriteAccess = "nobody" | "anyone" | "same-site" | "learner" | readonly AdminRole[];

export type RoutePolicy = {
  cache: CachePolicy;
  robots: RobotsPolicy;
  read: ReadAccess;
  write: WriteAccess;
  /** Whether the service worker may keep the page for offline use (app/lib/offline-rules.ts). */
  offline: boolean;
  /** The query parameters the page reads: the page cache's key keeps these and drops the rest (`utm_*`, …). */
  query?: readonly string[];
  /** The content type the URL names, for the generic admin pages and API routes ("/admin/articles/3" is "article"). */
  contentType?: ContentTypeKey;
  /** A content type's routes: what each role may do to its items (who may publish, delete, touch others' items). */
  items?: ItemAccess;
  /** The page loads Stripe.js (the enrolment page): its Content-Security-Policy allows Stripe's hosts. */
  stripe?: true;
  /**
   * The page reads at the D1 primary, not a replica: it reads what another request just wrote, which no bookmark of
   * the visitor's can name (the payment confirmation reads the enrolment Stripe's webhook recorded a moment before).
   */
  readAtPrimary?: true;
};

/** One entry of the route table: a route (a path, or the index of its prefix), or a layout or a path prefix around routes. */
export type SiteRoute =
  | { kind: "route"; path?: string; index?: true; file: string; id?: string; policy: RoutePolicy }
  | { kind: "layout"; file: string; children: SiteRoute[] }
  | { kind: "prefix"; path: string; children: SiteRoute[] };

/** The builders the table is written with; they mirror React Router's (`@react-router/dev/routes`), with a policy. */
export const route = (path: string, file: string, policy: RoutePolicy, options: { id?: string } = {}): SiteRoute => ({
  kind: "route",
  path,
  file,
  policy,
  ...options,
});
export const index = (file: string, policy: RoutePolicy): SiteRoute => ({ kind: "route", index: true, file, policy });
export const layout = (file: string, children: SiteRoute[]): SiteRoute => ({ kind: "layout", file, children });
export const prefix = (path: string, children: SiteRoute[]): SiteRoute[] => [{ kind: "prefix", path, children }];

/** A route as a URL finds it: React Router's id, its module, its whole pattern ("/articles/:id") and its policy. */
export type PolicyRoute = {
  id: string;
  file: string;
  pattern: string;
  index: boolean;
  /** The layout modules around it, outermost first. */
  layouts: string[];
  /** Part of the JSON API (under /api/): its refusals and errors are `{ message }`, never a page. */
  api: boolean;
  /** A page (a module with a component, `.tsx`), not a file or a redirect: its forms show a refusal as their result. */
  page: boolean;
  policy: RoutePolicy;
};

/** React Router's id for a route without one of its own: the module's path without its extension ("routes/home"). */
const defaultId = (file: string) => file.replace(/\.[^/.]+$/, "");

/** Every route of the table, in order, with its whole pattern and the layout modules around it (outermost first). */
export function flattenRoutes(entries: readonly SiteRoute[], base = "", layouts: string[] = []): PolicyRoute[] {
  return entries.flatMap((entry): PolicyRoute[] => {
    if (entry.kind === "layout") return flattenRoutes(entry.children, base, [...layouts, entry.file]);
    if (entry.kind === "prefix") return flattenRoutes(entry.children, joinPath(base, entry.path), layouts);
    const pattern = entry.index ? base || "/" : joinPath(base, entry.path ?? "");
    return [
      {
        id: entry.id ?? defaultId(entry.file),
        file: entry.file,
        pattern,
        index: entry.index === true,
        layouts,
        api: pattern.startsWith("/api/"),
        page: entry.file.endsWith(".tsx"),
        policy: entry.policy,
      },
    ];
  });
}

const joinPath = (base: string, path: string) => `${base}/${path}`.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");

/**
 * The path as routes are matched against it, spelled the way React Router reads it: the single-fetch suffix
 * (`/articles.data`, `/_.data`) removed, each segment decoded (an encoded slash stays inside its segment), then lower
 * case (React Router matches regardless of case), without repeated or trailing slashes. So `/ADMIN//Orders/`,
 * `/admin/%6Frders` and `/admin/orders.data` are `/admin/orders`.
 */
export function normalisePath(pathname: string): string {
  let path = pathname;
  if (path === "/_root.data" || path.endsWith("/_.data")) path = path.slice(0, path.lastIndexOf("/") + 1);
  else path = path.replace(/\.data$/, "");
  try {
    path = path
      .split("/")
      .map((segment) => decodeURIComponent(segment).replaceAll("/", "%2F"))
      .join("/");
  } catch {
    // A malformed escape: matched as it is (React Router does the same).
  }
  return `/${path.toLowerCase().split("/").filter(Boolean).join("/")}`;
}

type Compiled = { route: PolicyRoute; segments: string[]; score: number };

/** React Router's ranking of a pattern (`computeScore`): static segments beat parameters, a splat comes last. */
function score(pattern: string, isIndex: boolean) {
  const segments = pattern.split("/");
  let total = segments.length + (segments.includes("*") ? -2 : 0) + (isIndex ? 2 : 0);
  for (const segment of segments) {
    if (segment === "*") continue;
    total += segment.startsWith(":") ? 3 : segment === "" ? 1 : 10;
  }
  return total;
}

/** "/users/erase/:subject?" is two patterns, as React Router explodes it: without and with the optional segment. */
function explode(pattern: string): string[] {
  const segments = pattern.split("/").filter(Boolean);
  let patterns = [""];
  for (const segment of segments) {
    if (segment.endsWith("?")) patterns = patterns.flatMap((path) => [path, `${path}/${segment.slice(0, -1)}`]);
    else patterns = patterns.map((path) => `${path}/${segment}`);
  }
  return patterns.map((path) => path || "/");
}

function matches(segments: readonly string[], path: readonly string[]) {
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] ?? "";
    if (segment === "*") return true;
    if (i >= path.length) return false;
    if (!segment.startsWith(":") && segment !== path[i]) return false;
  }
  return segments.length === path.length;
}

/**
 * The table's routes, and `routeFor`: the route React Router would serve a path with. Every path finds one: the
 * table ends with the site's not-found route (`*`).
 */
export function compileRoutes(entries: readonly SiteRoute[]) {
  const routes = flattenRoutes(entries);
  const compiled: Compiled[] = routes
    .flatMap((route) =>
      explode(route.pattern).map((pattern) => ({
        route,
        segments: pattern
          .split("/")
          .filter(Boolean)
          .map((segment) => (segment.startsWith(":") ? ":" : segment.toLowerCase())),
        score: score(pattern, route.index),
      })),
    )
    // Stable: routes of equal rank keep the table's order, as in React Router.
    .sort((a, b) => b.score - a.score);
  const fallback = routes.find((route) => route.pattern === "/*");
  if (!fallback) throw new Error("The route table needs a not-found route (`*`).");

  /** The route a path (`URL.pathname`, with or without `.data`) belongs to. */
  function routeFor(pathname: string): PolicyRoute {
    const path = normalisePath(pathname).split("/").filter(Boolean);
    return compiled.find((each) => matches(each.segments, path))?.route ?? (fallback as PolicyRoute);
  }

  return { routes, routeFor, policyFor: (pathname: string) => routeFor(pathname).policy };
}

/** What `role` may do to the items of a route whose policy has `items` (none: the route has no items). */
export function itemRights(items: ItemAccess | undefined, role: AdminRole) {
  return {
    others: items?.others.includes(role) ?? false,
    publish: items?.publish.includes(role) ?? false,
    deleteOwn: items?.deleteOwn.includes(role) ?? false,
    deleteAny: items?.deleteAny.includes(role) ?? false,
  };
}
export type ItemRights = ReturnType<typeof itemRights>;

/** Whether `access` is for signed-in admins only (a list of roles). */
export const isAdminAccess = (access: ReadAccess | WriteAccess): access is readonly AdminRole[] => Array.isArray(access);

/**
 * The `Disallow` paths of robots.txt: for each route the policy keeps out ("disallow"), its pattern up to the first
 * parameter ("/admin/articles/:id" gives "/admin/articles/"), then only the shortest of those that cover one another.
 */
export function disallowedPaths(routes: readonly PolicyRoute[]): string[] {
  const prefixes = routes
    .filter((route) => route.policy.robots === "disallow")
    .map(({ pattern }) => {
      const segments = pattern.split("/").filter(Boolean);
      const dynamic = segments.findIndex((segment) => segment.startsWith(":") || segment === "*");
      return dynamic === -1 ? `/${segments.join("/")}` : `/${segments.slice(0, dynamic).join("/")}/`.replace(/\/{2,}/g, "/");
    });
  const shortest = [...new Set(prefixes)].filter((path, _, all) => !all.some((other) => other !== path && path.startsWith(other)));
  return shortest;
}

/**
 * JavaScript shipped per page on a first visit, read from React Router's build manifest
 * (build/client/assets/manifest-*.js): the client entry and its imports, and the module and static
 * imports of every route on the page's branch (root → layouts → page), which is exactly the page's
 * modulepreload list. With lazy route discovery (the default) the manifest file itself is not loaded:
 * the HTML inlines the matched routes. Chunks a page only loads later through a dynamic import() are
 * not counted: a first visit does not fetch them.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Every public page's first visit, gzip: 125 KiB (the "125 KB"; its "React, React DOM and the
 * router alone are about 109 KB" is this build's framework chunk, 108.4 KiB, so KB means KiB here).
 */
export const PUBLIC_PAGE_GZIP_BUDGET = 125 * 1024;
/** The only pages allowed to load Stripe's libraries. */
const STRIPE_PAGES = new Set(["/courses/:id/enroll", "/courses/payment-success"]);
/** Code from Stripe's packages in a built chunk: @stripe/stripe-js's script URL, @stripe/react-stripe-js's name. */
const STRIPE_CODE = /https:\/\/js\.stripe\.com|react-stripe-js/;

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
  hasDefaultExport?: boolean;
};
type Manifest = { entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> };

export type RouteJs = {
  /** The route's URL pattern, e.g. /articles/:id. */
  path: string;
  routeId: string;
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
  /** Chunks with Stripe's code that this page loads. */
  stripeChunks: string[];
  /** Chunks of the admin area (admin route modules, app/components/admin) that this page loads. */
  adminChunks: string[];
};

export type JsReport = { routes: RouteJs[]; budgetGzipBytes: number; failures: string[] };

type FileSize = { raw: number; gzip: number; brotli: number; stripe: boolean };
/** Compressed sizes by file (brotli 11 is slow): a build's file names carry their content's hash, the key adds mtime and size. */
const fileSizes = new Map<string, FileSize>();

function fileSize(clientDir: string, url: string): FileSize {
  const file = join(clientDir, url);
  const stat = statSync(file);
  const key = `${file}\u0000${stat.mtimeMs}\u0000${stat.size}`;
  let size = fileSizes.get(key);
  if (!size) {
    const bytes = readFileSync(file);
    size = {
      raw: bytes.byteLength,
      gzip: gzipSync(bytes, { level: 9 }).byteLength,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
      stripe: STRIPE_CODE.test(bytes.toString("utf8")),
    };
    fileSizes.set(key, size);
  }
  return size;
}

export function readManifest(clientDir: string): Manifest {
  const assets = join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}; run the build first.`);
  const source = readFileSync(join(assets, file), "utf8");
  const json = source.replace(/^window\.__reactRouterManifest\s*=\s*/, "").replace(/;\s*$/, "");
  return JSON.parse(json) as Manifest;
}

/** The route's full URL pattern, built from its own path and its parents'. */
function routePath(routes: Record<string, ManifestRoute>, route: ManifestRoute): string {
  const segments: string[] = [];
  for (let current: ManifestRoute | undefined = route; current; current = current.parentId ? routes[current.parentId] : undefined) {
    if (current.path) segments.unshift(current.path);
  }
  return `/${segments.join("/")}`.replace(/\/+/g, "/");
}

function branch(routes: Record<string, ManifestRoute>, route: ManifestRoute): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let current: ManifestRoute | undefined = route; current; current = current.parentId ? routes[current.parentId] : undefined) {
    chain.unshift(current);
  }
  return chain;
}

// The content registry's generated routes have ids of their own ("admin-articles-new", "api-articles-id").
const isAdminRoute = (id: string) => id.startsWith("routes/admin/") || id.startsWith("admin-");
const isApiRoute = (id: string) => id.startsWith("routes/api/") || id.startsWith("api-");

/** Pages anyone can open: every route with a component outside /admin and /api. */
export function publicPageRoutes(manifest: Manifest) {
  return Object.values(manifest.routes).filter(
    (route) => route.id !== "root" && route.hasDefaultExport !== false && !isAdminRoute(route.id) && !isApiRoute(route.id),
  );
}

/** The entries of app/components/admin, without their extension: Rollup names a shared admin chunk after one of them. */
export function adminComponentNames(componentsDir = "app/components/admin") {
  return readdirSync(componentsDir).map((file) => file.replace(/\.tsx?$/, ""));
}

/**
 * Every public page's first visit against the budget. `npm run bench` prints it and tests/e2e/js-budget.e2e.ts fails the
 * suite on it; `gzipBudget` is there for that test to show the check bites.
 */
export function measureJs(
  clientDir: string,
  { adminNames = adminComponentNames(), gzipBudget = PUBLIC_PAGE_GZIP_BUDGET }: { adminNames?: string[]; gzipBudget?: number } = {},
): JsReport {
  const manifest = readManifest(clientDir);
  const { routes } = manifest;
  const sizeOf = (url: string) => fileSize(clientDir, url);

  // Admin code: admin route modules, and shared chunks Rollup named after a file of app/components/admin.
  const adminModules = new Set(
    Object.values(routes)
      .filter((r) => isAdminRoute(r.id))
      .map((r) => r.module),
  );
  const adminChunkName = new RegExp(`^/assets/(${adminNames.map(escapeRegExp).join("|")})-[\\w-]+\\.js$`);
  const isAdminChunk = (url: string) => adminModules.has(url) || (adminNames.length > 0 && adminChunkName.test(url));

  const failures: string[] = [];
  const report = publicPageRoutes(manifest).map((route): RouteJs => {
    const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
    for (const step of branch(routes, route)) {
      files.add(step.module);
      for (const url of step.imports ?? []) files.add(url);
    }
    let rawBytes = 0;
    let gzipBytes = 0;
    let brotliBytes = 0;
    for (const url of files) {
      const size = sizeOf(url);
      rawBytes += size.raw;
      gzipBytes += size.gzip;
      brotliBytes += size.brotli;
    }
    const path = routePath(routes, route);
    const stripeChunks = [...files].filter((url) => sizeOf(url).stripe);
    const adminChunks = [...files].filter(isAdminChunk);

    if (gzipBytes > gzipBudget) {
      failures.push(`${path} ships ${KiB(gzipBytes)} of JavaScript (gzip) on a first visit; the budget is ${KiB(gzipBudget)}.`);
    }
    if (stripeChunks.length > 0 && !STRIPE_PAGES.has(path)) {
      failures.push(`${path} loads Stripe's libraries (${stripeChunks.join(", ")}); only ${[...STRIPE_PAGES].join(" and ")} may.`);
    }
    // The admin area's doors: the login page shares the admin's sign-in flag helper, and the invitation page (under
    // /admin/, outside the admin's layout) its page frame. Both still keep to the budget above.
    if (adminChunks.length > 0 && path !== "/login" && !path.startsWith("/admin/")) {
      failures.push(`${path} loads admin code (${adminChunks.join(", ")}); admin code belongs under /admin only.`);
    }
    return { path, routeId: route.id, files: files.size, rawBytes, gzipBytes, brotliBytes, stripeChunks, adminChunks };
  });

  report.sort((a, b) => a.path.localeCompare(b.path));
  return { routes: report, budgetGzipBytes: gzipBudget, failures };
}

/**
 * The admin's article editor with its visual editor, gzip: 350 KiB (issue #29). The visual editor (TipTap) is a chunk
 * of its own that the page imports after hydration (app/components/admin/markdown-editor.tsx), so it is counted here
 * on top of the page's first visit: the chunks named after it and everything they import.
 */
export const EDITOR_PAGE_GZIP_BUDGET = 350 * 1024;
const EDITOR_PAGE_ROUTE = "admin-articles-edit";
const EDITOR_CHUNK = /import\(\s*[`"']\.\/(visual-editor-[\w-]+\.js)[`"']\s*\)/g;
const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)[`"']\.\/([\w.-]+\.js)[`"']/g;

export type EditorPageJs = {
  path: string;
  routeId: string;
  /** The page's first visit, before the editor's chunk (gzip). */
  firstVisitGzipBytes: number;
  /** The visual editor's chunks, loaded after hydration. */
  editorChunks: string[];
  files: number;
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
};

/** The article editor's JavaScript: its first visit plus the visual editor's chunk and that chunk's imports. */
export function measureEditorPageJs(
  clientDir: string,
  { gzipBudget = EDITOR_PAGE_GZIP_BUDGET }: { gzipBudget?: number } = {},
): { page: EditorPageJs | null; budgetGzipBytes: number; failures: string[] } {
  const manifest = readManifest(clientDir);
  const route = manifest.routes[EDITOR_PAGE_ROUTE];
  const budget = { budgetGzipBytes: gzipBudget };
  if (!route) return { page: null, ...budget, failures: [`The build has no route ${EDITOR_PAGE_ROUTE} to measure the editor on.`] };
  const read = (url: string) => readFileSync(join(clientDir, url));
  const firstVisit = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const step of branch(manifest.routes, route)) {
    firstVisit.add(step.module);
    for (const url of step.imports ?? []) firstVisit.add(url);
  }
  const editorChunks = new Set<string>();
  for (const url of firstVisit) {
    for (const match of read(url).toString("utf8").matchAll(EDITOR_CHUNK)) editorChunks.add(`/assets/${match[1]}`);
  }
  const all = new Set(firstVisit);
  const pending = [...editorChunks];
  for (let url = pending.pop(); url; url = pending.pop()) {
    if (all.has(url)) continue;
    all.add(url);
    for (const match of read(url).toString("utf8").matchAll(STATIC_IMPORT)) pending.push(`/assets/${match[1]}`);
  }
  const gzip = (url: string) => fileSize(clientDir, url).gzip;
  let rawBytes = 0;
  let gzipBytes = 0;
  let brotliBytes = 0;
  for (const url of all) {
    const size = fileSize(clientDir, url);
    rawBytes += size.raw;
    gzipBytes += size.gzip;
    brotliBytes += size.brotli;
  }
  const path = routePath(manifest.routes, route);
  const failures: string[] = [];
  if (editorChunks.size === 0) failures.push(`${path} imports no visual-editor chunk: the measure would miss the editor.`);
  if (gzipBytes > gzipBudget) {
    failures.push(`${path} with its visual editor ships ${KiB(gzipBytes)} of JavaScript (gzip); the budget is ${KiB(gzipBudget)}.`);
  }
  const page = {
    path,
    routeId: route.id,
    firstVisitGzipBytes: [...firstVisit].reduce((sum, url) => sum + gzip(url), 0),
    editorChunks: [...editorChunks],
    files: all.size,
    rawBytes,
    gzipBytes,
    brotliBytes,
  };
  return { page, ...budget, failures };
}

export const KiB = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

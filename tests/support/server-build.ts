/**
 * The server build the Vite plugin would make, from the same route list and modules (app/routes.ts, app/root.tsx,
 * app/entry.server.tsx), so a test can send requests through the Worker's own fetch (workers/fetch-handler.ts) with the
 * real loaders, actions, middleware, page cache and React Router's error handling and single-fetch `.data` answers.
 */
import { type ServerBuild, UNSAFE_withComponentProps, UNSAFE_withErrorBoundaryProps, UNSAFE_withHydrateFallbackProps } from "react-router";
import * as entry from "~/entry.server";
import * as root from "~/root";
import routes from "~/routes";
import { testServerBuild } from "./build-settings";

type RouteEntry = { id?: string; file: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteEntry[] };
type Module = Record<string, unknown>;

const MODULES = import.meta.glob<Module>(["/app/routes/**/*.{ts,tsx}", "!/app/routes/**/*.test.{ts,tsx}"], { eager: true });

/** A route module as the Vite plugin compiles it: its components get their props (loaderData, params, error). */
function compiled(module: Module): Module {
  type Component = Parameters<typeof UNSAFE_withComponentProps>[0];
  const wrapped = { ...module };
  if (module.default) wrapped.default = UNSAFE_withComponentProps(module.default as Component);
  if (module.ErrorBoundary) wrapped.ErrorBoundary = UNSAFE_withErrorBoundaryProps(module.ErrorBoundary as never);
  if (module.HydrateFallback) wrapped.HydrateFallback = UNSAFE_withHydrateFallbackProps(module.HydrateFallback as never);
  return wrapped;
}

/** The server build the Vite plugin would make, from the same route list and modules. */
export function serverBuild(): ServerBuild {
  const server: Record<string, unknown> = { root: { id: "root", path: "", module: compiled(root) } };
  const client: Record<string, unknown> = {
    root: {
      id: "root",
      path: "",
      module: "/assets/root.js",
      imports: [],
      css: [],
      hasLoader: true,
      hasAction: false,
      hasErrorBoundary: true,
    },
  };
  const add = (entries: readonly RouteEntry[], parentId: string) => {
    for (const each of entries) {
      const id = each.id ?? each.file.replace(/\.[jt]sx?$/, "");
      const module = MODULES[`/app/${each.file}`];
      if (!module) throw new Error(`no module ${each.file}`);
      const shape = { id, parentId, path: each.path, index: each.index, caseSensitive: each.caseSensitive };
      server[id] = { ...shape, module: compiled(module) };
      client[id] = {
        ...shape,
        module: `/assets/${id}.js`,
        imports: [],
        css: [],
        hasAction: Boolean(module.action),
        hasLoader: Boolean(module.loader),
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: Boolean(module.ErrorBoundary),
        hasDefaultExport: Boolean(module.default),
      };
      if (each.children) add(each.children, id);
    }
  };
  add(routes as readonly RouteEntry[], "root");
  return testServerBuild({
    entry: { module: entry },
    routes: server,
    assets: { entry: { imports: [], module: "/assets/entry.client.js" }, routes: client, url: "/assets/manifest.js", version: "test" },
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  });
}

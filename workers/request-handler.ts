import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";

/**
 * React Router's request handler and the server build it runs on. Handed a function, React Router calls it on every
 * request and rebuilds its route tables from the build (`derive`: the data routes and the static handler), which the
 * dev server needs (the code changes under it). Built code never changes, so there the build is loaded once per
 * isolate and handed over as an object: its tables are made once. That was about a fifth of a render's CPU time.
 */
export function serverBuildHandler(load: () => Promise<ServerBuild>, mode: string | undefined, dev: boolean) {
  if (dev) return { build: load, handle: createRequestHandler(load, mode) };
  let build: Promise<ServerBuild> | undefined;
  let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  const loadOnce = () => {
    build ??= load();
    // A failed load is not kept: the next request tries again.
    build.catch(() => (build = handler = undefined));
    return build;
  };
  return {
    build: loadOnce,
    handle: async (request: Request, context: RouterContextProvider) => {
      handler ??= loadOnce().then((loaded) => createRequestHandler(loaded, mode));
      return (await handler)(request, context);
    },
  };
}

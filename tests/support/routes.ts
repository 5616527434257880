/** Calling route modules in server tests the way React Router calls them. */
import { RouterContextProvider } from "react-router";
import { middleware as rootMiddleware } from "~/root";

type Handler = (args: never) => unknown;
type Middleware = (args: never, next: () => Promise<never>) => unknown;
export type RouteModule = { loader?: Handler; action?: Handler; middleware?: readonly Middleware[] };

/**
 * Runs a loader or action inside `middleware` (the root's first, then the route's layouts', outermost first, then its
 * own), with one fresh context, as React Router does: a middleware that throws (a redirect) or answers without calling
 * `next` stops the request before the handler. Resolves to what the handler returned, or to the middleware's answer
 * when the handler never ran. (`next` hands the middleware a Response, as React Router does; the handler's own result,
 * React Router's `data()` or plain data, is what the test gets.)
 */
export async function throughMiddleware(middleware: readonly Middleware[], handler: Handler, args: unknown): Promise<unknown> {
  const withContext = { ...(args as object), context: new RouterContextProvider() } as never;
  let ran = false;
  let result: unknown;
  const run = async (index: number): Promise<never> => {
    const current = middleware[index];
    if (!current) {
      ran = true;
      result = await handler(withContext);
      return (result instanceof Response ? result : new Response(null)) as never;
    }
    return (await current(withContext, () => run(index + 1))) as never;
  };
  const answer = await run(0);
  return ran ? result : answer;
}

/** The loader or action of `module` as React Router runs it under `layouts` (outermost first), below the root. */
export function asRouted(module: RouteModule, kind: "loader" | "action", layouts: readonly RouteModule[] = []) {
  const handler = module[kind];
  if (!handler) throw new Error(`the route module has no ${kind}`);
  const middleware = [...(rootMiddleware as readonly Middleware[]), ...[...layouts, module].flatMap((each) => each.middleware ?? [])];
  return (args: unknown) => throughMiddleware(middleware, handler, args);
}

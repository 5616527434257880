// Stands in for @types/node in the projects that run in workerd (tsconfig.cloudflare.json, tsconfig.test.json):
// it declares the one Node API the Worker takes from nodejs_compat (wrangler.toml), and it is where dependencies'
// `/// <reference types="node" />` land (stripe), so Node's globals and modules stay unknown to that code.

declare module "node:async_hooks" {
  /** Carries a value through the async calls of one request (app/server/core/db.server.ts: the D1 session). */
  export class AsyncLocalStorage<T> {
    getStore(): T | undefined;
    run<R>(store: T, callback: () => R): R;
  }
}

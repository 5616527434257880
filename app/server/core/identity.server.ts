/**
 * Who sends a request, worked out once: the Worker reads it before the page cache (which serves signed-in visitors
 * nothing shared) and hands it to React Router in the request's context, where the route guard, the admin pages and
 * the learning pages read it (`identityOf`). Each signed cookie costs one HMAC, here, and no D1 query: the sessions
 * themselves are read from D1 only by the code that needs them (app/server/admin/guard.server.ts, the learning
 * layout's middleware).
 */
import { createContext, type RouterContextProvider } from "react-router";
import { learnerSessionId } from "../learning/learner.server";
import { readSessionToken, requestClientKey } from "./request.server";

export type RequestIdentity = {
  /** The admin session cookie's token, when it is signed with this site's key (the D1 session decides the rest). */
  adminToken: string | null;
  /** The learner session the signed learner cookie names (its key in D1), or null. */
  learnerSessionId: string | null;
  /** The key the client is counted under by the abuse limits (its address; an IPv6 address's /64). */
  readonly clientKey: string;
  /** A signed admin or learner cookie came with the request: its pages are its own, never from a shared cache. */
  signedIn: boolean;
};

/** Reads the request's cookies (one HMAC for each signed one) and its client key. */
export async function readIdentity(request: Request): Promise<RequestIdentity> {
  const [adminToken, learner] = request.headers.has("Cookie")
    ? await Promise.all([readSessionToken(request), learnerSessionId(request)])
    : [null, null];
  let clientKey: string | undefined;
  return {
    adminToken,
    learnerSessionId: learner,
    // Worked out on first use: a cache hit never needs it.
    get clientKey() {
      clientKey ??= requestClientKey(request);
      return clientKey;
    },
    signedIn: adminToken !== null || learner !== null,
  };
}

/** The request's identity, as the Worker read it (tests and other callers without one: read now, once). */
export const identityContext = createContext<RequestIdentity | null>(null);

/** The identity of the request `context` belongs to: the one the Worker set, or read now and kept for the request. */
export async function identityOf(request: Request, context: Readonly<RouterContextProvider>): Promise<RequestIdentity> {
  const known = context.get(identityContext);
  if (known) return known;
  const identity = await readIdentity(request);
  context.set(identityContext, identity);
  return identity;
}

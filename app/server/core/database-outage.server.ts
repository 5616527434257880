/**
 * A failing D1 gives one answer on every route: 503 with `Retry-After`, as JSON `{ message }` under /api/ and as one
 * small HTML page elsewhere. It is decided in one place, the Worker's fetch (workers/fetch-handler.ts), from two
 * signals: a D1 error thrown out of rendering (the page cache's version read, the D1 session), and a D1 error React
 * Router caught in a loader, action or middleware and reported to `handleError` (app/entry.server.tsx), which marks
 * the request's `databaseOutageContext`. The JSON API's `handleApi` already answers the same JSON itself.
 */
import { createContext } from "react-router";
import { routeFor } from "~/site-routes";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseFailure, jsonError } from "./http.server";

/** Set by the Worker per request; `handleError` marks `failed` when the error was D1's. */
export const databaseOutageContext = createContext<{ failed: boolean } | null>(null);

/** For `handleError`: notes a D1 failure on the request (logged once, like handleApi's). */
export function noteDatabaseFailure(error: unknown, outage: { failed: boolean } | null): boolean {
  if (!outage || !isDatabaseFailure(error)) return false;
  outage.failed = true;
  return true;
}

const HEADERS = { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };

/** The page: self-contained (no database, no script), so it shows whatever else is failing. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Temporarily unavailable</title>
</head>
<body style="font-family: Georgia, serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.6">
<main>
<h1>Temporarily unavailable</h1>
<p>${DATABASE_UNAVAILABLE_MESSAGE}</p>
<p>Nothing you did caused this, and nothing you sent was lost: try again in half a minute.</p>
<p><a href="/">Back to the home page</a></p>
</main>
</body>
</html>
`;

/** The 503 for `request`: JSON for the API (its route, app/site-routes.ts; and a client that asks only for JSON), the HTML page otherwise. */
export function databaseUnavailableResponse(request: Request): Response {
  const accept = request.headers.get("Accept") ?? "";
  if (routeFor(new URL(request.url).pathname).api || (/application\/json/.test(accept) && !/text\/html/.test(accept))) {
    return jsonError(503, DATABASE_UNAVAILABLE_MESSAGE, HEADERS);
  }
  return new Response(request.method === "HEAD" ? null : PAGE, {
    status: 503,
    headers: { ...HEADERS, "Content-Type": "text/html; charset=utf-8" },
  });
}

import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { clearedSessionCookie, endAdminSession } from "~/server/admin/auth.server";
import { NO_STORE } from "~/server/core/http.server";
import { getDb } from "~/server/core/db.server";

/**
 * POST /admin/logout: deletes the session on the server, clears the cookie and goes to /login, which
 * shows the 'Logged out' toast once. A cross-site post is refused (403: its policy in app/site-routes.ts, enforced by
 * the route guard), so other sites cannot sign the admin out.
 */
export async function action({ request }: Route.ActionArgs) {
  await endAdminSession(getDb(), request);
  const headers = new Headers({ "Cache-Control": NO_STORE });
  headers.append("Set-Cookie", clearedSessionCookie(request));
  return redirect("/login?loggedOut=1", { headers });
}

/** A GET (a typed-in address or a prefetch) signs nobody out. */
export function loader() {
  return redirect("/admin");
}

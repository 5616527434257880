import { useEffect } from "react";
import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { AdminSidebar } from "~/components/admin/admin-sidebar";
import { setAdminFlag } from "~/components/admin/use-flash-toast";
import { adminFrameContext, adminFrom } from "~/server/admin/guard.server";
import { ownerTimeZone, ownerZoneOf } from "~/server/site/site.server";
import { NO_STORE } from "~/server/core/http.server";
import { countUnhandledMessages } from "~/server/admin/inbox.server";
import { getDb } from "~/server/core/db.server";

/**
 * The frame of every /admin page. The route guard (app/server/admin/guard.server.ts) has read the session before any
 * loader or action runs, by each route's policy (app/site-routes.ts); without one a page went to /login. The loaders
 * below check nothing themselves.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const session = adminFrom(context);
  // Read with the session for a page; after a write (a form posted without JavaScript), read now, after the action.
  const frame = context.get(adminFrameContext) ?? {
    unhandledMessages: await countUnhandledMessages(getDb()),
    timeZone: await ownerTimeZone(getDb()),
  };
  // Every admin time is shown in the owner's zone (Settings), the same on the server and in the browser (OwnerTime).
  const timeZone = ownerZoneOf(frame.timeZone);
  return { username: session.username, role: session.role, unhandledMessages: frame.unhandledMessages, timeZone };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": NO_STORE });

export function meta(): Route.MetaDescriptors {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // The browser flag (localStorage.isAdminAuthenticated), kept for the UI only: the server session is what grants access.
  useEffect(() => setAdminFlag(true), []);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 lg:flex-row lg:gap-10">
      <AdminSidebar username={loaderData.username} role={loaderData.role} unhandledMessages={loaderData.unhandledMessages} />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

import { useId } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { CloseIcon, MenuIcon } from "~/components/ui/icons";
import { useMenuOpen } from "~/components/layout/use-menu-open";
import { type AdminRole, roleMayUse } from "~/lib/admin-permissions";
import { setAdminFlag } from "./use-flash-toast";

type Item = { to: string; label: string; sub?: boolean; count?: number };

/** Dashboard only matches itself; every other entry matches its section by path prefix. */
export function isCurrentAdminItem(pathname: string, to: string) {
  if (to === "/admin") return pathname === "/admin" || pathname === "/admin/";
  return pathname === to || pathname.startsWith(`${to}/`);
}

const linkClass = (active: boolean, sub = false) =>
  `flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${
    sub ? "ml-4" : ""
  } ${active ? "bg-muted text-primary" : "text-muted-foreground"}`;

/**
 * The admin navigation (Dashboard, Articles (and their Authors and Categories), Practices, Resources (and Recommended Reading), Courses, Media, Users, Accounts, Settings, Logout), without
 * the sections the account's role may not use (their routes' policies, app/site-routes.ts).
 * The inbox and the subscriber list sit under the dashboard. On phones it folds behind a toggle button.
 */
export function AdminSidebar({ username, role, unhandledMessages }: { username: string; role: AdminRole; unhandledMessages: number }) {
  const { pathname } = useLocation();
  const [open, setOpen] = useMenuOpen();
  const navId = useId();

  const items: Item[] = [
    { to: "/admin", label: "Dashboard" },
    { to: "/admin/messages", label: "Messages", sub: true, count: unhandledMessages },
    { to: "/admin/subscribers", label: "Subscribers", sub: true },
    { to: "/admin/newsletter", label: "Newsletter", sub: true },
    { to: "/admin/orders", label: "Orders", sub: true },
    { to: "/admin/coupons", label: "Coupons", sub: true },
    { to: "/admin/bundles", label: "Bundles", sub: true },
    { to: "/admin/analytics", label: "Analytics", sub: true },
    { to: "/admin/articles", label: "Articles" },
    { to: "/admin/authors", label: "Authors", sub: true },
    { to: "/admin/categories", label: "Categories", sub: true },
    { to: "/admin/practices", label: "Practices" },
    { to: "/admin/resources", label: "Resources" },
    { to: "/admin/books", label: "Recommended Reading", sub: true },
    { to: "/admin/courses", label: "Courses" },
    { to: "/admin/media", label: "Media" },
    { to: "/admin/pages", label: "Pages" },
    { to: "/admin/users", label: "Users" },
    { to: "/admin/accounts", label: "Accounts" },
    { to: "/admin/audit", label: "Audit log", sub: true },
    { to: "/admin/settings", label: "Settings" },
    // Only what this account may use (the server refuses the rest with 403).
  ].filter((item) => roleMayUse(role, item.to));

  return (
    <aside className="lg:w-60 lg:shrink-0">
      <div className="flex items-center justify-between gap-3 lg:hidden">
        <p className="text-sm text-muted-foreground">
          Signed in as <span className="font-medium text-foreground">{username}</span>
        </p>
        <button
          type="button"
          className="inline-flex h-10 items-center gap-2 rounded-md border border-border bg-card px-3 text-sm font-medium text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <CloseIcon className="h-4 w-4" /> : <MenuIcon className="h-4 w-4" />}
          Admin menu
        </button>
      </div>
      <nav
        id={navId}
        aria-label="Admin"
        className={`${open ? "block" : "hidden"} mt-3 rounded-xl border border-border bg-card p-3 lg:sticky lg:top-20 lg:mt-0 lg:block`}
      >
        <p className="hidden px-3 pb-2 text-xs text-muted-foreground lg:block">
          Signed in as <span className="font-medium text-foreground">{username}</span>
        </p>
        <ul className="flex flex-col gap-1">
          {items.map((item) => {
            const active = isCurrentAdminItem(pathname, item.to);
            return (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/admin"}
                  className={linkClass(active, item.sub)}
                  aria-current={active ? "page" : undefined}
                >
                  <span>{item.label}</span>
                  {item.count ? (
                    <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">
                      {item.count}
                      <span className="sr-only"> unhandled</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            );
          })}
          <li className="mt-2 border-t border-border pt-2">
            <Form method="post" action="/admin/logout" reloadDocument onSubmit={() => setAdminFlag(false)}>
              <button type="submit" className={`w-full text-left ${linkClass(false)}`}>
                Logout
              </button>
            </Form>
          </li>
        </ul>
      </nav>
    </aside>
  );
}

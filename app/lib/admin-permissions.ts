/**
 * Who may use which part of the admin, as data: the server's check (app/server/admin/guard.server.ts) and the admin
 * navigation (which hides what the account cannot use) both read this table. Paths not listed are open to every role.
 */
export const ADMIN_ROLES = ["owner", "editor"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Path prefixes (pages, their actions, and JSON endpoints) and the roles allowed there. */
export const RESTRICTED_ADMIN_PATHS: ReadonlyArray<{ prefix: string; roles: readonly AdminRole[] }> = [
  { prefix: "/admin/orders", roles: ["owner"] },
  // The old name of Orders, which redirects there.
  { prefix: "/admin/enrollments", roles: ["owner"] },
  { prefix: "/admin/users", roles: ["owner"] },
  { prefix: "/admin/accounts", roles: ["owner"] },
  { prefix: "/admin/settings", roles: ["owner"] },
  { prefix: "/admin/audit", roles: ["owner"] },
];

/** Whether `role` may read or write `pathname`. */
export function roleMayUse(role: AdminRole, pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: match the path as it is.
  }
  // Repeated slashes and case do not reach another route, nor do single-fetch `.data` requests.
  path = path
    .replace(/\/{2,}/g, "/")
    .replace(/\.data$/, "")
    .replace(/\/+$/, "")
    .toLowerCase();
  const rule = RESTRICTED_ADMIN_PATHS.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
  return !rule || rule.roles.includes(role);
}

/**
 * Who may use which part of the admin: each route's policy says which roles may read it and write to it
 * (app/site-routes.ts). The server's guard (app/server/admin/guard.server.ts) refuses the others; the admin
 * navigation and the dashboard hide what the account cannot use by the same policies.
 */
import { isAdminAccess, type AdminRole } from "./route-policy";
import { policyFor } from "../site-routes";

export type { AdminRole } from "./route-policy";

/** Whether `role` may read `pathname` (spelled any way: case, escapes, doubled slashes and `.data` reach the same route). */
export function roleMayUse(role: AdminRole, pathname: string): boolean {
  const { read } = policyFor(pathname);
  return !isAdminAccess(read) || read.includes(role);
}

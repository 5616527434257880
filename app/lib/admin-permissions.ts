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

/** How the admin names each role (the Accounts page, the sidebar's "Signed in as"). */
export const ROLE_LABELS: Record<AdminRole, string> = { owner: "Owner", editor: "Editor", contributor: "Contributor" };

/** Whether `role` may write to `pathname` (post its forms): the page shows a form only to the roles its policy lets post it. */
export function roleMayWrite(role: AdminRole, pathname: string): boolean {
  const { write } = policyFor(pathname);
  if (write === "nobody") return false;
  return !isAdminAccess(write) || write.includes(role);
}

/**
 * Admin accounts: the owner invites editors and contributors by e-mail, changes anyone's role and removes accounts.
 * Sign-in and sessions are in auth.server.ts; who may use what is each route's policy (app/site-routes.ts).
 *
 * An invitation is a random token in a link (only its SHA-256 is stored), single use, expiring after
 * `INVITE_TTL_DAYS`; a newer invitation to the same address withdraws the older one. Accepting it sets the
 * account's password (PBKDF2, password.server.ts), with the role it was invited as, and signs them in. A role is read
 * with the session on every request (auth.server.ts), so a change counts from the account's next request. The site
 * always keeps an owner: the last one can be neither demoted nor removed. Removing an account deletes its sessions in
 * the same batch, so it is signed out at once.
 */
import { and, asc, eq, gt, isNull, ne, or, sql } from "drizzle-orm";
import { INVITE_GONE } from "~/lib/admin-accounts";
import type { AdminRole } from "~/lib/admin-permissions";
import { adminAccounts, adminInvites, adminSessions, articles, courses, practices, resources } from "../../../db/schema";
import { newAdminSession } from "./auth.server";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";
import { sendEmail, type MailProducerDeps } from "../mail/mail.server";
import { hashPassword } from "./password.server";
import { hashToken, isWellFormedToken, newToken } from "../core/session-tokens.server";

export const INVITE_TTL_DAYS = 7;
const INVITE_TTL_MS = INVITE_TTL_DAYS * 24 * 60 * 60 * 1000;

export type AdminAccount = { id: number; username: string; role: AdminRole; createdAt: string };
export type PendingInvite = { id: number; email: string; role: string; invitedBy: string; expiresAt: string };
/** The roles an invitation may give: an owner is made by changing an account's role (or `npm run admin:create`). */
export type InvitedRole = Exclude<AdminRole, "owner">;

/** Every account (owner first), and the invitations still open. */
export async function listAdminAccounts(db: Database, now: Date = new Date()) {
  const [accounts, invites] = await Promise.all([
    db
      .select({ id: adminAccounts.id, username: adminAccounts.username, role: adminAccounts.role, createdAt: adminAccounts.createdAt })
      .from(adminAccounts)
      .orderBy(sql`${adminAccounts.role} = 'owner' DESC`, asc(adminAccounts.username)),
    db
      .select({
        id: adminInvites.id,
        email: adminInvites.email,
        role: adminInvites.role,
        invitedBy: adminInvites.invitedBy,
        expiresAt: adminInvites.expiresAt,
      })
      .from(adminInvites)
      .where(and(isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, now.toISOString())))
      .orderBy(asc(adminInvites.email)),
  ]);
  return { accounts: accounts as AdminAccount[], invites: invites as PendingInvite[] };
}

/**
 * Invites `email` to become an editor or a contributor (`role`, editor by default): stores the invitation and queues
 * the e-mail with its link (`origin`/admin/invite/TOKEN). 409 when the address already has an account. Returns the link
 * (for the tests).
 */
export async function inviteAccount(
  db: Database,
  input: { email: string; role?: InvitedRole; invitedBy: string; origin: string; siteName: string },
  now: Date = new Date(),
  mail?: MailProducerDeps,
): Promise<string> {
  const [existing] = await db.select({ id: adminAccounts.id }).from(adminAccounts).where(eq(adminAccounts.username, input.email)).limit(1);
  if (existing) throw new HttpError(409, `${input.email} already has an account.`);
  const token = newToken();
  await db.batch([
    // A newer invitation replaces an older one to the same address.
    db
      .update(adminInvites)
      .set({ usedAt: now.toISOString() })
      .where(and(eq(adminInvites.email, input.email), isNull(adminInvites.usedAt))),
    db.insert(adminInvites).values({
      tokenHash: await hashToken(token),
      email: input.email,
      role: input.role ?? "editor",
      invitedBy: input.invitedBy,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS).toISOString(),
    }),
  ]);
  const inviteUrl = `${input.origin.replace(/\/+$/, "")}/admin/invite/${token}`;
  await sendEmail(
    { to: input.email, kind: "admin-invite", data: { invitedBy: input.invitedBy, inviteUrl, expiresInDays: INVITE_TTL_DAYS } },
    mail,
  );
  return inviteUrl;
}

/** The address an open invitation was sent to, or null for a malformed, unknown, used or expired token. */
export async function findOpenInvite(db: Database, token: string, now: Date = new Date()): Promise<{ email: string } | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .select({ email: adminInvites.email })
    .from(adminInvites)
    .where(
      and(eq(adminInvites.tokenHash, await hashToken(token)), isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, now.toISOString())),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Accepts an invitation: one atomic statement claims the token (so a link works once even when two requests race),
 * then the editor account and a session are written together. 410 for a used, expired or unknown link; 409 when
 * the address got an account meanwhile. Returns the session's signed token and expiry, for the cookie.
 */
export async function acceptInvite(db: Database, token: string, password: string, now: Date = new Date()) {
  if (!isWellFormedToken(token)) throw new HttpError(410, INVITE_GONE);
  const passwordHash = await hashPassword(password);
  const claimed = await db
    .update(adminInvites)
    .set({ usedAt: now.toISOString() })
    .where(
      and(eq(adminInvites.tokenHash, await hashToken(token)), isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, now.toISOString())),
    )
    .returning({ email: adminInvites.email, role: adminInvites.role });
  const email = claimed[0]?.email;
  // Only the roles an invitation may give; anything else stored is the least trusted one.
  const role: InvitedRole = claimed[0]?.role === "editor" ? "editor" : "contributor";
  if (!email) throw new HttpError(410, INVITE_GONE);
  const [existing] = await db.select({ id: adminAccounts.id }).from(adminAccounts).where(eq(adminAccounts.username, email)).limit(1);
  if (existing) throw new HttpError(409, `${email} already has an account: sign in instead.`);
  const session = await newAdminSession(db, email, now);
  await db.batch([
    db.insert(adminAccounts).values({ username: email, passwordHash, role, createdAt: now.toISOString() }),
    ...session.statements,
  ]);
  return { username: email, role, token: session.token, expiresAt: session.expiresAt };
}

/**
 * Gives account `id` the role `role` (the owner's Accounts page). One statement decides, so two owners demoting each
 * other at once cannot leave the site without one: an owner's role changes only while another owner remains (409
 * otherwise, "the last owner"). 404 for no such account. The account's next request has the new role (its sessions
 * stay: the role is read with the session). Returns its username and the role it had.
 */
export async function changeRole(db: Database, id: number, role: AdminRole): Promise<{ username: string; from: AdminRole }> {
  const [before] = await db
    .select({ username: adminAccounts.username, role: adminAccounts.role })
    .from(adminAccounts)
    .where(eq(adminAccounts.id, id))
    .limit(1);
  if (!before) throw new HttpError(404, "There is no such account.");
  const changed = await db
    .update(adminAccounts)
    .set({ role })
    .where(
      and(
        eq(adminAccounts.id, id),
        or(
          ne(adminAccounts.role, "owner"),
          sql`${role} = 'owner'`,
          sql`(SELECT count(*) FROM ${adminAccounts} WHERE ${adminAccounts.role} = 'owner' AND ${adminAccounts.id} != ${id}) > 0`,
        ),
      ),
    )
    .returning({ username: adminAccounts.username });
  if (!changed[0]) throw new HttpError(409, LAST_OWNER_MESSAGE);
  return { username: changed[0].username, from: before.role as AdminRole };
}

export const LAST_OWNER_MESSAGE = "The site must keep an owner: make another account an owner first.";

/**
 * Removes an editor or a contributor and ends their sessions at once; what they created becomes the staff's
 * (`created_by` null). 404 for no such account; 409 for an owner (change the role first). Returns the username.
 */
export async function removeAccount(db: Database, id: number): Promise<string> {
  const [account] = await db
    .select({ username: adminAccounts.username, role: adminAccounts.role })
    .from(adminAccounts)
    .where(eq(adminAccounts.id, id))
    .limit(1);
  if (!account) throw new HttpError(404, "There is no such account.");
  if (account.role === "owner") throw new HttpError(409, "An owner's account cannot be removed: change its role first.");
  await db.batch([
    db.delete(adminSessions).where(eq(adminSessions.username, account.username)),
    ...[articles, practices, courses, resources].map((table) => db.update(table).set({ createdBy: null }).where(eq(table.createdBy, id))),
    db.delete(adminAccounts).where(eq(adminAccounts.id, id)),
  ]);
  return account.username;
}

/** Withdraws an open invitation (its link stops working) and gives its address. 404 when there is none open with that id. */
export async function withdrawInvite(db: Database, id: number, now: Date = new Date()): Promise<string> {
  const withdrawn = await db
    .update(adminInvites)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(adminInvites.id, id), isNull(adminInvites.usedAt)))
    .returning({ email: adminInvites.email });
  if (!withdrawn[0]) throw new HttpError(404, "There is no such open invitation.");
  return withdrawn[0].email;
}

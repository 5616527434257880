/**
 * Fresh credentials for a mail whose queue message was lost to a deferral (a quota, the queue's attempts used up, a dead
 * letter): `mail_log` keeps no link (./credentials.server.ts), only each one's address without its token and the token's
 * hash, which is enough to issue a new one of the same kind. workers/app.ts hands `reissueCredentials` to the consumer
 * (`MailConsumerDeps.reissue`); mail.server.ts cannot import it, since the features it calls import mail.server.ts.
 * - An access link (`/learn/access/`): a new token for the same address and course, as long-lived as the old one was;
 *   the old one was never sent and expires on its own.
 * - A gift's manage link (`/gifts/`), an invitation (`/admin/invite/`), a confirmation (`/newsletter/confirm/`): the
 *   row's one hash is replaced, so the old link stops working; an invitation used, withdrawn or expired, or a
 *   subscription no longer pending, is not re-opened (null: the mail is not sent, and says why).
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { accessTokens, adminInvites, enrollments, gifts, newsletterSubscribers } from "../../../db/schema";
import type { Database } from "../core/db.server";
import { hashToken, newToken } from "../core/session-tokens.server";
import { issueAccessToken } from "../learning/learner.server";
import type { StoredCredential, StoredCredentials } from "./credentials.server";

/** The new token for one credential, or null when its link is no longer wanted (or its row is gone). */
async function reissueOne(db: Database, credential: StoredCredential, now: Date): Promise<string | null> {
  const path = URL.canParse(credential.url) ? new URL(credential.url).pathname : "";
  const nowIso = now.toISOString();
  if (path.endsWith("/learn/access/")) {
    const old = await db.select().from(accessTokens).where(eq(accessTokens.id, credential.tokenHash)).get();
    if (!old) return null;
    const ttlMinutes = Math.max(1, Math.round((Date.parse(old.expiresAt) - Date.parse(old.createdAt)) / 60_000));
    return issueAccessToken(db, { email: old.email, courseId: old.courseId, ttlMinutes }, now);
  }
  const token = newToken();
  const hash = await hashToken(token);
  let replaced: { id: number }[] = [];
  if (path.endsWith("/gifts/"))
    replaced = await db
      .update(gifts)
      .set({ manageTokenHash: hash })
      .where(eq(gifts.manageTokenHash, credential.tokenHash))
      .returning({ id: gifts.id });
  else if (path.endsWith("/orders/refund/"))
    // A repeat purchase's refund link (ADR 0008): only while its order is still paid.
    replaced = await db
      .update(enrollments)
      .set({ refundLinkHash: hash })
      .where(and(eq(enrollments.refundLinkHash, credential.tokenHash), eq(enrollments.status, "paid")))
      .returning({ id: enrollments.id });
  else if (path.endsWith("/admin/invite/"))
    replaced = await db
      .update(adminInvites)
      .set({ tokenHash: hash })
      .where(and(eq(adminInvites.tokenHash, credential.tokenHash), isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, nowIso)))
      .returning({ id: adminInvites.id });
  else if (path.endsWith("/newsletter/confirm/"))
    replaced = await db
      .update(newsletterSubscribers)
      .set({ confirmTokenHash: hash })
      .where(
        and(
          eq(newsletterSubscribers.confirmTokenHash, credential.tokenHash),
          eq(newsletterSubscribers.status, "pending"),
          gt(newsletterSubscribers.confirmExpiresAt, nowIso),
        ),
      )
      .returning({ id: newsletterSubscribers.id });
  return replaced.length > 0 ? token : null;
}

/** Fresh links for every credential of a mail, and what `mail_log.credentials` keeps of them; null if one cannot be. */
export async function reissueCredentials(db: Database, credentials: StoredCredentials, now: Date = new Date()) {
  const secrets: Record<string, string> = {};
  const kept: StoredCredentials = {};
  for (const [field, credential] of Object.entries(credentials)) {
    const token = await reissueOne(db, credential, now);
    if (token === null) return null;
    secrets[field] = `${credential.url}${token}`;
    kept[field] = { url: credential.url, tokenHash: await hashToken(token) };
  }
  return { secrets, credentials: kept };
}

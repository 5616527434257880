/**
 * Learners have no account and no password: the e-mail address a course was paid with is who they are.
 *
 * - A learner session is a cookie holding a random token whose SHA-256 is in D1 with an expiry; it opens
 *   the courses paid with its address and not refunded (or refunded with access kept: `grantsAccess`).
 * - The payment-success page starts one, since the payer is right there.
 * - From any other device, an access link: a single-use, expiring token (hash stored) e-mailed to the
 *   address, exchanged for a session by /learn/access/{token}.
 */
import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { accessTokens, courses, enrollments, learnerSessions } from "../../db/schema";
import type { Database } from "./db.server";
import { accessLinkEmail } from "./emails.server";
import { sendEmail } from "./mail.server";
import { consumeRateLimit, rateLimitPerHour } from "./rate-limit.server";
import { clearedTokenCookie, hashToken, isWellFormedToken, newToken, readTokenCookie, tokenCookie } from "./session-tokens.server";
import { siteSettings } from "./site.server";

export const LEARNER_COOKIE = "tel_learner_session";
/** A learner stays signed in on a device for 30 days; a new access link starts a new session. */
export const LEARNER_SESSION_DAYS = 30;
/** A link asked for at /learn is used at once, or asked for again. */
export const ACCESS_LINK_TTL_MINUTES = 60;
/** The link in a receipt may be opened later, from another device. */
export const RECEIPT_LINK_TTL_MINUTES = 7 * 24 * 60;

export type LearnerSession = { email: string; expiresAt: string };

/** One address is one learner, however it was typed. */
export function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function startLearnerSession(db: Database, email: string, now = new Date()) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + LEARNER_SESSION_DAYS * 24 * 60 * 60 * 1000);
  await db.batch([
    // Housekeeping: expired sessions of anyone go as new ones start.
    db.delete(learnerSessions).where(lte(learnerSessions.expiresAt, now.toISOString())),
    db.insert(learnerSessions).values({
      id: await hashToken(token),
      email: normaliseEmail(email),
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    }),
  ]);
  return { token, expiresAt };
}

export function learnerSessionCookie(session: { token: string; expiresAt: Date }, request: Request) {
  return tokenCookie(LEARNER_COOKIE, session.token, session.expiresAt, request);
}

export function clearedLearnerCookie(request: Request) {
  return clearedTokenCookie(LEARNER_COOKIE, request);
}

export function hasLearnerCookie(request: Request) {
  return readTokenCookie(request, LEARNER_COOKIE) !== null;
}

/** The key of the session the request's cookie names (the SHA-256 of its token: no D1), or null without one. */
export async function learnerSessionId(request: Request): Promise<string | null> {
  const token = readTokenCookie(request, LEARNER_COOKIE);
  return token ? hashToken(token) : null;
}

/** The session named by the request's cookie, or null (unknown, tampered or expired). */
export async function getLearnerSession(db: Database, request: Request, now = new Date()): Promise<LearnerSession | null> {
  const id = await learnerSessionId(request);
  return id ? learnerSessionById(db, id, now) : null;
}

/** The live session with this key (`learnerSessionId`), or null: for a caller that has the key already. */
export async function learnerSessionById(db: Database, id: string, now = new Date()): Promise<LearnerSession | null> {
  const row = await db
    .select({ email: learnerSessions.email, expiresAt: learnerSessions.expiresAt })
    .from(learnerSessions)
    .where(liveSession(id, now))
    .get();
  return row ?? null;
}

/** The session with this key, if it has not expired: the one rule both reads of a session use. */
const liveSession = (id: string, now: Date) => and(eq(learnerSessions.id, id), gt(learnerSessions.expiresAt, now.toISOString()));

/**
 * The address of a live session, as a subquery: a read that needs only the learner's address can name the session
 * inside its own statements, and needs no round trip of its own for it (null when the session is unknown or expired).
 */
export function sessionEmail(sessionId: string, now = new Date()) {
  return sql<string>`(select ${learnerSessions.email} from ${learnerSessions} where ${liveSession(sessionId, now)})`;
}

export async function endLearnerSession(db: Database, request: Request) {
  const token = readTokenCookie(request, LEARNER_COOKIE);
  if (token) await db.delete(learnerSessions).where(eq(learnerSessions.id, await hashToken(token)));
}

/**
 * The one rule for whether an enrolment opens its course: paid, or refunded with the admin's "keep access".
 * A refund with access removed closes lessons, resume, progress and certificates at once.
 */
export const grantsAccess = () => or(eq(enrollments.status, "paid"), eq(enrollments.keepAccess, true));

/** The courses an address has paid for and not been refunded (or kept on refund). */
export async function ownedCourseIds(db: Database, email: string): Promise<number[]> {
  const rows = await db
    .selectDistinct({ courseId: enrollments.courseId })
    .from(enrollments)
    .where(and(eq(enrollments.email, normaliseEmail(email)), grantsAccess()));
  return rows.map((row) => row.courseId);
}

export async function ownsCourse(db: Database, email: string, courseId: number): Promise<boolean> {
  const row = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.email, normaliseEmail(email)), eq(enrollments.courseId, courseId), grantsAccess()))
    .limit(1)
    .get();
  return row !== undefined;
}

/** A new single-use link token for an address; only its hash is stored. */
export async function issueAccessToken(
  db: Database,
  input: { email: string; courseId: number | null; ttlMinutes: number },
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await db.batch([
    db.delete(accessTokens).where(lte(accessTokens.expiresAt, now.toISOString())),
    db.insert(accessTokens).values({
      id: await hashToken(token),
      email: normaliseEmail(input.email),
      courseId: input.courseId,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + input.ttlMinutes * 60 * 1000).toISOString(),
    }),
  ]);
  return token;
}

export function accessUrl(origin: string, token: string) {
  return `${origin}/learn/access/${token}`;
}

export type Redemption = { ok: true; email: string; courseId: number | null } | { ok: false; reason: "invalid" | "nothing-owned" };

/**
 * Uses up a link token: one UPDATE that succeeds only for an unused, unexpired token, so two
 * concurrent clicks cannot both win. A link whose every purchase was since refunded opens nothing.
 */
export async function redeemAccessToken(db: Database, token: string, now = new Date()): Promise<Redemption> {
  if (!isWellFormedToken(token)) return { ok: false, reason: "invalid" };
  const nowIso = now.toISOString();
  const [row] = await db
    .update(accessTokens)
    .set({ usedAt: nowIso })
    .where(and(eq(accessTokens.id, await hashToken(token)), isNull(accessTokens.usedAt), gt(accessTokens.expiresAt, nowIso)))
    .returning({ email: accessTokens.email, courseId: accessTokens.courseId });
  if (!row) return { ok: false, reason: "invalid" };
  const owned = await ownedCourseIds(db, row.email);
  if (owned.length === 0) return { ok: false, reason: "nothing-owned" };
  return { ok: true, email: row.email, courseId: row.courseId !== null && owned.includes(row.courseId) ? row.courseId : null };
}

/**
 * "Get my access link": e-mails a fresh link when the address owns courses, and does nothing visible
 * otherwise, so the answer never tells whether an address has bought anything.
 */
export async function requestAccessLink(db: Database, input: { email: string; origin: string }, now = new Date()) {
  const email = normaliseEmail(input.email);
  const owned = await db
    .selectDistinct({ id: courses.id, title: courses.title })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.email, email), grantsAccess()))
    .orderBy(courses.id);
  if (owned.length === 0) return { sent: false };
  // Per recipient as well as per client: nobody can fill one inbox from many addresses.
  const limit = rateLimitPerHour("access-link-recipient");
  if (await consumeRateLimit(db, { bucket: "access-link-recipient", client: email, limit }, now)) return { sent: false };
  const token = await issueAccessToken(
    db,
    { email, courseId: owned.length === 1 ? owned[0].id : null, ttlMinutes: ACCESS_LINK_TTL_MINUTES },
    now,
  );
  const message = accessLinkEmail({
    siteName: (await siteSettings(db)).name,
    accessUrl: accessUrl(input.origin, token),
    courses: owned.map((course) => course.title),
    expiresInMinutes: ACCESS_LINK_TTL_MINUTES,
  });
  await sendEmail({ to: email, kind: "access-link", ...message });
  return { sent: true };
}

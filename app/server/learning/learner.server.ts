/**
 * Learners have no account and no password: the e-mail address a course was paid with is who they are.
 *
 * - A learner session is a cookie holding a random token, signed (HMAC-SHA256 with a key derived from the secret
 *   `LEARNER_SESSION_SECRET`), whose SHA-256 is in D1 with an expiry. A forged or unsigned cookie is no cookie: it is
 *   told apart with one HMAC and no D1 query (so it does not bypass the page cache).
 * - A session **proved the inbox** when it came from an e-mailed access link (`scopeCourseId` null): it opens the
 *   courses paid with its address and not refunded (or refunded with access kept: `grantsAccess`), with the address's
 *   progress, answers and certificates.
 * - The payment-success page starts an **unproven** session (`scopeCourseId` = the course just bought, `enrollmentId` = the
 *   order paid for it): whoever typed an address at checkout has not shown they read its mail, so that session opens only
 *   what that order grants while it is paid and not refunded (never what the address owns through other orders: ADR
 *   0008), and its progress
 *   and answers are kept under a key of its own (`session:<session id>`), never the address's. Redeeming an access
 *   link in the same browser merges them into the address (`proveInbox`); a session that ends or expires takes them
 *   with it.
 * - From any other device, an access link: a single-use, expiring token (hash stored) e-mailed to the
 *   address, exchanged for a session by /learn/access/{token}.
 */
import { env } from "cloudflare:workers";
import type { BatchItem } from "drizzle-orm/batch";
import { and, eq, gt, gte, isNotNull, isNull, lt, lte, notInArray, or, sql, type SQL } from "drizzle-orm";
import { accessTokens, assessmentResponses, courses, enrollments, gifts, learnerSessions, lessonProgress } from "../../../db/schema";
import type { Database } from "../core/db.server";
import { config } from "../core/config.server";
import { logEvent, rootCause, shortError } from "../core/log.server";
import { LEARNER_COOKIE } from "../core/request.server";
import { sendEmail, type AccessLinkRequestBody, type MailProducerDeps, type MailQueueBody } from "../mail/mail.server";
import { consumeRateLimit, rateLimitPerHour } from "../core/rate-limit.server";
import { mergeStatements } from "./progress-merge.server";
import {
  clearedTokenCookie,
  derivedSigningKey,
  hashToken,
  isWellFormedToken,
  newToken,
  readSignedTokenCookie,
  signToken,
  tokenCookie,
} from "../core/session-tokens.server";

export { LEARNER_COOKIE };
/** A learner stays signed in on a device for 30 days; a new access link starts a new session. */
export const LEARNER_SESSION_DAYS = 30;
/** A link asked for at /learn is used at once, or asked for again. */
export const ACCESS_LINK_TTL_MINUTES = 60;
/** The link in a receipt may be opened later, from another device. */
export const RECEIPT_LINK_TTL_MINUTES = 7 * 24 * 60;
/** The shortest `LEARNER_SESSION_SECRET` accepted (32 random bytes in hex are 64 characters). */
export const LEARNER_SECRET_MIN_LENGTH = 32;
/** Progress and answers of an unproven session are stored under `session:<its id>`: never an address (those have an @). */
export const PENDING_KEY_PREFIX = "session:";

export type LearnerSession = {
  /** The session's key in D1 (the SHA-256 of the cookie's token). */
  id: string;
  email: string;
  expiresAt: string;
  /** Null: the inbox was proved (an access link). A course id: unproven, started on the payment-success page, for that course only. */
  scopeCourseId: number | null;
  /** An unproven session's order: the only one whose grants it holds (null for a proven session). */
  enrollmentId: number | null;
  /** Whose progress and answers this session reads and writes: the address when proven, `session:<id>` when not. */
  key: string;
};

/** One address is one learner, however it was typed. */
export function normaliseEmail(email: string) {
  return email.trim().toLowerCase();
}

/** The key an unproven session's progress and answers are stored under. */
export function pendingKey(sessionId: string) {
  return `${PENDING_KEY_PREFIX}${sessionId}`;
}

export function learnerKey(session: { id: string; email: string; scopeCourseId: number | null }) {
  return session.scopeCourseId === null ? session.email : pendingKey(session.id);
}

/** Whether a session opens this course at all (its enrolment decides the rest): a proven one any, an unproven one its own. */
export function sessionOpensCourse(session: Pick<LearnerSession, "scopeCourseId">, courseId: number) {
  return session.scopeCourseId === null || session.scopeCourseId === courseId;
}

export const MISSING_LEARNER_SECRET_MESSAGE = `LEARNER_SESSION_SECRET is missing or shorter than ${LEARNER_SECRET_MIN_LENGTH} characters, so learner sign-in is off: no learner cookie is issued or accepted, access links are not used up, the payment-success page points to /learn. Set it with \`openssl rand -hex 32 | npx wrangler secret put LEARNER_SESSION_SECRET --env production\`.`;

function logLearnerSecretMissing() {
  logEvent("error", "config.invalid", { setting: "LEARNER_SESSION_SECRET", problem: MISSING_LEARNER_SECRET_MESSAGE });
}

function configuredLearnerSecret(): string | null {
  const secret = config().LEARNER_SESSION_SECRET;
  return secret && secret.length >= LEARNER_SECRET_MIN_LENGTH ? secret : null;
}

// Said once at start-up too. A configuration that does not parse is not thrown here, where it would stop the whole
// isolate from loading: the first request that reads it gets the ConfigError naming the variable.
try {
  if (configuredLearnerSecret() === null) logLearnerSecretMissing();
} catch {}

/**
 * The key that signs learner cookies: HKDF-SHA256 from `LEARNER_SESSION_SECRET` (a secret of its own, not the admin
 * password's hash: changing the admin password does not sign learners out, and a learner key says nothing about it).
 * Null without a usable secret: then no learner cookie counts as signed and none is issued (logged, see above).
 */
export function learnerSigningKey(): Promise<CryptoKey> | null {
  const secret = configuredLearnerSecret();
  if (!secret) return null;
  return derivedSigningKey(secret, "tel_learner_session cookie signature");
}

/** Whether learner sessions can start here (the secret is set); logs why not when they cannot. */
export function learnerSignInAvailable() {
  if (configuredLearnerSecret()) return true;
  logLearnerSecretMissing();
  return false;
}

export type StartedSession = { id: string; token: string; expiresAt: Date };

/**
 * The statements that start a session (with the housekeeping of expired sessions and their pending data), and the
 * signed cookie value: for callers that put them in a batch of their own. Null without a signing key.
 */
async function sessionStart(db: Database, input: { email: string; scopeCourseId: number | null; enrollmentId?: number }, now: Date) {
  const key = await learnerSigningKey();
  if (!key) {
    logLearnerSecretMissing();
    return null;
  }
  const token = newToken();
  const id = await hashToken(token);
  const expiresAt = new Date(now.getTime() + LEARNER_SESSION_DAYS * 24 * 60 * 60 * 1000);
  const statements = [
    // Housekeeping: expired sessions of anyone go as new ones start, and with them their pending progress and answers.
    db.delete(learnerSessions).where(lte(learnerSessions.expiresAt, now.toISOString())),
    ...orphanedPendingDataDeletes(db),
    db.insert(learnerSessions).values({
      id,
      email: normaliseEmail(input.email),
      scopeCourseId: input.scopeCourseId,
      enrollmentId: input.scopeCourseId === null ? null : (input.enrollmentId ?? null),
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    }),
  ] as const;
  return { statements, session: { id, token: await signToken(token, key), expiresAt } satisfies StartedSession };
}

/**
 * Starts a session: proven (`scopeCourseId` null, after an access link) or unproven, for one course and the one order that
 * paid for it (the payment-success page). `token` is the signed value the cookie carries. Null when learner sign-in is
 * off (no secret).
 */
export async function startLearnerSession(
  db: Database,
  email: string,
  options: { scopeCourseId?: null } | { scopeCourseId: number; enrollmentId: number } = {},
  now = new Date(),
): Promise<StartedSession | null> {
  const scope = options.scopeCourseId == null ? { scopeCourseId: null } : options;
  const start = await sessionStart(db, { email, ...scope }, now);
  if (!start) return null;
  await db.batch(start.statements);
  return start.session;
}

/** Rows whose key is a pending one (`session:…`), found by a range on the primary key rather than a LIKE. */
const pendingRange = (column: typeof lessonProgress.email | typeof assessmentResponses.email) =>
  and(gte(column, PENDING_KEY_PREFIX), lt(column, "session;"));

/** Pending progress and answers whose session is gone (ended, expired, replaced): deleted with it. */
export function orphanedPendingDataDeletes(db: Database) {
  const sessionKeys = db.select({ key: sql<string>`${PENDING_KEY_PREFIX} || ${learnerSessions.id}` }).from(learnerSessions);
  return [
    db.delete(lessonProgress).where(and(pendingRange(lessonProgress.email), notInArray(lessonProgress.email, sessionKeys))),
    db.delete(assessmentResponses).where(and(pendingRange(assessmentResponses.email), notInArray(assessmentResponses.email, sessionKeys))),
  ] as const;
}

export function learnerSessionCookie(session: { token: string; expiresAt: Date }, request: Request) {
  return tokenCookie(LEARNER_COOKIE, session.token, session.expiresAt, request);
}

export function clearedLearnerCookie(request: Request) {
  return clearedTokenCookie(LEARNER_COOKIE, request);
}

/** The token of the request's learner cookie if it is well formed and signed with our key (one HMAC, no D1), else null. */
export async function learnerCookieToken(request: Request): Promise<string | null> {
  if (!request.headers.has("Cookie")) return null;
  const key = learnerSigningKey();
  return key ? readSignedTokenCookie(request, LEARNER_COOKIE, await key) : null;
}

/** Whether the request carries a signed learner cookie (a forged or unsigned one does not count). */
export async function hasLearnerCookie(request: Request) {
  return (await learnerCookieToken(request)) !== null;
}

/** The key of the session the request's signed cookie names (the SHA-256 of its token: no D1), or null without one. */
export async function learnerSessionId(request: Request): Promise<string | null> {
  const token = await learnerCookieToken(request);
  return token ? hashToken(token) : null;
}

/** The session named by the request's cookie, or null (unknown, unsigned, tampered or expired). */
export async function getLearnerSession(db: Database, request: Request, now = new Date()): Promise<LearnerSession | null> {
  const id = await learnerSessionId(request);
  return id ? learnerSessionById(db, id, now) : null;
}

/** The live session with this key (`learnerSessionId`), or null: for a caller that has the key already. */
export async function learnerSessionById(db: Database, id: string, now = new Date()): Promise<LearnerSession | null> {
  const row = await db
    .select({
      email: learnerSessions.email,
      expiresAt: learnerSessions.expiresAt,
      scopeCourseId: learnerSessions.scopeCourseId,
      enrollmentId: learnerSessions.enrollmentId,
    })
    .from(learnerSessions)
    .where(liveSession(id, now))
    .get();
  return row ? { id, ...row, key: learnerKey({ id, ...row }) } : null;
}

/** The session with this key, if it has not expired: the one rule both reads of a session use. */
const liveSession = (id: string, now: Date) => and(eq(learnerSessions.id, id), gt(learnerSessions.expiresAt, now.toISOString()));

/**
 * A live session that opens `courseId`, as subqueries: its address, its learner key (whose progress and answers it reads
 * and writes), and `orders`, a condition on `enrollments` rows: those whose grants the session holds (`sessionOrders`).
 * A read can name the session inside its own statements and needs no round trip of its own for it. The address and key
 * are null, and `orders` holds for no row, when the session is unknown, expired, or unproven for another course.
 */
export function sessionLearner(sessionId: string, courseId: number, now = new Date()) {
  const where = and(liveSession(sessionId, now), or(isNull(learnerSessions.scopeCourseId), eq(learnerSessions.scopeCourseId, courseId)));
  return {
    email: sql<string>`(select ${learnerSessions.email} from ${learnerSessions} where ${where})`,
    key: sql<string>`(select case when ${learnerSessions.scopeCourseId} is null then ${learnerSessions.email} else ${PENDING_KEY_PREFIX} || ${learnerSessions.id} end from ${learnerSessions} where ${where})`,
    orders: sql<boolean>`exists (select 1 from ${learnerSessions} where ${where} and ${learnerSessions.email} = ${enrollments.email}
      and (${learnerSessions.scopeCourseId} is null or ${learnerSessions.enrollmentId} in (${enrollments.id}, ${enrollments.orderId})))`,
  } satisfies Record<string, SQL>;
}

/**
 * The orders whose grants a session holds, as a condition on `enrollments`: every order of the address for a proven
 * session; for an unproven one only the order it was started from (and, for a bundle's order, its courses' rows), so
 * that it opens what the payer paid for and nothing the address owns through other orders, and closes when that order
 * is refunded (ADR 0008). An unproven session without an order (started before orders were recorded on sessions) holds none.
 */
export function sessionOrders(session: Pick<LearnerSession, "email" | "scopeCourseId" | "enrollmentId">): SQL {
  if (session.scopeCourseId === null) return eq(enrollments.email, session.email);
  if (session.enrollmentId === null) return sql`0`;
  return and(
    eq(enrollments.email, session.email),
    or(eq(enrollments.id, session.enrollmentId), eq(enrollments.orderId, session.enrollmentId)),
  ) as SQL;
}

/** Whether the session opens `courseId`: its scope allows it, and one of its orders grants the course (`grantsAccess`). */
export async function sessionOwnsCourse(
  db: Database,
  session: Pick<LearnerSession, "email" | "scopeCourseId" | "enrollmentId">,
  courseId: number,
) {
  if (!sessionOpensCourse(session, courseId)) return false;
  const row = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(sessionOrders(session), eq(enrollments.courseId, courseId), grantsAccess()))
    .limit(1)
    .get();
  return row !== undefined;
}

/** Deletes a session, and with it the progress and answers it kept pending (an unproven one's). */
function sessionDeletes(db: Database, sessionId: string) {
  const key = pendingKey(sessionId);
  return [
    db.delete(lessonProgress).where(eq(lessonProgress.email, key)),
    db.delete(assessmentResponses).where(eq(assessmentResponses.email, key)),
    db.delete(learnerSessions).where(eq(learnerSessions.id, sessionId)),
  ] as const;
}

/** Signing out: the session goes, and an unproven session's pending progress and answers with it. */
export async function endLearnerSession(db: Database, request: Request) {
  const id = await learnerSessionId(request);
  if (id) await db.batch(sessionDeletes(db, id));
}

/**
 * The inbox was proved (an access link was redeemed): starts a proven session for the address. When the browser held an
 * unproven session of the same address, its progress and answers are merged into the address first, keeping the furthest
 * state of each row (`mergeStatements`: completed beats visited, the best quiz result and the latest answer win); then its
 * pending rows and the session itself are deleted. Unproven sessions of the address in other browsers are offered on /learn
 * instead (app/server/learning/unproven-work.server.ts).
 * A session of another address held by the browser is ended (with its pending data: the cookie is replaced). One batch.
 */
export async function proveInbox(
  db: Database,
  input: { email: string; previousSessionId: string | null },
  now = new Date(),
): Promise<StartedSession | null> {
  const email = normaliseEmail(input.email);
  const start = await sessionStart(db, { email, scopeCourseId: null }, now);
  if (!start) return null;
  const previous = input.previousSessionId ? await learnerSessionById(db, input.previousSessionId, now) : null;
  const merge =
    previous && previous.scopeCourseId !== null && previous.email === email
      ? mergeStatements(db, sql`(${pendingKey(previous.id)})`, email)
      : [];
  const ending = input.previousSessionId ? sessionDeletes(db, input.previousSessionId) : [];
  const statements: BatchItem<"sqlite">[] = [...merge, ...ending, ...start.statements];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return start.session;
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
  await markGiftsRedeemed(db, row, now);
  const owned = await ownedCourseIds(db, row.email);
  if (owned.length === 0) return { ok: false, reason: "nothing-owned" };
  return { ok: true, email: row.email, courseId: row.courseId !== null && owned.includes(row.courseId) ? row.courseId : null };
}

/**
 * The recipient opened the course with a link from their inbox: their sent gifts (of that course, when the link names
 * one) are redeemed, and the buyer can no longer move them. Called when an access link is used
 * (docs/payments.md, "Gifts").
 */
export async function markGiftsRedeemed(db: Database, input: { email: string; courseId: number | null }, now = new Date()) {
  await db
    .update(gifts)
    .set({ redeemedAt: now.toISOString() })
    .where(
      and(
        eq(gifts.recipientEmail, normaliseEmail(input.email)),
        isNull(gifts.redeemedAt),
        isNotNull(gifts.sentAt),
        input.courseId === null
          ? undefined
          : sql`exists (select 1 from ${enrollments} e where e.id = ${gifts.enrollmentId} and e.course_id = ${input.courseId})`,
      ),
    );
}

/**
 * "Get my access link", the request's part: the same work whatever the address, so neither the answer nor its timing
 * tells whether an address has bought anything. It puts one job on the mail queue and returns; the consumer
 * (`sendAccessLinkIfOwned`) decides whether the address owns a course, applies the per-recipient limit and sends the
 * link. A queue that cannot be reached is logged and the answer does not change.
 */
export async function requestAccessLink(
  input: { email: string; origin: string },
  deps: { queue: Pick<Queue<MailQueueBody>, "send"> } = { queue: env.MAIL_QUEUE },
) {
  try {
    await deps.queue.send({ accessLinkRequest: { email: normaliseEmail(input.email), origin: input.origin } });
  } catch (error) {
    logEvent("error", "access_link.queue_failed", { error: shortError(error) });
  }
}

export function isAccessLinkRequest(body: unknown): body is AccessLinkRequestBody {
  const request = (body as Partial<AccessLinkRequestBody> | undefined)?.accessLinkRequest;
  return typeof request?.email === "string" && typeof request.origin === "string";
}

/**
 * The queue consumer's part of "Get my access link": e-mails a fresh link when the address owns courses (at most
 * `access-link-recipient` an hour), and nothing otherwise.
 */
export async function sendAccessLinkIfOwned(
  db: Database,
  input: { email: string; origin: string },
  deps?: MailProducerDeps,
  now = new Date(),
) {
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
    { email, courseId: owned.length === 1 ? (owned[0]?.id ?? null) : null, ttlMinutes: ACCESS_LINK_TTL_MINUTES },
    now,
  );
  const data = {
    accessUrl: accessUrl(input.origin, token),
    courses: owned.map((course) => course.title),
    expiresInMinutes: ACCESS_LINK_TTL_MINUTES,
  };
  await sendEmail({ to: email, kind: "access-link", data }, deps ?? { db, queue: env.MAIL_QUEUE });
  return { sent: true };
}

/** Consumes an access-link request from the mail queue: acknowledged once handled, retried later if D1 failed. */
export async function handleAccessLinkRequest(message: Message<MailQueueBody>, deps: MailProducerDeps) {
  if (!isAccessLinkRequest(message.body)) {
    message.ack();
    return;
  }
  try {
    await sendAccessLinkIfOwned(deps.db, message.body.accessLinkRequest, deps);
    message.ack();
  } catch (error) {
    logEvent("error", "access_link.failed", { attempt: message.attempts, error: shortError(rootCause(error)) });
    message.retry({ delaySeconds: 30 });
  }
}

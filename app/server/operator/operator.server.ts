/**
 * What the operator is told (docs/operations.md, "Health and alerts"): the scheduled jobs' last runs, the alerts
 * mailed to the operator address of Settings, and the System card of the dashboard. Everything is kept in `site_meta`:
 * - `cron.<job>`: the job's last run, `{ at, ok, message }`;
 * - `alert.<kind>`: `{ pending, since, details, lastSent, lastCount, lastSince }`, the occurrences not yet mailed;
 * - `count.<kind>.<YYYY-MM-DDTHH>`: occurrences per hour, for the card's "last 24 hours" (the daily job prunes them).
 * Every occurrence is one atomic upsert, and the "at most once an hour" decision is one UPDATE … RETURNING that only
 * one of any number of concurrent callers wins: exactly one alert mail per kind and hour.
 */
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { mailLog, newsletterDeliveries, newsletterIssues, siteMeta } from "../../../db/schema";
import type { Database } from "../core/db.server";
import { logEvent, requestIdOf, shortError } from "../core/log.server";
import { type MailProducerDeps, sendEmail } from "../mail/mail.server";
import { operatorEmail } from "../site/site.server";

/** The scheduled jobs of workers/app.ts: the daily retention and drip e-mail jobs and the 5-minute ones. */
export const CRON_JOBS = ["retention", "drip-mail", "publish", "newsletter-resume", "deferred-mail", "analytics-forget", "gifts"] as const;
export type CronJob = (typeof CRON_JOBS)[number];
export const DAILY_JOBS: readonly CronJob[] = ["retention", "drip-mail"];
export const FIVE_MINUTE_JOBS: readonly CronJob[] = ["publish", "newsletter-resume", "deferred-mail", "analytics-forget", "gifts"];

/** What the operator is mailed about. */
export const ALERT_KINDS = ["dead-letter", "webhook-signature", "cron", "mail-deferred"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** At most one alert mail per kind in this time. */
export const ALERT_INTERVAL_MS = 60 * 60 * 1000;
/** A job that has not run for this long is alerted about (by the other schedule). */
export const CRON_STALE_MS = 2 * 24 * 60 * 60 * 1000;
/** Mail deferred (or an issue paused) for longer than this is alerted about. */
export const MAIL_DEFERRED_ALERT_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type CronRun = { at: string; ok: boolean; message: string | null };
export type AlertState = {
  pending: number;
  since: string | null;
  details: string | null;
  lastSent: string | null;
  lastCount: number | null;
  lastSince: string | null;
};

/** How an alert is mailed: the mail producer's deps (tests pass a fake queue); the operator address is read from Settings. */
export type AlertDeps = { mail?: MailProducerDeps; to?: string };

const cronKey = (job: CronJob) => `cron.${job}`;
const alertKey = (kind: AlertKind) => `alert.${kind}`;
const hourOf = (at: Date) => at.toISOString().slice(0, 13);
const countKey = (kind: AlertKind, at: Date) => `count.${kind}.${hourOf(at)}`;
/** Kept before the watch of a job that has never run starts: `cron.watch-since`. */
const WATCH_SINCE_KEY = "cron.watch-since";

// ---------------------------------------------------------------- cron runs

/** Records a job's run (its time and outcome) in `cron.<job>`. Never throws: a failed record is logged. */
export async function recordCronRun(db: Database, job: CronJob, at: Date, outcome: { ok: true } | { ok: false; message: string }) {
  const value = JSON.stringify({ at: at.toISOString(), ok: outcome.ok, message: outcome.ok ? null : outcome.message.slice(0, 200) });
  try {
    await db
      .insert(siteMeta)
      .values({ key: cronKey(job), value })
      .onConflictDoUpdate({ target: siteMeta.key, set: { value } });
  } catch (error) {
    logEvent("error", "cron.record_failed", { job, error: shortError(error) });
  }
}

/**
 * Runs one scheduled job: records its outcome, logs `cron.<job>.done` or `cron.<job>.failed`, and a job that threw
 * counts as a "cron" alert. The job's error is thrown again (the runtime marks the invocation failed).
 */
export async function runCronJob<T>(db: Database, job: CronJob, now: Date, run: () => Promise<T>, deps: AlertDeps = {}): Promise<T> {
  const started = Date.now();
  try {
    const result = await run();
    await recordCronRun(db, job, now, { ok: true });
    logEvent("info", `cron.${job}.done`, { ms: Date.now() - started, ...resultCounts(result) });
    return result;
  } catch (error) {
    const message = shortError(error);
    await recordCronRun(db, job, now, { ok: false, message });
    logEvent("error", `cron.${job}.failed`, { ms: Date.now() - started, error: message });
    await noteAlert(db, "cron", { now, details: `The ${job} job failed: ${message}`, ...deps });
    throw error;
  }
}

/**
 * A job's result as counts for its `done` line: numbers as they are, lists by their length ("retention" deletes
 * so many rows of each kind; "publish" publishes lists of ids). Anything else is left out.
 */
export function resultCounts(result: unknown): Record<string, number> {
  if (typeof result !== "object" || result === null) return {};
  const counts: Record<string, number> = {};
  for (const [key, value] of Object.entries(result)) {
    if (typeof value === "number") counts[key] = value;
    else if (Array.isArray(value)) counts[key] = value.length;
  }
  return counts;
}

/** The last run of each job (null: never recorded). */
export async function cronRuns(db: Database): Promise<Record<CronJob, CronRun | null>> {
  return cronRunsFrom(await cronRunsQuery(db));
}

const cronRunsQuery = (db: Database) =>
  db
    .select()
    .from(siteMeta)
    .where(inArray(siteMeta.key, CRON_JOBS.map(cronKey)));

function cronRunsFrom(rows: { key: string; value: string }[]): Record<CronJob, CronRun | null> {
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(CRON_JOBS.map((job) => [job, parseJson<CronRun>(byKey.get(cronKey(job)))])) as Record<CronJob, CronRun | null>;
}

/**
 * The other schedule's check: each of `jobs` whose last run (or, never run, the start of this watch) is more than
 * 2 days before `now` counts as a "cron" alert. Returns the stale jobs.
 */
export async function checkCronFreshness(db: Database, jobs: readonly CronJob[], now: Date, deps: AlertDeps = {}): Promise<CronJob[]> {
  const runs = await cronRuns(db);
  let watchSince: string | null = null;
  if (jobs.some((job) => runs[job] === null)) {
    await db.insert(siteMeta).values({ key: WATCH_SINCE_KEY, value: now.toISOString() }).onConflictDoNothing();
    watchSince = (await db.select().from(siteMeta).where(eq(siteMeta.key, WATCH_SINCE_KEY)).get())?.value ?? now.toISOString();
  }
  const staleBefore = now.getTime() - CRON_STALE_MS;
  const stale = jobs.filter((job) => Date.parse(runs[job]?.at ?? watchSince ?? now.toISOString()) < staleBefore);
  if (stale.length > 0) {
    const details = stale.map((job) => `The ${job} job has not run since ${runs[job]?.at ?? "it was first watched"}.`).join(" ");
    logEvent("error", "cron.stale", { jobs: stale.join(",") });
    await noteAlert(db, "cron", { now, details, ...deps });
  }
  return stale;
}

// ---------------------------------------------------------------- alerts

/**
 * One occurrence (or `count`) of an alert kind: counted atomically, then the alert is mailed if none was this hour.
 * Never throws (an alert must not break the request or job that noticed the problem): a failure is logged.
 */
export async function noteAlert(
  db: Database,
  kind: AlertKind,
  { now = new Date(), details = null, count = 1, ...deps }: AlertDeps & { now?: Date; details?: string | null; count?: number },
): Promise<void> {
  const at = now.toISOString();
  const text = details?.slice(0, 500) ?? null;
  try {
    // Two upserts, each atomic on its own (a D1 statement is): the waiting count, and this hour's count.
    await db.run(sql`INSERT INTO site_meta (key, value) VALUES (${alertKey(kind)}, json_object('pending', ${count}, 'since', ${at}, 'details', ${text}))
        ON CONFLICT (key) DO UPDATE SET value = json_set(site_meta.value,
          '$.pending', coalesce(json_extract(site_meta.value, '$.pending'), 0) + ${count},
          '$.since', CASE WHEN coalesce(json_extract(site_meta.value, '$.pending'), 0) = 0 THEN ${at} ELSE json_extract(site_meta.value, '$.since') END,
          '$.details', ${text})`);
    await db.run(sql`INSERT INTO site_meta (key, value) VALUES (${countKey(kind, now)}, ${String(count)})
        ON CONFLICT (key) DO UPDATE SET value = CAST(site_meta.value AS INTEGER) + ${count}`);
  } catch (error) {
    logEvent("error", "alert.record_failed", { kind, error: shortError(error) });
    return;
  }
  await sendDueAlert(db, kind, now, deps);
}

/**
 * Mails the alert of `kind` if occurrences are waiting and none was mailed in the last hour. The decision is one
 * UPDATE … RETURNING (pending back to 0, `lastSent` now): of concurrent callers, one gets the row and mails it.
 * Returns whether it mailed. Never throws.
 */
export async function sendDueAlert(db: Database, kind: AlertKind, now: Date = new Date(), deps: AlertDeps = {}): Promise<boolean> {
  const at = now.toISOString();
  const hourAgo = new Date(now.getTime() - ALERT_INTERVAL_MS).toISOString();
  let claimed: AlertState | null;
  try {
    const row = await db.get<{ value: string } | undefined>(sql`UPDATE site_meta SET value = json_set(value,
        '$.pending', 0, '$.since', NULL, '$.lastSent', ${at},
        '$.lastCount', json_extract(value, '$.pending'), '$.lastSince', json_extract(value, '$.since'))
      WHERE key = ${alertKey(kind)} AND coalesce(json_extract(value, '$.pending'), 0) > 0
        AND (json_extract(value, '$.lastSent') IS NULL OR json_extract(value, '$.lastSent') <= ${hourAgo})
      RETURNING value`);
    claimed = parseJson<AlertState>(row?.value);
  } catch (error) {
    logEvent("error", "alert.record_failed", { kind, error: shortError(error) });
    return false;
  }
  if (!claimed) return false;
  const count = Number(claimed.lastCount ?? 0);
  try {
    const to = deps.to ?? (await operatorEmail(db));
    await sendEmail(
      { to, kind: "operator-alert", data: { kind, count, since: claimed.lastSince ?? at, details: claimed.details ?? "" } },
      deps.mail,
    );
    logEvent("warn", "alert.sent", { kind, count });
    return true;
  } catch (error) {
    // Not sent (sendEmail throws only when D1 refuses the mail_log row): the count goes back, for the next hour's try.
    logEvent("error", "alert.send_failed", { kind, count, error: shortError(error) });
    await db
      .run(sql`UPDATE site_meta SET value = json_set(value,
          '$.pending', coalesce(json_extract(value, '$.pending'), 0) + ${count},
          '$.since', coalesce(json_extract(value, '$.since'), ${claimed.lastSince ?? at}))
        WHERE key = ${alertKey(kind)}`)
      .catch(() => {});
    return false;
  }
}

/** The 5-minute cron: mails each kind's alert whose hour has passed with occurrences still waiting. */
export async function sendDueAlerts(db: Database, now: Date = new Date(), deps: AlertDeps = {}) {
  for (const kind of ALERT_KINDS) await sendDueAlert(db, kind, now, deps);
}

/** Each kind's alert state (null: never noted). */
export async function alertStates(db: Database): Promise<Record<AlertKind, AlertState | null>> {
  return alertStatesFrom(await alertStatesQuery(db));
}

const alertStatesQuery = (db: Database) =>
  db
    .select()
    .from(siteMeta)
    .where(inArray(siteMeta.key, ALERT_KINDS.map(alertKey)));

function alertStatesFrom(rows: { key: string; value: string }[]): Record<AlertKind, AlertState | null> {
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return Object.fromEntries(ALERT_KINDS.map((kind) => [kind, parseJson<AlertState>(byKey.get(alertKey(kind)))])) as Record<
    AlertKind,
    AlertState | null
  >;
}

/** Occurrences of `kind` in the 24 hours before `now` (by the hour: up to 25 hours' worth). */
export async function alertCountSince(db: Database, kind: AlertKind, now: Date): Promise<number> {
  return countFrom(await alertCountQuery(db, kind, now));
}

function alertCountQuery(db: Database, kind: AlertKind, now: Date) {
  const from = countKey(kind, new Date(now.getTime() - DAY_MS));
  return db
    .select({ total: sql<number>`coalesce(sum(cast(${siteMeta.value} as integer)), 0)` })
    .from(siteMeta)
    .where(and(gte(siteMeta.key, from), lte(siteMeta.key, `count.${kind}.~`)));
}

const countFrom = (rows: { total: number }[]) => Number(rows[0]?.total ?? 0);

/** The daily job: deletes the hourly counts older than 2 days. */
export async function pruneAlertCounts(db: Database, now: Date) {
  const before = hourOf(new Date(now.getTime() - 2 * DAY_MS));
  await db.run(sql`DELETE FROM site_meta WHERE key LIKE 'count.%' AND substr(key, -13) < ${before}`);
}

/**
 * The 5-minute check of mail held back by a quota: mail_log rows "deferred" and written more than 6 hours ago, and
 * newsletter issues paused without progress for 6 hours. Any counts as a "mail-deferred" alert.
 */
export async function checkDeferredMail(db: Database, now: Date, deps: AlertDeps = {}) {
  const before = new Date(now.getTime() - MAIL_DEFERRED_ALERT_MS).toISOString();
  const [mail, issues] = await db.batch([
    db
      .select({ n: sql<number>`count(*)` })
      .from(mailLog)
      .where(and(eq(mailLog.status, "deferred"), lte(mailLog.createdAt, before))),
    db
      .select({ n: sql<number>`count(*)` })
      .from(newsletterIssues)
      .where(and(sql`${newsletterIssues.pausedUntil} IS NOT NULL`, lte(newsletterIssues.progressAt, before))),
  ]);
  const deferred = Number(mail[0]?.n ?? 0);
  const paused = Number(issues[0]?.n ?? 0);
  if (deferred === 0 && paused === 0) return { deferred, paused };
  logEvent("warn", "mail.deferred_long", { deferred, paused });
  const details = `${deferred} e-mail${deferred === 1 ? "" : "s"} deferred for over 6 hours; ${paused} newsletter issue${paused === 1 ? "" : "s"} paused for over 6 hours.`;
  await noteAlert(db, "mail-deferred", { now, details, ...deps });
  return { deferred, paused };
}

// ---------------------------------------------------------------- the dashboard's System card

export type SystemState = {
  cron: { job: CronJob; run: CronRun | null }[];
  mailWaiting: { queued: number; deferred: number; newsletter: number };
  failures: { mailFailed: number; mailBounced: number; webhookSignatures: number; deadLetters: number };
  alerts: { kind: AlertKind; lastSent: string | null; lastCount: number | null; pending: number }[];
};

/**
 * The System card's state: the same facts the alerts are made of, in one D1 round trip (each round trip costs the
 * dashboard more CPU than its query: docs/performance.md, "Renders that grew").
 */
export async function systemState(db: Database, now: Date = new Date()): Promise<SystemState> {
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const [runRows, alertRows, webhookRows, deadLetterRows, [mail], [newsletter]] = await db.batch([
    cronRunsQuery(db),
    alertStatesQuery(db),
    alertCountQuery(db, "webhook-signature", now),
    alertCountQuery(db, "dead-letter", now),
    db
      .select({
        queued: sql<number>`coalesce(sum(${mailLog.status} = 'queued'), 0)`,
        deferred: sql<number>`coalesce(sum(${mailLog.status} = 'deferred'), 0)`,
        failed: sql<number>`coalesce(sum(${mailLog.status} = 'failed' AND ${mailLog.createdAt} >= ${dayAgo}), 0)`,
        bounced: sql<number>`coalesce(sum(${mailLog.status} IN ('bounced', 'complained') AND ${mailLog.createdAt} >= ${dayAgo}), 0)`,
      })
      .from(mailLog)
      .where(sql`${mailLog.status} IN ('queued', 'deferred') OR ${mailLog.createdAt} >= ${dayAgo}`),
    db
      .select({ n: sql<number>`count(*)` })
      .from(newsletterDeliveries)
      .where(inArray(newsletterDeliveries.status, ["queued", "handed"])),
  ]);
  const [runs, alerts] = [cronRunsFrom(runRows), alertStatesFrom(alertRows)];
  const [webhookSignatures, deadLetters] = [countFrom(webhookRows), countFrom(deadLetterRows)];
  return {
    cron: CRON_JOBS.map((job) => ({ job, run: runs[job] })),
    mailWaiting: { queued: Number(mail?.queued ?? 0), deferred: Number(mail?.deferred ?? 0), newsletter: Number(newsletter?.n ?? 0) },
    failures: { mailFailed: Number(mail?.failed ?? 0), mailBounced: Number(mail?.bounced ?? 0), webhookSignatures, deadLetters },
    alerts: ALERT_KINDS.map((kind) => ({
      kind,
      lastSent: alerts[kind]?.lastSent ?? null,
      lastCount: alerts[kind]?.lastCount ?? null,
      pending: Number(alerts[kind]?.pending ?? 0),
    })),
  };
}

function parseJson<T>(value: string | undefined | null): T | null {
  if (!value) return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

/**
 * A webhook refused for its signature (or a secret not set): one `webhook.refused` line with the request id, and
 * a "webhook-signature" alert. Never throws.
 */
export async function noteWebhookRefused(
  db: Database,
  error: { source: string; reason: string; status: number },
  request: Pick<Request, "headers">,
  deps: AlertDeps & { now?: Date } = {},
) {
  const secretMissing = error.reason === "secret-not-set";
  const secretName = error.source === "stripe" ? "STRIPE_WEBHOOK_SECRET" : "RESEND_WEBHOOK_SECRET";
  logEvent(secretMissing ? "error" : "warn", "webhook.refused", {
    requestId: requestIdOf(request),
    source: error.source,
    reason: error.reason,
    status: error.status,
    ...(secretMissing
      ? { hint: `${secretName} is not set: every webhook is refused until it is (wrangler secret put ${secretName}).` }
      : {}),
  });
  const details = secretMissing
    ? `${error.source}: ${secretName} is not set, so every webhook is refused.`
    : `${error.source}: ${error.reason}.`;
  await noteAlert(db, "webhook-signature", { details, ...deps });
}

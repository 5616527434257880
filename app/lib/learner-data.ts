/** A learner's data, as the pages show it (shared by the browser and app/server/learning/learner-data.server.ts). */

/**
 * How long orders keep the buyer's address and name: seven years, an accounting period that covers the usual
 * bookkeeping and tax rules. After it the daily retention job (app/server/site/retention.server.ts) blanks both; the order
 * itself (course, amount, currency, date, status, reference) stays for the accounts. The privacy policy
 * (app/routes/legal.tsx) and the learner's data page state it; shared by them and the server.
 */
export const ORDER_RETENTION_YEARS = 7;

/**
 * How long the outgoing mail log (mail_log: recipient, subject, kind, the facts the e-mail was written from, delivery
 * status; never the body) keeps a row: 13 months, long enough to answer "did my receipt arrive?" about last year's
 * order. The daily retention job deletes older rows; the privacy policy (app/routes/legal.tsx) states it. The
 * newsletter's delivery rows (newsletter_deliveries: which issue went to which subscriber, and whether it was
 * delivered) are kept as long, then deleted by the same job, their counts kept on the issue (`archived_counts`).
 */
export const MAIL_LOG_RETENTION_MONTHS = 13;

export type LearnerErasure = {
  email: string;
  /** The orders kept for the accounts, without the address and name now (their references). */
  orders: string[];
  progress: number;
  answers: number;
  certificates: number;
  sessions: number;
  accessLinks: number;
  mails: number;
  rateLimits: number;
};

/** The object an erasure names in the URL (and so in the audit log): the orders' references, or "no-orders". */
export function erasureSubject(orders: string[]): string {
  return orders.length === 0 ? "no-orders" : orders.join("+");
}

/** "2 lessons of progress, 1 written or quiz answer, …": what an erasure removed (or would remove), every kind named. */
export function erasureSummary(e: LearnerErasure): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    plural(e.progress, "lesson progress record", "lesson progress records"),
    plural(e.answers, "quiz attempt or written answer", "quiz attempts and written answers"),
    plural(e.certificates, "certificate", "certificates"),
    plural(e.sessions, "learner session", "learner sessions"),
    plural(e.accessLinks, "access link", "access links"),
    plural(e.mails, "e-mail in the mail log", "e-mails in the mail log"),
    plural(e.rateLimits, "rate-limit counter", "rate-limit counters"),
    e.orders.length === 0
      ? "no orders"
      : `the address and name on ${plural(e.orders.length, "order", "orders")} (${e.orders.join(", ")}; the orders are kept for the accounts)`,
  ].join(", ");
}

/**
 * Structured log lines for the operator (docs/operations.md, "Health and alerts"): one JSON object per event on one
 * line, with its level, its event name ("webhook.refused", "cron.failed") and a request id when the event belongs
 * to a request. Workers Logs and `wrangler tail` show it as is, and the dashboard's query builder can filter on its
 * fields. No personal data: ids, counts and reasons, never an address or a body.
 */
export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** Writes one event as a JSON line (`console.error` for errors and warnings, `console.log` otherwise). */
export function logEvent(level: LogLevel, event: string, fields: LogFields = {}): void {
  const line = JSON.stringify({ level, event, at: new Date().toISOString(), ...fields });
  if (level === "info") console.log(line);
  else console.error(line);
}

/** A request's id for its log lines: Cloudflare's ray id when there is one, otherwise a random one. */
export function requestIdOf(request: Pick<Request, "headers">): string {
  return request.headers.get("cf-ray") || crypto.randomUUID();
}

/** An error as one short line (for a log field or a stored outcome). */
export function shortError(error: unknown, max = 200): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, " ").slice(0, max);
}

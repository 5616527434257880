/**
 * Structured log lines for the operator (docs/operations.md, "Logs"): one JSON object per event on one line, with
 * its level, its event name ("webhook.refused", "cron.retention.done") and the id of the request or job it belongs
 * to. Workers Logs and `wrangler tail --format json` show it as is, and the dashboard's query builder can filter on
 * its fields. No personal data: ids, counts, codes and reasons, never an address, a name, a token or a body. Any
 * e-mail-looking text in a field's value is written as "[redacted]", whatever the call site passed.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/**
 * The id of the request or job running now: set once by the Worker's handlers (workers/fetch-handler.ts,
 * workers/app.ts), read by `logEvent`, so no call site passes it on.
 */
const currentRequestId = new AsyncLocalStorage<string>();

/** Runs `work` with `id` as the request id of every line it logs. */
export function withRequestId<T>(id: string, work: () => T): T {
  return currentRequestId.run(id, work);
}

/** What an e-mail address looks like in a log field; such text is written as REDACTED. */
const EMAIL_PATTERN = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;
export const REDACTED = "[redacted]";

/** Writes one event as a JSON line (`console.error` for errors and warnings, `console.log` otherwise). */
export function logEvent(level: LogLevel, event: string, fields: LogFields = {}): void {
  const line: Record<string, unknown> = { level, event, at: new Date().toISOString() };
  // The request's or job's own id wins; a `requestId` field stands in outside one (a handler called on its own).
  const requestId = currentRequestId.getStore() ?? fields.requestId;
  if (requestId) line.requestId = requestId;
  for (const [key, value] of Object.entries(fields)) {
    if (key === "level" || key === "event" || key === "at" || key === "requestId") continue;
    line[key] = typeof value === "string" ? value.replace(EMAIL_PATTERN, REDACTED) : value;
  }
  const text = JSON.stringify(line);
  if (level === "info") console.log(text);
  else console.error(text);
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

/** An error's stack, cut short (for the lines of errors that are bugs); undefined (left out) when it has none. */
export function stackOf(error: unknown, max = 2000): string | undefined {
  return error instanceof Error && error.stack ? error.stack.slice(0, max) : undefined;
}

/**
 * A database failure's error without Drizzle's wrapper, whose message is the whole query with its parameters (which
 * can hold a token or an address): D1's own error, which names the failure.
 */
export function rootCause(error: unknown): unknown {
  let current = error;
  for (
    let depth = 0;
    depth < 5 && current instanceof Error && current.cause instanceof Error && /^Failed query/.test(current.message);
    depth++
  )
    current = current.cause;
  return current;
}

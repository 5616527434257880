/** JSON responses and request-body parsing shared by every API route. */
import { data } from "react-router";
import { z } from "zod";
import { logEvent, rootCause, shortError, stackOf } from "./log.server";

/** The Cache-Control of an answer that is one visitor's own: admin pages, private pages, downloads. */
export const NO_STORE = "private, no-store";

/** A CSV file as the admin downloads it (the subscribers, an Analytics table): never cached, never sniffed as HTML. */
export function csvDownload(body: string, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": NO_STORE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export const MAX_JSON_BODY_BYTES = 64 * 1024;
/**
 * No form uploads files: the largest field is 5,000 characters (code points) of text, at most 60 KB once
 * percent-encoded (12 bytes for a 4-byte UTF-8 character), so 64 KiB holds any valid form.
 */
export const MAX_FORM_BODY_BYTES = 64 * 1024;

export function json<T>(body: T, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(body), { ...init, headers });
}

/**
 * Sets headers on a response, in place when its headers can change (a Response the Worker made), else on a copy
 * (the Cache API's, a fetch's or a static asset's answers have immutable headers). Copying a response per header
 * change was a good part of a cache hit's CPU time (docs/performance.md, "What a cache hit costs").
 */
export function withHeadersSet(response: Response, headers: Iterable<readonly [string, string]>) {
  let target = response;
  for (const [name, value] of headers) {
    try {
      target.headers.set(name, value);
    } catch (error) {
      // Immutable headers throw a TypeError on the first change, before any header was set.
      if (target !== response || !(error instanceof TypeError)) throw error;
      target = new Response(response.body, response);
      target.headers.set(name, value);
    }
  }
  return target;
}

/** `{ message }`, and `field` when the error is about one field of the body (the admin form shows it beside that field). */
export function jsonError(status: number, message: string, headers?: HeadersInit, field?: string) {
  return json(field ? { message, field } : { message }, { status, headers });
}

/**
 * Thrown inside a loader or action to refuse: the JSON API answers it as `{ message, field }`, a page's form as
 * `{ ok: false, message, field }` (app/server/core/form-action.server.ts). `field` names the body field at fault;
 * `headers` go with the answer (a 429's Retry-After).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  toResponse() {
    return jsonError(this.status, this.message, this.headers, this.field);
  }
}

/**
 * A webhook refused before it was read: its signature is missing, wrong or stale, or the secret to check it with is not
 * set. Answered like any HttpError (400, or 503 for a missing secret where the sender should retry); the webhook routes
 * log it (`webhook.refused`) and count it as an operator alert (app/server/operator/operator.server.ts).
 */
export class WebhookSignatureError extends HttpError {
  constructor(
    readonly source: "stripe" | "mail-provider",
    /** A short code for the log and the alert: "missing-signature", "invalid-signature", "future-timestamp", "secret-not-set". */
    readonly reason: string,
    message: string,
    status = 400,
  ) {
    super(status, message);
  }
}

export const DATABASE_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";
/** D1's transient failures (a reset or overloaded database, a lost connection) pass within seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/**
 * Runs an API handler and turns HttpError (and anything unexpected) into JSON, never an HTML 500 page:
 * a failing database or payment provider is a 503 the client may retry; anything else is a bug, a 500.
 */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpError) return error.toResponse();
    if (error instanceof Response) return error;
    if (isStripeOutage(error)) {
      logEvent("error", "payment.provider_error", { error: shortError(error) });
      return jsonError(503, "The payment provider could not be reached. Please try again in a moment.");
    }
    if (isDatabaseFailure(error)) {
      logEvent("error", "d1.unavailable", { where: "api", error: shortError(rootCause(error)) });
      return jsonError(503, DATABASE_UNAVAILABLE_MESSAGE, { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });
    }
    logEvent("error", "api.unhandled_error", { error: shortError(error), stack: stackOf(error) });
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

/**
 * Reads a JSON body: 415 for another content type, 413 past the size limit, 400 for malformed
 * JSON or a body the schema refuses (the message names the field). Unknown fields are dropped.
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S, maxBytes = MAX_JSON_BODY_BYTES): Promise<z.infer<S>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(contentType)) {
    throw new HttpError(415, "Send the request body as JSON (Content-Type: application/json).");
  }
  return readJsonText(request, schema, maxBytes);
}

/**
 * The body as JSON checked by `schema`, whatever its content type (the caller checked that): 413 past `maxBytes`, 400
 * for malformed JSON or a body the schema refuses (the message names the field). `readJsonBody` and the play beacon
 * (sent as text/plain by `navigator.sendBeacon`) read their bodies here.
 */
export async function readJsonText<S extends z.ZodType>(request: Request, schema: S, maxBytes: number): Promise<z.infer<S>> {
  const text = await readTextBody(request, maxBytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
  return checkedBody(schema, parsed);
}

/** A parsed body checked by `schema`: 400 naming the field when it refuses it (unknown fields dropped). */
export function checkedBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw new HttpError(400, firstIssueMessage(result.error), fieldOfIssue(result.error));
  return result.data;
}

/** The JSON body, parsed but not yet checked (415, 413, 400 as `readJsonBody`), for a caller that adjusts it first. */
export function readJsonValue(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<unknown> {
  return readJsonBody(request, anyJson, maxBytes);
}
const anyJson = z.unknown();

/**
 * Reads a form post (URL-encoded or multipart) with the same rules as `readJsonBody`: 415 for
 * another content type, 413 past the size limit, 400 when the body cannot be parsed as a form.
 * Every page action that takes a form reads it here, through `formAction` (app/routes/form-guards.test.ts checks that).
 */
export async function readFormBody(request: Request): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(contentType)) {
    throw new HttpError(415, "Send the form as application/x-www-form-urlencoded or multipart/form-data.");
  }
  const bytes = await readLimitedBytes(request, MAX_FORM_BODY_BYTES);
  try {
    return await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw new HttpError(400, "The form data could not be read.");
  }
}

/** The body as text, refused with 413 past `limit` bytes (declared or read), without reading further. */
export async function readTextBody(request: Pick<Request, "headers" | "body">, limit: number) {
  return new TextDecoder().decode(await readLimitedBytes(request, limit));
}

async function readLimitedBytes(request: Pick<Request, "headers" | "body">, limit: number) {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new HttpError(413, "The request body is too large.");
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new HttpError(413, "The request body is too large.");
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The first validation problem as one sentence that names the field. */
export function firstIssueMessage(error: z.ZodError) {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid.";
  const field = issue.path.map(String).join(".");
  if (issue.message && !issue.message.startsWith("Invalid input")) return issue.message;
  return field ? `The field "${field}" is missing or not valid.` : "The request body must be a JSON object.";
}

/** The top-level body field the first validation problem is about, if any ("title"; none for a body that is not an object). */
export function fieldOfIssue(error: z.ZodError): string | undefined {
  const first = error.issues[0]?.path[0];
  return typeof first === "string" ? first : undefined;
}

/** A 404 for pages: the route's not-found panel reads it through the loader's data. */
export function notFound() {
  return data(null, { status: 404 });
}

/** Stripe SDK errors that mean "Stripe is unreachable or failing", not "the request was wrong". */
function isStripeOutage(error: unknown) {
  const type = (error as { type?: string } | null)?.type;
  return type === "StripeConnectionError" || type === "StripeAPIError" || type === "StripeRateLimitError";
}

/** SQLite results that mean the statement itself was wrong (a bug, which retrying cannot fix), not the database. */
const STATEMENT_FAULT = /\bSQLITE_(CONSTRAINT|MISMATCH|RANGE|TOOBIG)\b|syntax error/;

/**
 * An error of the database rather than of our code. The D1 binding throws every failure as an Error
 * whose message starts with its kind, "D1_ERROR: Network connection lost.", "D1_ERROR: D1 DB is
 * overloaded…", "D1_EXEC_ERROR: …", and Drizzle wraps it as the `cause` of its own "Failed query"
 * error, so the cause chain is searched. A missing table (a database not yet migrated, or being
 * restored) counts: the client can only wait. Not counted: values D1 cannot bind (D1_TYPE_ERROR), a
 * missing result column (D1_COLUMN_NOTFOUND), and statements SQLite refused as written.
 */
export function isDatabaseFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (/^D1_(EXEC_)?ERROR: /.test(current.message)) return !STATEMENT_FAULT.test(current.message);
  }
  return false;
}

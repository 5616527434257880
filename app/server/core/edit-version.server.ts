/**
 * The version an API save was edited from, required on every update (a lost update otherwise: docs/api.md). It comes
 * as the body's `version` field or as HTTP's precondition header, `If-Match`, whose value is the same version string
 * (quotes optional); the item's GET and each save answer with it as their `ETag`. Neither → 428, a malformed one → 400,
 * a stale one → 409 (decided by the save's conditional UPDATE, not here).
 */
import { eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { isEditedVersion } from "~/lib/form-version";
import type { Database } from "./db.server";
import { HttpError } from "./http.server";

/** `ETag` header value for a version (an item never saved has the version "", whose ETag is `""`). */
export function etagOf(version: string | null | undefined) {
  return `"${version ?? ""}"`;
}

/**
 * The `If-Match` header as a version: `"2026-…Z"` or `2026-…Z`; a weak `W/"…"` is taken too (Cloudflare weakens a
 * strong ETag when it compresses the answer). Undefined when the header is absent; 400 for `*`, a list, or anything not a version (a date and time, or "").
 */
export function ifMatchVersion(request: Request): string | undefined {
  const header = request.headers.get("If-Match");
  if (header === null) return undefined;
  let value = header.trim();
  if (value.startsWith("W/")) value = value.slice(2);
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  if (/[",\s]/.test(value) || !isEditedVersion(value)) {
    throw new HttpError(
      400,
      'The If-Match header must hold one version: the ETag of the item\'s GET (or the updatedAt of your last save\'s answer), such as "2026-01-31T09:00:00.000Z"; "" for an item never saved.',
      "version",
    );
  }
  return value;
}

/**
 * The version a PUT was edited from: the body's `version` or the `If-Match` header (400 when both are sent and
 * differ), or a 428 that says how to send it. `what` names the thing saved ("this article", "this course's outline")
 * and `source` where its version is read ("GET /api/articles/3").
 */
export function requiredVersion(request: Request, bodyVersion: string | undefined, what: string, source: string): string {
  const header = ifMatchVersion(request);
  if (header !== undefined && bodyVersion !== undefined && header !== bodyVersion) {
    throw new HttpError(400, 'The body\'s "version" and the If-Match header name different versions: send one of them.', "version");
  }
  const version = bodyVersion ?? header;
  if (version === undefined) {
    throw new HttpError(
      428,
      `Say which version of ${what} your changes were made from, so that a save over someone else's is refused instead of overwriting it: send an If-Match header with the ETag of ${source} (or the updatedAt of your last save's answer), or the same string as "version" in the body ("" for an item never saved).`,
    );
  }
  return version;
}

/** The row is still at `version` (its updatedAt; "" for a row never saved, whose updatedAt is null). */
export const sameVersion = (updatedAt: SQLiteColumn, version: string) => (version === "" ? isNull(updatedAt) : eq(updatedAt, version));

/**
 * The version a save from `version` writes: now, but always after the one it replaces, even within the same
 * millisecond. (A version that is no date, or the last one there is, matches no row: that save is refused anyway.)
 */
export function nextVersion(version: string | undefined, now = new Date()) {
  const updatedAt = now.toISOString();
  const after = typeof version === "string" && updatedAt <= version ? new Date(Date.parse(version) + 1) : null;
  return after && Number.isFinite(after.getTime()) ? after.toISOString() : updatedAt;
}

/**
 * D1 has no interactive transactions, so a save's version check is a conditional write (`… WHERE updated_at = ?`)
 * followed, in the same batch, by this statement: it fails unless the write changed exactly one row (SQLite's
 * changes(), raising malformed JSON on purpose), which aborts the whole batch. Of two saves from one version the first
 * moves the version on and the second writes nothing. `savedFromVersion` turns that abort into the 409.
 */
export function abortUnlessChanged(db: Database): BatchItem<"sqlite"> {
  return db.run(sql.raw("SELECT json(CASE WHEN changes() = 1 THEN '1' ELSE 'stale save' END)"));
}

/**
 * Runs a batch guarded by `abortUnlessChanged`. When it fails and the record's version (read again by `current`,
 * undefined for a record gone) is no longer `version`, the failure was someone else's save: 409 with `message`
 * (404 for a record gone); any other failure is rethrown.
 */
export async function savedFromVersion<T>(
  run: () => Promise<T>,
  {
    version,
    current,
    message,
    missing = "Not found.",
  }: { version: string; current: () => Promise<string | undefined>; message: string; missing?: string },
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const now = await current();
    if (now === undefined) throw new HttpError(404, missing);
    if (now !== version) throw new HttpError(409, message, "version");
    throw error;
  }
}

/**
 * Content reads every visitor shares (home sections, an article, a practice, a course, the lists), kept in the
 * isolate's memory and keyed by the content version the page cache uses (cache.server.ts). Every admin write
 * and new enrolment records a new version, which empties this memo: the isolate that wrote sees the change at
 * once, other isolates when they next read the version, at most CONTENT_VERSION_MEMO_MS (1 s) later.
 * Values are shared between requests: never mutate one.
 */
import { contentVersion } from "../core/cache.server";
import type { Database } from "../core/db.server";

/** Far more than the site's pages; past it the oldest read leaves first. */
const MAX_ENTRIES = 2_000;

let version: string | null = null;
const reads = new Map<string, Promise<unknown>>();

/** `read()`'s result for `key` at the current content version: read once per isolate and version. */
export async function sharedRead<T>(db: Database, key: string, read: () => PromiseLike<T>): Promise<T> {
  const current = await contentVersion.read(() => db);
  if (current !== version) {
    reads.clear();
    version = current;
  }
  const known = reads.get(key);
  if (known) return known as Promise<T>;
  const pending = Promise.resolve(read());
  reads.set(key, pending);
  if (reads.size > MAX_ENTRIES) reads.delete(reads.keys().next().value as string);
  // A failed read is not kept: the next request tries again.
  pending.catch(() => {
    if (reads.get(key) === pending) reads.delete(key);
  });
  return pending;
}

/** Empties the memo (tests that rewrite the tables under the same content version). */
export function forgetSharedReads() {
  reads.clear();
  version = null;
}

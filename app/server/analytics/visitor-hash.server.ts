/**
 * The day's visitor hash (docs/analytics.md, "Unique visitors"): SHA-256 over the day's salt, the client's address, its
 * User-Agent and the site's host, cut to 16 bytes (hex). The salt is a random value per UTC day, kept in D1
 * (`analytics_salts`) so that every isolate of the day hashes alike, and deleted once the day is over
 * (`forgetPastDays`, app/server/analytics/aggregate.server.ts): after that, no hash of that day can be made again, and
 * nothing links one day's visitor to another day's.
 */
import { eq } from "drizzle-orm";
import { analyticsSalts } from "../../../db/schema";
import type { Database } from "../core/db.server";
import { toHex } from "../core/session-tokens.server";

/** Bytes of the hash kept: 16 (32 hex characters), plenty to tell a day's visitors apart. */
const HASH_BYTES = 16;

/** The isolate's salt of one day only (a new day replaces it), as a promise so that concurrent requests share one read. */
let memo: { day: string; salt: Promise<string> } | null = null;

/**
 * The salt of `day`: written once (INSERT … ON CONFLICT DO NOTHING, so concurrent isolates agree on the first one
 * written), then read back, in one batch (one round trip); memoised per isolate for that day.
 */
export function daySalt(db: Database, day: string): Promise<string> {
  if (memo?.day === day) return memo.salt;
  const fresh = toHex(crypto.getRandomValues(new Uint8Array(32)));
  const salt = db
    .batch([
      db.insert(analyticsSalts).values({ day, salt: fresh }).onConflictDoNothing(),
      db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day)),
    ])
    .then(([, rows]) => {
      const stored = rows[0]?.salt;
      if (!stored) throw new Error(`no analytics salt for ${day}`);
      return stored;
    });
  const entry = { day, salt };
  memo = entry;
  // A failed read is not kept: the next request tries again.
  salt.catch(() => {
    if (memo === entry) memo = null;
  });
  return salt;
}

/** Forgets the isolate's salt and hashes (tests: a day's salt deleted from D1 under a running isolate). */
export function forgetSaltMemo() {
  memo = null;
  knownHashes = { day: "", hashes: new Map() };
}

export type VisitorParts = { client: string; userAgent: string; host: string };

/** A view's two hashes of the day: the visitor (address, User-Agent, host) and the client (address and host only). */
export type VisitorKeys = { visitor: string; client: string };

/** The most hashes an isolate remembers (it forgets them all when full, and when the day changes). */
const MAX_KNOWN_HASHES = 5_000;
/** The isolate's hashes of the day, so a visitor's next page costs no SHA-256: in memory only, like the salt. */
let knownHashes: { day: string; hashes: Map<string, VisitorKeys> } = { day: "", hashes: new Map() };

const partsKey = (parts: VisitorParts) => `${parts.client}\n${parts.userAgent}\n${parts.host.toLowerCase()}`;

/** The hashes of `parts` on `day` if this isolate made them already today, else undefined. */
export function knownVisitorKeys(day: string, parts: VisitorParts): VisitorKeys | undefined {
  return knownHashes.day === day ? knownHashes.hashes.get(partsKey(parts)) : undefined;
}

async function saltedHash(salt: string, fields: string[]): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode([salt, ...fields].join("\n")));
  return toHex(new Uint8Array(digest, 0, HASH_BYTES));
}

/**
 * The visitor hash of `parts` on `day` (hex, 32 characters), and the client's: the same salt over the address and
 * host alone (marked, so it is never a visitor's hash), which caps the views one address counts a day whatever
 * User-Agents it sends (MAX_VIEWS_PER_CLIENT_DAY, aggregate.server.ts).
 */
export async function visitorKeys(db: Database, day: string, parts: VisitorParts): Promise<VisitorKeys> {
  const known = knownVisitorKeys(day, parts);
  if (known) return known;
  const salt = await daySalt(db, day);
  const host = parts.host.toLowerCase();
  const [visitor, client] = await Promise.all([
    saltedHash(salt, [parts.client, parts.userAgent, host]),
    saltedHash(salt, ["client", parts.client, host]),
  ]);
  const keys = { visitor, client };
  // Only the salt's own day is remembered (a new day drops the previous day's hashes with its salt).
  if (memo?.day === day) {
    if (knownHashes.day !== day || knownHashes.hashes.size >= MAX_KNOWN_HASHES) knownHashes = { day, hashes: new Map() };
    knownHashes.hashes.set(partsKey(parts), keys);
  }
  return keys;
}

/** The visitor hash of `parts` on `day` (hex, 32 characters). */
export async function visitorHash(db: Database, day: string, parts: VisitorParts): Promise<string> {
  return (await visitorKeys(db, day, parts)).visitor;
}

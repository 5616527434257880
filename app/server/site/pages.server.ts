/**
 * The site's editable pages (db/schema.ts `pages`, app/lib/pages.ts): the public reads (kept per content version like the
 * other shared reads), the admin's save with its revision, and the legal documents' placeholders.
 *
 * Revisions go into the content items' table (content_revisions, content_type "page", content_id the page's row id),
 * numbered and pruned as an item's are (app/server/content/revisions.server.ts); a restore is a save of the revision's
 * fields, through the same validation.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { adminAccounts, contentRevisions, pages } from "../../../db/schema";
import { DEFAULT_ABOUT_PAGE, DEFAULT_HOME_PAGE, DEFAULT_LEGAL_PAGES } from "~/content/pages";
import { MAIL_LOG_RETENTION_MONTHS, ORDER_RETENTION_YEARS } from "~/lib/learner-data";
import {
  isLegalPageKey,
  type LegalPageKey,
  type LegalPlaceholder,
  PAGE_TITLES,
  type PageFieldsOf,
  type PageKey,
  fillPlaceholders,
  pageSchema,
  poemStanzas,
} from "~/lib/pages";
import type { SiteSettings } from "~/lib/site";
import { parseMarkdown } from "../content/markdown.server";
import { BASELINE_SUMMARY, REVISIONS_KEPT, type RevisionSummary } from "../content/revisions.server";
import { sharedRead } from "../content/shared-reads.server";
import { markContentChanged } from "../core/cache.server";
import type { Database } from "../core/db.server";
import { abortUnlessChanged, savedFromVersion } from "../core/edit-version.server";
import { HttpError } from "../core/http.server";
import { logEvent, rootCause, shortError } from "../core/log.server";

/** content_revisions.content_type of the pages' revisions. */
export const PAGE_REVISION_TYPE = "page";

export type StoredPage<K extends PageKey> = {
  key: K;
  fields: PageFieldsOf<K>;
  /** When it was last saved ("" for a page never stored: its defaults). A legal document's "Last updated". */
  updatedAt: string;
  updatedBy: string | null;
};

/** The page as the app first showed it: for a database that has no row for it (a new production database). */
function defaultPage<K extends PageKey>(key: K): StoredPage<K> {
  if (isLegalPageKey(key)) {
    const { updatedAt, ...fields } = DEFAULT_LEGAL_PAGES[key];
    return { key, fields: fields as PageFieldsOf<K>, updatedAt, updatedBy: null };
  }
  const fields = key === "home" ? DEFAULT_HOME_PAGE : DEFAULT_ABOUT_PAGE;
  return { key, fields: fields as PageFieldsOf<K>, updatedAt: "", updatedBy: null };
}

/** The stored JSON through the page's schema: a row that no longer fits it (edited by hand) shows the defaults, logged. */
function fieldsOf<K extends PageKey>(key: K, json: string): PageFieldsOf<K> | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    value = undefined;
  }
  const parsed = pageSchema(key).safeParse(value);
  // The schema is the one of `key`: its output is that page's fields (TypeScript sees the union of every page's).
  if (parsed.success) return parsed.data as PageFieldsOf<K>;
  logEvent("error", "pages.invalid_row", { key });
  return null;
}

/** The page as stored (the admin's form), or its defaults. */
export async function readPage<K extends PageKey>(db: Database, key: K): Promise<StoredPage<K> & { id: number | null }> {
  const row = await db.select().from(pages).where(eq(pages.key, key)).get();
  const fields = row ? fieldsOf(key, row.fields) : null;
  // A row that no longer fits shows the defaults, but keeps its own version (the save's check compares the row's).
  if (!row || !fields) return { ...defaultPage(key), ...(row ? { updatedAt: row.updatedAt } : {}), id: row?.id ?? null };
  return { key, fields, updatedAt: row.updatedAt, updatedBy: row.updatedBy, id: row.id };
}

/** The page for the public: read once per isolate and content version (no D1 read of its own on a warm isolate). */
export function publicPage<K extends PageKey>(db: Database, key: K): Promise<StoredPage<K>> {
  return sharedRead(db, `page:${key}`, async () => {
    const { id: _, ...page } = await readPage(db, key);
    return page;
  });
}

/** The home page's hero, poem (as stanzas of lines) and quote. */
export async function homePage(db: Database) {
  const { poem, ...fields } = (await homeOrDefaults(db)).fields;
  return { ...fields, stanzas: poemStanzas(poem) };
}

/** The home page stays up when D1 is down (its sections then say so): the hero and poem fall back to the defaults, logged. */
async function homeOrDefaults(db: Database): Promise<StoredPage<"home">> {
  try {
    return await publicPage(db, "home");
  } catch (error) {
    logEvent("error", "pages.home_unavailable", { error: shortError(rootCause(error)) });
    return defaultPage("home");
  }
}

/** About: the mission as a safe Markdown tree, the caption and the testimonials. */
export async function aboutPage(db: Database) {
  const { mission, ...rest } = (await publicPage(db, "about")).fields;
  return { ...rest, mission: parseMarkdown(mission) };
}

/** The values of the legal documents' placeholders: from the code that does what the documents promise, and Settings. */
export function placeholderValues(site: Pick<SiteSettings, "name" | "email">): Record<LegalPlaceholder, string> {
  return {
    site_name: site.name,
    contact_email: site.email,
    order_retention_years: String(ORDER_RETENTION_YEARS),
    mail_log_retention_months: String(MAIL_LOG_RETENTION_MONTHS),
  };
}

/** A legal document as its public page shows it: title, body with its placeholders filled in, last updated. */
export async function legalPage(db: Database, key: LegalPageKey, site: Pick<SiteSettings, "name" | "email">) {
  const page = await publicPage(db, key);
  return {
    title: PAGE_TITLES[key],
    body: fillPlaceholders(parseMarkdown(page.fields.body), placeholderValues(site)),
    updatedAt: page.updatedAt,
  };
}

// ---------------------------------------------------------------- the admin's save

const STALE_PAGE_MESSAGE = "Someone saved this page after you opened it: reload it to see their version, then make your change again.";

const NOW = sql.raw("strftime('%Y-%m-%dT%H:%M:%fZ','now')");

/** The fields whose JSON differs, in the form's order ("testimonials, mission"), or "" when none does. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.keys(after)
    .filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]))
    .join(", ");
}

export type SaveOptions = {
  /** The saver's username (null: a script or test). */
  username: string | null;
  /**
   * The page's updatedAt the form was opened at: a save over someone else's newer one is refused (409), decided by the
   * save's own conditional write. Null only for a restore, a deliberate save over whatever is current.
   */
  version: string | null;
  /** "restored #3" for a restore. */
  label?: string;
  /** The clock (tests fix it). */
  now?: Date;
};

/**
 * Saves a page's fields (checked again by its schema: 400 naming the field), records a revision of what changed (and,
 * the first time, one of the state before, so the first edit can be undone), and retires the cached public pages.
 * A legal document's "Last updated" is the save's day. Nothing changed: nothing is written.
 */
export async function savePage<K extends PageKey>(
  db: Database,
  key: K,
  input: unknown,
  { username, version, label, now = new Date() }: SaveOptions,
): Promise<{ changed: string; updatedAt: string }> {
  const parsed = pageSchema(key).safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HttpError(400, issue?.message ?? "The page's fields are not valid.", issue?.path.join("."));
  }
  const fields = parsed.data as Record<string, unknown>;
  const current = await readPage(db, key);
  if (version !== null && version !== current.updatedAt) throw new HttpError(409, STALE_PAGE_MESSAGE, "version");
  const changed = changedFields(current.fields as Record<string, unknown>, fields);
  if (!changed && !label) return { changed: "", updatedAt: current.updatedAt };

  const updatedAt = now.toISOString();
  const json = JSON.stringify(fields);
  const upsert = db
    .insert(pages)
    .values({ key, fields: json, updatedAt, updatedBy: username })
    .onConflictDoUpdate({
      target: pages.key,
      set: { fields: json, updatedAt, updatedBy: username },
      // From the version the form was opened at only: of two saves from one version, the second changes nothing.
      ...(version !== null ? { setWhere: eq(pages.updatedAt, version) } : {}),
    });
  const pageId = sql`(SELECT ${pages.id} FROM ${pages} WHERE ${pages.key} = ${key})`;
  const nextNumber = sql`coalesce((SELECT max(number) FROM ${contentRevisions} WHERE content_type = ${PAGE_REVISION_TYPE} AND content_id = ${pageId} AND kind = 'save'), 0) + 1`;
  const hasHistory = sql`EXISTS (SELECT 1 FROM ${contentRevisions} WHERE content_type = ${PAGE_REVISION_TYPE} AND content_id = ${pageId} AND kind = 'save')`;
  // The state before, as revision 1, when the page has no history yet (the seed's text, or the defaults).
  const baseline = db.insert(contentRevisions).select(sql`
    SELECT NULL, ${PAGE_REVISION_TYPE}, ${pageId}, 1, ${JSON.stringify(current.fields)}, NULL, NULL, NULL, ${BASELINE_SUMMARY},
      ${current.updatedAt || updatedAt}, 'save', NULL
    WHERE NOT ${hasHistory}`);
  const record = db.insert(contentRevisions).select(sql`
    SELECT NULL, ${PAGE_REVISION_TYPE}, ${pageId}, ${nextNumber}, ${json}, NULL,
      (SELECT ${adminAccounts.id} FROM ${adminAccounts} WHERE ${adminAccounts.username} = ${username}), ${username},
      ${label ? `${label}${changed ? `: ${changed}` : ""}` : changed}, ${NOW}, 'save', NULL`);
  const prune = db.delete(contentRevisions).where(
    sql`content_type = ${PAGE_REVISION_TYPE} AND content_id = ${pageId} AND kind = 'save'
        AND number <= (SELECT max(number) FROM ${contentRevisions} WHERE content_type = ${PAGE_REVISION_TYPE} AND content_id = ${pageId} AND kind = 'save') - ${REVISIONS_KEPT}`,
  );
  // The baseline and the revision name the row by its key: a page never stored gets its row first.
  const check = version !== null ? [abortUnlessChanged(db)] : [];
  await savedFromVersion(() => db.batch([upsert, ...check, baseline, record, prune]), {
    version: version ?? "",
    current: async () => (version === null ? "" : (await readPage(db, key)).updatedAt),
    message: STALE_PAGE_MESSAGE,
  });
  await markContentChanged(db);
  return { changed, updatedAt };
}

/** A page's revisions, newest first (none for a page never stored). */
export async function listPageRevisions(db: Database, key: PageKey): Promise<RevisionSummary[]> {
  const row = await db.select({ id: pages.id }).from(pages).where(eq(pages.key, key)).get();
  if (!row) return [];
  return db
    .select({
      number: contentRevisions.number,
      savedBy: contentRevisions.savedBy,
      createdAt: contentRevisions.createdAt,
      summary: contentRevisions.summary,
    })
    .from(contentRevisions)
    .where(
      and(eq(contentRevisions.contentType, PAGE_REVISION_TYPE), eq(contentRevisions.contentId, row.id), eq(contentRevisions.kind, "save")),
    )
    .orderBy(desc(contentRevisions.number));
}

/** Restores revision `number`: a save of its fields (404 when the page has no such revision). */
export async function restorePageRevision(db: Database, key: PageKey, number: number, options: Omit<SaveOptions, "label" | "version">) {
  const row = await db
    .select({ snapshot: contentRevisions.snapshot })
    .from(contentRevisions)
    .innerJoin(pages, eq(pages.id, contentRevisions.contentId))
    .where(
      and(
        eq(pages.key, key),
        eq(contentRevisions.contentType, PAGE_REVISION_TYPE),
        eq(contentRevisions.kind, "save"),
        eq(contentRevisions.number, number),
      ),
    )
    .get();
  if (!row) throw new HttpError(404, "Revision not found.");
  // Over whatever is current: a deliberate choice of one revision, itself recorded (as an item's restore).
  return savePage(db, key, JSON.parse(row.snapshot), { ...options, version: null, label: `restored #${number}` });
}

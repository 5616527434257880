/**
 * The editable pages (db/schema.ts `pages`) as the site showed them when they were still code: the app's own defaults
 * (app/content/pages.ts), so a seeded site looks as it did. Legal documents keep the day each last changed.
 */
import { DEFAULT_ABOUT_PAGE, DEFAULT_HOME_PAGE, DEFAULT_LEGAL_PAGES } from "../../app/content/pages";
import { LEGAL_PAGE_KEYS, type PageFieldsOf, type PageKey } from "../../app/lib/pages";
import type { SeedPage } from "./types";

/** When the home page and About became editable: their rows' first updated_at. */
const EDITABLE_SINCE = "2026-11-28T00:00:00.000Z";

const page = <K extends PageKey>(key: K, fields: PageFieldsOf<K>, updatedAt: string): SeedPage => ({
  key,
  fields: JSON.stringify(fields),
  updatedAt,
});

export const seedPages: SeedPage[] = [
  page("home", DEFAULT_HOME_PAGE, EDITABLE_SINCE),
  page("about", DEFAULT_ABOUT_PAGE, EDITABLE_SINCE),
  ...LEGAL_PAGE_KEYS.map((key) => {
    const { updatedAt, ...fields } = DEFAULT_LEGAL_PAGES[key];
    return page(key, fields, updatedAt);
  }),
];

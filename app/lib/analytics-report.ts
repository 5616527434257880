/**
 * The tables of the Analytics page (docs/analytics.md, "The analytics page"): each is shown on the page and can be
 * downloaded as CSV (/admin/analytics.csv?table=<name>). Owner-only tables hold purchases' money and sources: an
 * editor never gets them (the loader leaves them out; the CSV answers 403).
 */
export const ANALYTICS_TABLES = {
  daily: { title: "Visits per day", ownerOnly: false },
  articles: { title: "Articles by visits", ownerOnly: false },
  practices: { title: "Practices by visits", ownerOnly: false },
  plays: { title: "Practices by plays", ownerOnly: false },
  courses: { title: "Courses: from the course page to a purchase", ownerOnly: false },
  referrers: { title: "Referring sites", ownerOnly: false },
  sources: { title: "Sources (utm_source or ref)", ownerOnly: false },
  mediums: { title: "Mediums (utm_medium)", ownerOnly: false },
  campaigns: { title: "Campaigns (utm_campaign)", ownerOnly: false },
  countries: { title: "Countries", ownerOnly: false },
  devices: { title: "Devices", ownerOnly: false },
  "purchase-sources": { title: "Purchases and revenue by source", ownerOnly: true },
} as const satisfies Record<string, { title: string; ownerOnly: boolean }>;

export type AnalyticsTableName = keyof typeof ANALYTICS_TABLES;
export const ANALYTICS_TABLE_NAMES = Object.keys(ANALYTICS_TABLES) as AnalyticsTableName[];

export function isAnalyticsTableName(name: string): name is AnalyticsTableName {
  return Object.hasOwn(ANALYTICS_TABLES, name);
}

/** One table as the page shows it and the CSV writes it: headings, then rows of plain values. */
export type AnalyticsTable = {
  name: AnalyticsTableName;
  title: string;
  headings: string[];
  rows: (string | number)[][];
};

/**
 * A share as the page writes it ("12.5%"), or "–" when there is nothing to divide by. Never over 100%: the part and
 * the whole are counted apart (a purchase whose visit was served from the cache), so a larger part reads as all.
 */
export function percentText(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((Math.min(part, whole) / whole) * 1000) / 10}%` : "–";
}

/** The change from `previous` to `current` in percent (one decimal), or null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  return previous > 0 ? Math.round(((current - previous) / previous) * 1000) / 10 : null;
}

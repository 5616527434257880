/**
 * Where a visit came from, read the same way by the Worker's counting (a page view's referrer and tagged link) and by
 * attribution (the landing a browser tab kept, sent with a signup or a payment): docs/analytics.md.
 * Only a host and the link's own tags are kept, never a URL, a path or a query of another site.
 */
import type { VisitSource } from "./analytics";

/** The longest tag or host kept; longer ones are cut. */
export const SOURCE_MAX_LENGTH = 100;

/** A tag or host as stored: trimmed, lower case, at most SOURCE_MAX_LENGTH characters; null when empty. */
export function normaliseTag(value: string | null | undefined): string | null {
  const text = (value ?? "").trim().toLowerCase().slice(0, SOURCE_MAX_LENGTH).trim();
  return text === "" ? null : text;
}

/**
 * The host of a referrer, when it is another site's (a `www.` prefix dropped, so `www.google.com` is `google.com`);
 * null for this site's own pages, an absent or malformed referrer, or anything but http(s).
 */
export function externalReferrerHost(referrer: string | null | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  // A bare host is what a tab keeps (app/root.tsx); a Referer header is a whole URL.
  if (!referrer.includes("://")) return referrerHostOnly(referrer, ownHost);
  try {
    const url = new URL(referrer);
    return url.protocol === "http:" || url.protocol === "https:" ? referrerHostOnly(url.host, ownHost) : null;
  } catch {
    return null;
  }
}

/** A bare host (as the tab keeps it) checked the same way: another site's, lower case, without `www.`. */
function referrerHostOnly(host: string, ownHost: string): string | null {
  const bare = host.trim().toLowerCase();
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/.test(bare) || bare === ownHost.toLowerCase()) return null;
  return normaliseTag(bare.replace(/^www\./, ""));
}

/**
 * A visit's source from its landing URL's query and its referrer's host: `utm_source` (else `ref`) with `utm_medium`
 * and `utm_campaign`; without tags, the referring site's host as the source; neither, a direct visit (all null).
 */
export function visitSourceFrom(query: URLSearchParams, referrerHost: string | null): VisitSource {
  const tagged = normaliseTag(query.get("utm_source")) ?? normaliseTag(query.get("ref"));
  return {
    source: tagged ?? referrerHost,
    medium: normaliseTag(query.get("utm_medium")),
    campaign: normaliseTag(query.get("utm_campaign")),
  };
}

/** The campaign a newsletter issue's links carry (`utm_campaign`), so its visits, signups and purchases are its own. */
export const issueCampaign = (issueId: number) => `issue-${issueId}`;
/** The `utm_source` of every newsletter link. */
export const NEWSLETTER_SOURCE = "newsletter";

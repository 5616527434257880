/**
 * Sources that convert (docs/analytics.md, "Plays and sources"): the landing a browser tab kept (app/lib/landing.ts)
 * comes with a newsletter signup or a payment intent, and is read here into the source stored on the subscriber or the
 * enrolment: `utm_source` (else `ref`) with `utm_medium` and `utm_campaign`, else the referring site's host; all null for
 * a direct visit. The same reading as the Worker's counting (app/lib/analytics-sources.ts). Only the source is kept:
 * the rest of the landing's query and anything else the tab sent are dropped here.
 */
import { z } from "zod";
import type { VisitSource } from "~/lib/analytics";
import { externalReferrerHost, visitSourceFrom } from "~/lib/analytics-sources";

/** The longest landing read: a landing URL's query and a host, as the tab keeps them, are far shorter. */
export const LANDING_MAX_LENGTH = 2000;

/** A direct visit: no tag, no other site. */
export const DIRECT_VISIT: VisitSource = { source: null, medium: null, campaign: null };

/**
 * The `landing` field of a signup or a payment intent: the tab's stored JSON (a string), or null or absent. A value of
 * any other shape or length is read as no landing (a direct visit), never a refusal: where a visitor came from must
 * never stop them from signing up or paying.
 */
export const landingField = z.string().max(LANDING_MAX_LENGTH).nullish().catch(null);

/** What the tab stores: `[location.search, the referrer's host]` (the host '' when the referrer was this site or none). */
const storedLandingSchema = z.tuple([z.string().max(LANDING_MAX_LENGTH), z.string().max(255)]);

/** The source of a stored landing, for a site served on `ownHost` (a referrer of this host is no source). */
export function visitSourceOfLanding(landing: string | null | undefined, ownHost: string): VisitSource {
  if (!landing) return DIRECT_VISIT;
  let parsed: unknown;
  try {
    parsed = JSON.parse(landing);
  } catch {
    return DIRECT_VISIT;
  }
  const stored = storedLandingSchema.safeParse(parsed);
  if (!stored.success) return DIRECT_VISIT;
  const [search, referrer] = stored.data;
  return visitSourceFrom(new URLSearchParams(search), externalReferrerHost(referrer, ownHost));
}

/**
 * The landing of a form posted without JavaScript (the article-end signup, the signup page with scripts off): the
 * `Referer` of the post, when it is a page of this site (the site sends its full URL to itself:
 * `strict-origin-when-cross-origin`), is the page the form was on, and its query holds the tags the visitor came with.
 * As a stored landing (`[query, '']`), or null when there is no such Referer. The referring site of that page is not
 * known here (only the tab's script saw it), so an untagged visit from another site reads as direct.
 */
export function landingOfReferer(referer: string | null, ownHost: string): string | null {
  if (!referer) return null;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return null;
  }
  if (url.host !== ownHost || !url.search) return null;
  return JSON.stringify([url.search.slice(0, LANDING_MAX_LENGTH), ""]);
}

/** The host of the site's own URL (`siteUrl(request)`): a referrer from it is no source. */
export const hostOf = (siteUrl: string) => new URL(siteUrl).host;

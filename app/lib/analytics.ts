/**
 * First-party analytics, the names both halves share (docs/analytics.md): what the Worker counts and sends to the
 * analytics queue, what the practice player reports, and where a browser tab keeps its visit's landing source.
 * Nothing here identifies a person: a visitor is a hash salted for one day, and no event keeps an address, a URL or a
 * user agent.
 */

/** Device classes, from the User-Agent. */
export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The dimensions a page view is also counted along (`analytics_dimensions.dimension`); "site" is the whole site. */
export const ANALYTICS_DIMENSIONS = ["site", "referrer", "source", "medium", "campaign", "country", "device"] as const;
export type AnalyticsDimension = (typeof ANALYTICS_DIMENSIONS)[number];

/** The player's reports of one play: started, reached half way, completed. */
export const PLAY_EVENTS = ["start", "half", "complete"] as const;
export type PlayEvent = (typeof PLAY_EVENTS)[number];

/** Where a visit came from: `utm_source` (or `ref`), else the referring site's host; null fields are absent. */
export type VisitSource = { source: string | null; medium: string | null; campaign: string | null };

/** A counted page view, as the Worker sends it to the analytics queue. */
export type PageViewMessage = {
  type: "view";
  /** UTC date, YYYY-MM-DD. */
  day: string;
  /** The route's pattern ("/articles/:id"). */
  pattern: string;
  /** The content id the URL names, or ''. */
  contentId: string;
  /** The referring site's host, when it is another site; else null. */
  referrer: string | null;
  /** `utm_source` or `ref`, `utm_medium`, `utm_campaign` of the URL (lower case, trimmed, at most 100 characters). */
  source: string | null;
  medium: string | null;
  campaign: string | null;
  /** ISO country code from `request.cf.country`, or null. */
  country: string | null;
  device: DeviceClass;
  /** The day's visitor hash (hex): salted with the day's salt, which is deleted when the day is over. */
  visitor: string;
  /**
   * The day's hash of the client's address alone (no User-Agent), same salt: caps the views one address counts a day.
   * Absent in a message from before it existed (the consumer then reads the visitor as the client).
   */
  client?: string;
};

/** A practice player's report, as the beacon endpoint sends it to the analytics queue. */
export type PlayMessage = {
  type: "play";
  day: string;
  practiceId: number;
  /** A random id the player draws for each play (counted once per event and day, then forgotten). */
  playId: string;
  event: PlayEvent;
  /** Seconds listened since the play's previous report (0 for "start"), at most the recording's length. */
  seconds: number;
  /**
   * When the endpoint received it (ms since 1970): a start's is kept for the day, and bounds the seconds a later
   * report of the play may add. Absent in a message from before it existed.
   */
  at?: number;
};

export type AnalyticsMessage = PageViewMessage | PlayMessage;

/** The queue's name in wrangler.toml (its binding is ANALYTICS_QUEUE). */
export const ANALYTICS_QUEUE_NAME = "analytics";

/**
 * The `sessionStorage` key of a tab's landing, and where the player's beacons go: each is defined in a module of its own
 * (app/lib/landing.ts, app/lib/play-beacon.ts), so that the one browser chunk that needs it inlines it instead of
 * sharing a chunk of constants with the other (a request more on every page with a signup form).
 */
export { LANDING_STORAGE_KEY } from "./landing";
export { PLAY_BEACON_PATH } from "./play-beacon";

/**
 * A browser tab's landing source (docs/analytics.md, "Plays and sources"): where the visit came from, kept in
 * `sessionStorage` (this tab, this visit, this device; never a cookie) and sent along with a newsletter signup or a
 * payment, where the server keeps only the source it reads from it (app/server/analytics/attribution.server.ts).
 */
import { LANDING_STORAGE_KEY } from "./analytics";

/**
 * Inline in the document's <head> (app/root.tsx, after the theme's boot script, with the page's CSP nonce), from the
 * server's HTML only: no JavaScript bundle carries it. On a document load, if the tab has no landing yet and the URL
 * has a `utm_*` or `ref` tag or the referrer is another site, it keeps `[location.search, the referrer's host]`.
 * Kept tiny and self-contained: it is serialised into every page as is; storage may be blocked, hence the try.
 */
export const landingBootScript = `try{let s=sessionStorage,k=${JSON.stringify(LANDING_STORAGE_KEY)},q=location.search,r=document.referrer,h=r&&new URL(r).host;if(h==location.host)h="";if(!s.getItem(k)&&(h||/[?&](utm_|ref=)/.test(q)))s.setItem(k,JSON.stringify([q,h]))}catch(e){}`;

/** The tab's landing as stored (a JSON string, read by the server), or null: a direct visit, or storage blocked. */
export function storedLanding(): string | null {
  try {
    return sessionStorage.getItem(LANDING_STORAGE_KEY);
  } catch {
    return null;
  }
}

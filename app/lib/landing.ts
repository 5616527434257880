/**
 * A browser tab's landing source (docs/analytics.md, "Plays and sources"): where the visit came from, kept in
 * `sessionStorage` (this tab, this visit, this device; never a cookie) and sent along with a newsletter signup or a
 * payment (`storedLanding` in app/lib/api-client.ts), where the server keeps only the source it reads from it
 * (app/server/analytics/attribution.server.ts). app/lib/analytics.ts re-exports the key.
 */

/**
 * The `sessionStorage` key under which a tab keeps its visit's landing (written by the inline boot script of
 * app/root.tsx on the first page of a visit that came from another site or a tagged link; read when the visitor signs
 * up or pays). Never a cookie: it stays on this device, in this tab, for this visit.
 */
export const LANDING_STORAGE_KEY = "tel-landing";

/**
 * Inline in the document's <head> (app/root.tsx, after the theme's boot script, with the page's CSP nonce), from the
 * server's HTML only: no JavaScript bundle carries it (a plain template of constants, so a bundle that does not use it
 * drops it). On a document load, if the tab has no landing yet and the URL has a `utm_*` or `ref` tag or the referrer is
 * another site, it keeps `[location.search, the referrer's host]`. And when a form with an empty `landing` field is
 * submitted (the article-end signup, a plain form: app/components/content/article-end.tsx), it fills the field with the
 * tab's landing, so a plain form carries it as the JavaScript forms do. Kept tiny and self-contained: it is serialised into
 * every page as is; `let` keeps its names out of the page's globals; storage may be blocked, hence the try.
 */
export const landingBootScript = `try{let s=sessionStorage,k="${LANDING_STORAGE_KEY}",q=location.search,r=document.referrer,h=r&&new URL(r).host;if(h==location.host)h="";if(!s.getItem(k)&&(h||/[?&](utm_|ref=)/.test(q)))s.setItem(k,JSON.stringify([q,h]));addEventListener("submit",e=>{let i=e.target.elements.landing;if(i&&!i.value)i.value=s.getItem(k)||""})}catch(e){}`;

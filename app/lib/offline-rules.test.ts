/**
 * The service worker's rules (app/lib/offline-rules.ts): what it may keep, which caches an update deletes, and the
 * ranges it cuts from a saved recording. tests/e2e/offline.e2e.ts checks the worker itself in Chromium.
 */
import { describe, expect, it } from "vitest";
import {
  answerRange,
  assetsNamedIn,
  buildCaches,
  mayStore,
  pageOfData,
  recordingNamedIn,
  requestKind,
  SAVED_CACHE,
  staleCaches,
} from "./offline-rules";
import { policyFor } from "../site-routes";

const ORIGIN = "https://site.example";
const page = (path: string, init: { method?: string; mode?: string } = {}) => ({
  method: init.method ?? "GET",
  url: `${ORIGIN}${path}`,
  mode: init.mode ?? "navigate",
  headers: new Headers({ Accept: "text/html" }),
});
/** The worker's call: with the route policies' `offline`. */
const kind = (request: Parameters<typeof requestKind>[0], origin: string) =>
  requestKind(request, origin, (path) => policyFor(path).offline);
const ok = (headers: Record<string, string> = {}) => ({ status: 200, headers: new Headers(headers), type: "basic" });

describe("what the service worker may keep", () => {
  it("keeps public pages, scripts and styles, and answers recordings from saved copies", () => {
    for (const path of ["/", "/articles/3", "/practices/1", "/saved", "/offline", "/search?q=mind"])
      expect(kind(page(path), ORIGIN), path).toBe("page");
    for (const path of ["/assets/root-abc.js", "/assets/root-abc.css", "/fonts/lora.woff2", "/images/hero.svg", "/favicon.svg"]) {
      expect(kind(page(path, { mode: "no-cors" }), ORIGIN), path).toBe("asset");
    }
    expect(kind(page("/audio/practice-1.ogg", { mode: "no-cors" }), ORIGIN)).toBe("recording");
  });

  it.each([
    ["the admin area", ["/admin", "/admin/articles/1", "/admin/invite/abc", "/admin/subscribers.csv", "/login"]],
    [
      "the learning area and access links",
      ["/learn", "/learn/access/token123", "/courses/1/learn/2", "/courses/1/complete", "/certificates/x"],
    ],
    [
      "payments",
      ["/courses/1/enroll", "/courses/payment-success", "/checkout", "/api/payments", "/api/create-payment-intent", "/__stripe/v1/x"],
    ],
    [
      "APIs, loader data and development routes",
      [
        "/api/articles",
        "/admin/articles.data",
        "/courses/1/learn/2.data",
        "/__dev/mail",
        "/newsletter/confirm/t",
        "/newsletter/unsubscribe/t",
      ],
    ],
  ])("never keeps %s", (_, paths) => {
    for (const path of paths) expect(kind(page(path), ORIGIN), path).toBe("pass");
  });

  it("keeps the page a client navigation's loader data is for (never the data), but not for a prefetch or a revalidation", () => {
    const data = (path: string, headers: Record<string, string> = {}, referrer = `${ORIGIN}/`) => ({
      method: "GET",
      url: `${ORIGIN}${path}`,
      mode: "cors",
      headers: new Headers(headers),
      referrer,
    });
    for (const path of ["/articles/1.data", "/articles.data?_routes=routes/articles", "/_root.data", "/search.data?q=mind"])
      expect(kind(data(path, {}, `${ORIGIN}/practices`), ORIGIN), path).toBe("page-data");
    expect(kind(data("/articles/1.data", { "Sec-Purpose": "prefetch" }), ORIGIN)).toBe("pass");
    expect(kind(data("/articles/1.data", { Purpose: "prefetch" }), ORIGIN)).toBe("pass");
    // After a form's action React Router reloads the data of the page it is on: that page was kept when it was opened.
    expect(kind(data("/contact.data", {}, `${ORIGIN}/contact`), ORIGIN)).toBe("pass");
    expect(pageOfData(`${ORIGIN}/articles/1.data?_routes=a,b&index`)?.href).toBe(`${ORIGIN}/articles/1`);
    expect(pageOfData(`${ORIGIN}/_root.data`)?.href).toBe(`${ORIGIN}/`);
    expect(pageOfData(`${ORIGIN}/search.data?q=mind&_routes=x`)?.href).toBe(`${ORIGIN}/search?q=mind`);
    expect(pageOfData(`${ORIGIN}/articles/1`)).toBeNull();
  });

  it("never keeps writes or other origins' requests", () => {
    expect(kind(page("/contact", { method: "POST" }), ORIGIN)).toBe("pass");
    expect(kind(page("/api/articles", { method: "PUT" }), ORIGIN)).toBe("pass");
    expect(kind({ ...page("/"), url: "https://js.stripe.com/v3/" }, ORIGIN)).toBe("pass");
  });

  it("stores only whole, shareable answers", () => {
    expect(mayStore(ok({ "Cache-Control": "public, max-age=60" }))).toBe(true);
    expect(mayStore(ok())).toBe(true);
    expect(mayStore(ok({ "Set-Cookie": "session=1" }))).toBe(false);
    expect(mayStore(ok({ "Cache-Control": "private, no-store" }))).toBe(false);
    expect(mayStore(ok({ "Cache-Control": "private" }))).toBe(false);
    expect(mayStore(ok({ "Cache-Control": "no-store" }))).toBe(false);
    expect(mayStore(ok({ Vary: "*" }))).toBe(false);
    expect(mayStore({ status: 206, headers: new Headers(), type: "basic" })).toBe(false);
    expect(mayStore({ status: 404, headers: new Headers(), type: "basic" })).toBe(false);
    expect(mayStore({ status: 0, headers: new Headers(), type: "opaqueredirect" })).toBe(false);
    expect(mayStore({ status: 200, headers: new Headers(), type: "opaque" })).toBe(false);
  });
});

describe("updates", () => {
  it("an activated worker deletes every other build's caches and keeps the saved practices", () => {
    const current = buildCaches("new1");
    const names = [buildCaches("old9").pages, buildCaches("old9").assets, current.pages, current.assets, SAVED_CACHE, "someone-else"];
    expect(staleCaches(names, "new1")).toEqual(["pages-old9", "assets-old9"]);
    expect(staleCaches([current.pages, SAVED_CACHE], "new1")).toEqual([]);
  });
});

describe("a saved recording's ranges", () => {
  const body = new Uint8Array(Array.from({ length: 100 }, (_, i) => i)).buffer;

  it("answers one range with 206 and its Content-Range, so the player can seek offline", async () => {
    const response = answerRange(body, "bytes=10-19", "audio/ogg");
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe("bytes 10-19/100");
    expect(response.headers.get("Content-Length")).toBe("10");
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it("answers open and suffix ranges, 416 past the end, and the whole file without a range", async () => {
    expect(answerRange(body, "bytes=0-", "audio/ogg").headers.get("Content-Range")).toBe("bytes 0-99/100");
    expect(answerRange(body, "bytes=95-200", "audio/ogg").headers.get("Content-Range")).toBe("bytes 95-99/100");
    expect(answerRange(body, "bytes=-5", "audio/ogg").headers.get("Content-Range")).toBe("bytes 95-99/100");
    const past = answerRange(body, "bytes=100-", "audio/ogg");
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe("bytes */100");
    const whole = answerRange(body, null, "audio/ogg");
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(100);
    expect(answerRange(body, "bytes=1-2,5-6", "audio/ogg").status).toBe(200);
  });
});

describe("what a saved page needs", () => {
  it("finds the page's scripts, styles and recording in its HTML", () => {
    const html = `<link rel="stylesheet" href="/assets/root-x1.css"><script nonce="n">load(["/assets/entry.client-a.js","/assets/practice-b.js"])</script>
      <audio src="/audio/practice-2.ogg" preload="none"></audio><script src="/assets/entry.client-a.js"></script>`;
    expect(assetsNamedIn(html)).toEqual(["/assets/root-x1.css", "/assets/entry.client-a.js", "/assets/practice-b.js"]);
    expect(recordingNamedIn(html)).toBe("/audio/practice-2.ogg");
    expect(recordingNamedIn("<p>no player</p>")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { serveAssetWithRanges } from "./ranged-assets";

const file = new Uint8Array(Array.from({ length: 100 }, (_, i) => i));
const ETAG = '"a1b2c3"';
const LAST_MODIFIED = "Tue, 01 Oct 2024 10:00:00 GMT";

/**
 * Behaves like Workers static assets: the whole file with an ETag, no Range support, HEAD without a
 * body or length, 304 to a matching If-None-Match.
 */
function assetServer({ lastModified = false } = {}) {
  return {
    fetch: async (input: RequestInfo, init?: RequestInit) => {
      const request = new Request(input, init);
      const headers = new Headers({ "Content-Type": "audio/ogg", ETag: ETAG, "Cache-Control": "public, max-age=0, must-revalidate" });
      if (lastModified) headers.set("Last-Modified", LAST_MODIFIED);
      if (request.headers.get("If-None-Match") === ETAG) return new Response(null, { status: 304, headers });
      return new Response(request.method === "HEAD" ? null : file, { headers });
    },
  } as unknown as Fetcher;
}

const serve = (method: string, headers: Record<string, string> = {}, options = {}) =>
  serveAssetWithRanges(new Request("http://localhost/audio/x.ogg", { method, headers }), assetServer(options));
const get = (range?: string) => serve("GET", range ? { Range: range } : {});
const bytes = async (response: Response) => [...new Uint8Array(await response.arrayBuffer())];
/** Expects the response's headers to have these values (compared together, so a failure shows them all). */
const expectHeaders = (response: Response, expected: Record<string, string>) =>
  expect(Object.fromEntries(Object.keys(expected).map((name) => [name, response.headers.get(name)]))).toEqual(expected);

describe("serveAssetWithRanges: ranges", () => {
  it("answers a byte range with 206, the right slice, its length and Content-Range", async () => {
    const response = await get("bytes=10-19");
    expect(response.status).toBe(206);
    expectHeaders(response, { "Content-Range": "bytes 10-19/100", "Content-Length": "10", "Accept-Ranges": "bytes", ETag: ETAG });
    expect(await bytes(response)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it("handles open-ended, suffix and past-the-end ranges", async () => {
    expect((await get("bytes=95-")).headers.get("Content-Range")).toBe("bytes 95-99/100");
    expect(await bytes(await get("bytes=-3"))).toEqual([97, 98, 99]);
    expect((await get("bytes=90-500")).headers.get("Content-Range")).toBe("bytes 90-99/100");
    expect((await get("bytes=-500")).headers.get("Content-Range")).toBe("bytes 0-99/100");
  });

  it("answers 416 with Content-Range: bytes */size when no range is satisfiable, one or several", async () => {
    for (const range of ["bytes=200-300", "bytes=100-", "bytes=-0", "bytes=100-101,200-"]) {
      const response = await get(range);
      expect(response.status, range).toBe(416);
      expect(response.headers.get("Content-Range"), range).toBe("bytes */100");
      expect(await bytes(response), range).toEqual([]);
    }
  });

  it("answers the whole file (200) to several ranges, a malformed Range, or another unit", async () => {
    for (const range of ["bytes=0-1,5-6", "bytes=abc", "bytes=5-2", "items=0-1", "bytes=-", "bytes=1-2-3"]) {
      const response = await get(range);
      expect(response.status, range).toBe(200);
      expect(response.headers.get("Content-Length"), range).toBe("100");
      expect(response.headers.get("Content-Range"), range).toBeNull();
      expect((await response.arrayBuffer()).byteLength, range).toBe(100);
    }
  });

  it("answers the whole file with its length and Accept-Ranges without a Range", async () => {
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Content-Length")).toBe("100");
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect((await whole.arrayBuffer()).byteLength).toBe(100);
  });
});

describe("serveAssetWithRanges: HEAD", () => {
  it("answers the headers a GET would get, with the length and Accept-Ranges, and no body", async () => {
    const response = await serve("HEAD");
    expect(response.status).toBe(200);
    expectHeaders(response, { "Content-Length": "100", "Accept-Ranges": "bytes", "Content-Type": "audio/ogg", ETag: ETAG });
    expect(response.body).toBeNull();
  });

  it("ignores a Range (RFC 9110 §14.2 defines ranges for GET only): 200 with the whole length, never 416", async () => {
    for (const range of ["bytes=10-19", "bytes=200-"]) {
      const response = await serve("HEAD", { Range: range });
      expect(response.status, range).toBe(200);
      expect(response.headers.get("Content-Length"), range).toBe("100");
      expect(response.headers.get("Content-Range"), range).toBeNull();
      expect(response.body, range).toBeNull();
    }
  });

  it("refuses other methods with 405 and Allow", async () => {
    const response = await serve("POST");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
  });
});

describe("serveAssetWithRanges: If-Range", () => {
  it("serves the range when If-Range is the current entity-tag", async () => {
    const response = await serve("GET", { Range: "bytes=0-9", "If-Range": ETAG });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe("bytes 0-9/100");
  });

  it("serves the whole file (200) when If-Range is another tag, a weak tag (strong comparison), or a date without Last-Modified", async () => {
    for (const ifRange of ['"something-else"', `W/${ETAG}`, LAST_MODIFIED]) {
      const response = await serve("GET", { Range: "bytes=0-9", "If-Range": ifRange });
      expect(response.status, ifRange).toBe(200);
      expect(response.headers.get("Content-Length"), ifRange).toBe("100");
      expect((await response.arrayBuffer()).byteLength, ifRange).toBe(100);
    }
  });

  it("compares an If-Range date with Last-Modified: the same date gives the range, another the whole file", async () => {
    const same = await serve("GET", { Range: "bytes=0-9", "If-Range": LAST_MODIFIED }, { lastModified: true });
    expect(same.status).toBe(206);
    const other = await serve("GET", { Range: "bytes=0-9", "If-Range": "Wed, 02 Oct 2024 10:00:00 GMT" }, { lastModified: true });
    expect(other.status).toBe(200);
  });
});

describe("serveAssetWithRanges: If-None-Match", () => {
  it("answers 304 with the ETag and no body to a matching tag (weak comparison, lists, *), for GET and HEAD, with or without Range", async () => {
    for (const [method, headers] of [
      ["GET", { "If-None-Match": ETAG }],
      ["GET", { "If-None-Match": `W/${ETAG}` }],
      ["GET", { "If-None-Match": `"x", ${ETAG}` }],
      ["GET", { "If-None-Match": "*" }],
      ["GET", { "If-None-Match": ETAG, Range: "bytes=0-9" }],
      ["HEAD", { "If-None-Match": ETAG }],
    ] as const) {
      const response = await serve(method, headers);
      expect(response.status, JSON.stringify(headers)).toBe(304);
      expect(response.headers.get("ETag")).toBe(ETAG);
      expect(response.headers.get("Content-Length")).toBeNull();
      expect(response.body).toBeNull();
    }
  });

  it("answers in full (or the range) to a tag that does not match", async () => {
    expect((await serve("GET", { "If-None-Match": '"old"' })).status).toBe(200);
    expect((await serve("GET", { "If-None-Match": '"old"', Range: "bytes=0-9" })).status).toBe(206);
  });

  it("answers 304 to If-Modified-Since at or after Last-Modified when there is no If-None-Match", async () => {
    expect((await serve("GET", { "If-Modified-Since": LAST_MODIFIED }, { lastModified: true })).status).toBe(304);
    expect((await serve("GET", { "If-Modified-Since": "Mon, 30 Sep 2024 10:00:00 GMT" }, { lastModified: true })).status).toBe(200);
  });
});

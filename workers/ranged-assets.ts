import { mediaKeyOfUrl } from "../app/lib/media-schemas";

/**
 * Serves a recording (a static asset), or an uploaded file from R2 (`serveObjectWithRanges`), by RFC 9110's rules,
 * because the asset server answers a range request with the whole file and a HEAD without its length:
 * - GET and HEAD only (405 otherwise); HEAD gets the headers GET would get, Content-Length included, no body.
 * - If-None-Match (weak comparison), else If-Modified-Since: 304 when the copy the client has is current.
 * - Range (GET only, §14.2): one `bytes=` range → 206 with Content-Range; none satisfiable → 416 with
 *   Content-Range "bytes *" + "/size"; several, malformed, or another unit → the whole file (the RFC lets a server ignore them).
 * - If-Range: the range only when it names the current representation (strong ETag comparison, or
 *   exactly the Last-Modified date); otherwise the whole file.
 */
export async function serveAssetWithRanges(request: Request, assets: Fetcher): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed();
  // Always a plain GET of the whole file: conditions and ranges are decided here, from its headers.
  const response = await assets.fetch(new Request(request.url, { method: "GET" }));
  if (response.status !== 200) return request.method === "HEAD" ? new Response(null, response) : response;
  const file = new Uint8Array(await response.arrayBuffer());
  return answerWithRanges(request, {
    size: file.byteLength,
    headers: new Headers(response.headers),
    read: async (range) => (range ? file.subarray(range.start, range.end + 1) : file),
  });
}

/** Uploaded media are content-addressed (app/server/content/media.server.ts): a key's bytes never change. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves an object of an R2 bucket (the media library, /media/<key>) by the same rules; only the asked-for
 * range is read from R2. 404 for a key not in the bucket.
 */
export async function serveObjectWithRanges(request: Request, bucket: R2Bucket, key: string): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed();
  const object = await bucket.head(key);
  if (!object) return new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": IMMUTABLE,
    ETag: object.httpEtag,
    "Last-Modified": object.uploaded.toUTCString(),
  });
  return answerWithRanges(request, {
    size: object.size,
    headers,
    read: async (range) => {
      const part = await bucket.get(key, range ? { range: { offset: range.start, length: range.end - range.start + 1 } } : {});
      if (!part) throw new Error(`The object ${key} vanished while it was served.`);
      return part.body;
    },
  });
}

type ByteRange = { start: number; end: number };
type RangedSource = { size: number; headers: Headers; read: (range?: ByteRange) => Promise<Uint8Array<ArrayBuffer> | ReadableStream> };

const methodNotAllowed = () => new Response("Method not allowed.", { status: 405, headers: { Allow: "GET, HEAD" } });

/** The answer to a GET or HEAD of a file of `size` bytes with `headers` (its ETag, Last-Modified, type, caching). */
async function answerWithRanges(request: Request, source: RangedSource): Promise<Response> {
  const { size, headers } = source;
  const head = request.method === "HEAD";
  headers.set("Accept-Ranges", "bytes");
  headers.delete("Content-Range");
  const etag = headers.get("ETag");
  const lastModified = headers.get("Last-Modified");
  const answer = async (status: number, range?: ByteRange) => {
    const length = range ? range.end - range.start + 1 : status === 416 ? 0 : size;
    headers.set("Content-Length", String(length));
    const body = head || status === 416 ? null : await source.read(range);
    return new Response(body, { status, headers });
  };

  if (notModified(request.headers, etag, lastModified)) {
    headers.delete("Content-Length");
    return new Response(null, { status: 304, headers });
  }
  const range = request.headers.get("Range");
  if (head || range === null || !ifRangeHolds(request.headers.get("If-Range"), etag, lastModified)) return answer(200);

  const ranges = parseByteRanges(range, size);
  if (ranges === null) return answer(200);
  const [only, ...others] = ranges;
  if (!only) {
    headers.set("Content-Range", `bytes */${size}`);
    return answer(416);
  }
  if (others.length > 0) return answer(200);
  headers.set("Content-Range", `bytes ${only.start}-${only.end}/${size}`);
  return answer(206, only);
}

/** §13.1.2 and §13.1.3: If-None-Match by weak comparison; If-Modified-Since only without it. */
function notModified(request: Headers, etag: string | null, lastModified: string | null) {
  const ifNoneMatch = request.get("If-None-Match");
  if (ifNoneMatch !== null) {
    if (ifNoneMatch.trim() === "*") return true;
    return etag !== null && entityTags(ifNoneMatch).some((tag) => opaque(tag) === opaque(etag));
  }
  const since = Date.parse(request.get("If-Modified-Since") ?? "");
  const modified = Date.parse(lastModified ?? "");
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since;
}

/** §13.1.5: an entity-tag matches by strong comparison (neither weak), a date only if it is exactly Last-Modified. */
function ifRangeHolds(ifRange: string | null, etag: string | null, lastModified: string | null) {
  if (ifRange === null) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith("W/")) return etag !== null && !etag.startsWith("W/") && value === etag;
  const date = Date.parse(value);
  return lastModified !== null && !Number.isNaN(date) && date === Date.parse(lastModified);
}

const entityTags = (list: string) => list.match(/(?:W\/)?"[^"]*"/g) ?? [];
const opaque = (tag: string) => tag.replace(/^W\//, "");

/**
 * §14.1.2: the satisfiable ranges of a `bytes=` Range (clipped to the file), an empty list when none is,
 * or null when the header is malformed or in another unit (then it is ignored).
 */
function parseByteRanges(header: string, size: number): ByteRange[] | null {
  const list = /^\s*bytes\s*=\s*(.+)$/i.exec(header)?.[1];
  if (list === undefined) return null;
  const ranges: ByteRange[] = [];
  for (const spec of list.split(",")) {
    const part = /^\s*(\d*)\s*-\s*(\d*)\s*$/.exec(spec);
    if (!part || (part[1] === "" && part[2] === "")) return null;
    if (part[1] === "") {
      // "-N": the last N bytes; "-0" asks for nothing.
      const length = Number(part[2]);
      if (length > 0 && size > 0) ranges.push({ start: Math.max(0, size - length), end: size - 1 });
      continue;
    }
    const start = Number(part[1]);
    if (part[2] !== "" && Number(part[2]) < start) return null;
    const end = part[2] === "" ? size - 1 : Number(part[2]);
    if (start < size) ranges.push({ start, end: Math.min(end, size - 1) });
  }
  return ranges;
}

/**
 * A recording named by a site path, wherever it lives: an uploaded file (`/media/<key>`, from R2) or a static file
 * (`/audio/…`, from the assets binding, which needs no routing to reach it). Null for a path that is neither. Used by
 * the lesson recording route (app/routes/learn/recording.ts), which decides who may hear it first.
 */
export function serveRecordingAt(request: Request, path: string, where: { media: R2Bucket; assets: Fetcher }) {
  const mediaKey = mediaKeyOfUrl(path);
  if (mediaKey) return serveObjectWithRanges(request, where.media, mediaKey);
  if (path.startsWith("/audio/")) {
    const url = new URL(path, request.url);
    return serveAssetWithRanges(new Request(url, { method: request.method, headers: request.headers }), where.assets);
  }
  return null;
}

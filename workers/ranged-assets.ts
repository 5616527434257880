/**
 * Serves a recording (a static asset) by RFC 9110's rules, because the asset server answers a range
 * request with the whole file and a HEAD without its length:
 * - GET and HEAD only (405 otherwise); HEAD gets the headers GET would get, Content-Length included, no body.
 * - If-None-Match (weak comparison), else If-Modified-Since: 304 when the copy the client has is current.
 * - Range (GET only, §14.2): one `bytes=` range → 206 with Content-Range; none satisfiable → 416 with
 *   Content-Range "bytes *" + "/size"; several, malformed, or another unit → the whole file (the RFC lets a server ignore them).
 * - If-Range: the range only when it names the current representation (strong ETag comparison, or
 *   exactly the Last-Modified date); otherwise the whole file.
 */
export async function serveAssetWithRanges(request: Request, assets: Fetcher): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Method not allowed.", { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  // Always a plain GET of the whole file: conditions and ranges are decided here, from its headers.
  const response = await assets.fetch(new Request(request.url, { method: "GET" }));
  const head = request.method === "HEAD";
  if (response.status !== 200) return head ? new Response(null, response) : response;

  const file = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set("Accept-Ranges", "bytes");
  headers.delete("Content-Range");
  const etag = headers.get("ETag");
  const lastModified = headers.get("Last-Modified");
  const answer = (status: number, body: Uint8Array<ArrayBuffer>) => {
    headers.set("Content-Length", String(body.byteLength));
    return new Response(head ? null : body, { status, headers });
  };

  if (notModified(request.headers, etag, lastModified)) {
    headers.delete("Content-Length");
    return new Response(null, { status: 304, headers });
  }
  const range = request.headers.get("Range");
  if (head || range === null || !ifRangeHolds(request.headers.get("If-Range"), etag, lastModified)) return answer(200, file);

  const ranges = parseByteRanges(range, file.byteLength);
  if (ranges === null) return answer(200, file);
  if (ranges.length === 0) {
    headers.set("Content-Range", `bytes */${file.byteLength}`);
    return answer(416, new Uint8Array(0));
  }
  if (ranges.length > 1) return answer(200, file);
  const [{ start, end }] = ranges;
  headers.set("Content-Range", `bytes ${start}-${end}/${file.byteLength}`);
  return answer(206, file.subarray(start, end + 1));
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
function parseByteRanges(header: string, size: number): { start: number; end: number }[] | null {
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match) return null;
  const ranges: { start: number; end: number }[] = [];
  for (const spec of match[1].split(",")) {
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

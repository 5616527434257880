/**
 * Serves a static asset honouring a single `Range: bytes=a-b` request (206 with Content-Range),
 * for media files when the asset server answers a range request with the whole file.
 */
export async function serveAssetWithRanges(request: Request, assets: Fetcher): Promise<Response> {
  const range = request.headers.get("range");
  const response = await assets.fetch(request);
  if (!range || response.status !== 200) return response;

  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  const body = await response.arrayBuffer();
  const size = body.byteLength;
  const headers = new Headers(response.headers);
  headers.set("Accept-Ranges", "bytes");
  if (!match || (match[1] === "" && match[2] === "")) return new Response(body, { status: 200, headers });

  let start: number;
  let end: number;
  if (match[1] === "") {
    // "bytes=-N": the last N bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) {
    headers.set("Content-Range", `bytes */${size}`);
    headers.delete("Content-Length");
    return new Response(null, { status: 416, headers });
  }
  headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  headers.set("Content-Length", String(end - start + 1));
  return new Response(body.slice(start, end + 1), { status: 206, headers });
}

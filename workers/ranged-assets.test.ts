import { describe, expect, it } from "vitest";
import { serveAssetWithRanges } from "./ranged-assets";

const file = new Uint8Array(Array.from({ length: 100 }, (_, i) => i));
const assets = { fetch: async () => new Response(file, { headers: { "Content-Type": "audio/ogg" } }) } as unknown as Fetcher;
const get = (range?: string) =>
  serveAssetWithRanges(new Request("http://localhost/audio/x.ogg", { headers: range ? { Range: range } : {} }), assets);

describe("serveAssetWithRanges", () => {
  it("answers a byte range with 206 and the right slice", async () => {
    const response = await get("bytes=10-19");
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toBe("bytes 10-19/100");
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it("handles open-ended and suffix ranges", async () => {
    expect((await get("bytes=95-")).headers.get("Content-Range")).toBe("bytes 95-99/100");
    const suffix = await get("bytes=-3");
    expect([...new Uint8Array(await suffix.arrayBuffer())]).toEqual([97, 98, 99]);
  });

  it("answers 416 past the end and the whole file without a range", async () => {
    expect((await get("bytes=200-300")).status).toBe(416);
    const whole = await get();
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(100);
  });
});

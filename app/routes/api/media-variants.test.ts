/**
 * An image's resized copies (docs/content-and-markdown.md, "Image sizes"): POST /api/admin/media/<key>/variants/<width>
 * stores the uploader's browser's drawing under its derived key after checking who sends it, the bytes and the width;
 * /media/<key>?w=<width> serves it, or the original where none was made; deleting the image deletes its copies; and a
 * page's body learns each library image's width for its srcset.
 */
import { createExecutionContext, env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { accountCookie, adminCookie, editorCookie } from "../../../tests/support/admin";
import { routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { serverBuild } from "../../../tests/support/server-build";
import { createFetchHandler } from "../../../workers/fetch-handler";
import { serverBuildHandler } from "../../../workers/request-handler";
import { variantKey } from "~/lib/image-sizes";
import type { Block } from "~/lib/markdown";
import { deleteMedia, withImageWidths } from "~/server/content/media.server";
import * as mediaApi from "./admin.media";
import * as variantApi from "./admin.media-variant";

const u32be = (value: number) => [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
const u24le = (value: number) => [value & 255, (value >>> 8) & 255, (value >>> 16) & 255];
const bytesOf = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * A PNG whose IHDR says `width` × `height` (the rest of the file does not matter to the library), its filler unique
 * to the test: R2 keeps its objects from test to test, so each test's original has its own key.
 */
const unique = new Uint8Array(16);
function png(width: number, height: number) {
  const file = new Uint8Array(400);
  file.set(unique, 100);
  file.set([0x89, ...bytesOf("PNG\r\n\x1a\n"), 0, 0, 0, 13, ...bytesOf("IHDR"), ...u32be(width), ...u32be(height)]);
  return file;
}

/** An extended WebP (VP8X) whose header says `width` × `height`. */
function webp(width: number, height: number, fill = 7) {
  const file = new Uint8Array(120).fill(fill);
  file.set([...bytesOf("RIFF"), 112, 0, 0, 0, ...bytesOf("WEBPVP8X"), 10, 0, 0, 0, 0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)]);
  return file;
}

let cookie: string;
let key: string;
beforeEach(async () => {
  await seedTestDb();
  cookie = await adminCookie();
  crypto.getRandomValues(unique);
  key = await uploadPng(png(2000, 1000), cookie);
});

async function uploadPng(file: Uint8Array<ArrayBuffer>, as: string) {
  const headers = { "Content-Length": String(file.byteLength), Origin: "http://localhost", Cookie: as };
  const request = new Request("http://localhost/api/admin/media?filename=wide.png", { method: "POST", headers, body: file });
  const response = await mediaApi.action(routeArgs(request) as never);
  expect(response.status).toBe(201);
  return ((await response.json()) as { item: { key: string } }).item.key;
}

function sendVariant(file: Uint8Array<ArrayBuffer>, width: string, options: { cookie?: string; key?: string } = {}) {
  const headers = new Headers({ "Content-Length": String(file.byteLength), Origin: "http://localhost" });
  const as = options.cookie ?? cookie;
  if (as) headers.set("Cookie", as);
  const target = options.key ?? key;
  const request = new Request(`http://localhost/api/admin/media/${target}/variants/${width}`, { method: "POST", headers, body: file });
  return variantApi.action(routeArgs(request, { key: target, width }) as never);
}

const message = async (response: Response) => ((await response.json()) as { message: string }).message;

describe("POST /api/admin/media/<key>/variants/<width>", () => {
  it("stores a copy of the right size under the derived key, with its type, once", async () => {
    const response = await sendVariant(webp(480, 240), "480");
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ width: 480 });
    const object = await env.MEDIA.get(variantKey(key, 480));
    expect(object?.httpMetadata?.contentType).toBe("image/webp");
    expect(new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(webp(480, 240));

    // A second copy does not replace the first: its URL may already be cached for a year.
    const again = await sendVariant(webp(480, 240, 9), "480");
    expect(again.status).toBe(200);
    expect(new Uint8Array((await (await env.MEDIA.get(variantKey(key, 480)))?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(
      webp(480, 240),
    );
  });

  it("refuses bytes that are not WebP or JPEG (415), and a copy of another size (400)", async () => {
    const text = new TextEncoder().encode("not an image at all, only words");
    const notImage = await sendVariant(text, "480");
    expect(notImage.status).toBe(415);
    expect(await message(notImage)).toMatch(/WebP or JPEG/);
    expect((await sendVariant(png(480, 240), "480")).status).toBe(415);
    const wrongWidth = await sendVariant(webp(500, 250), "480");
    expect(wrongWidth.status).toBe(400);
    expect(await message(wrongWidth)).toBe("A 480-pixel copy of this image is 480 × 240 pixels.");
    expect((await sendVariant(webp(480, 400), "480")).status).toBe(400);
    expect(await env.MEDIA.head(variantKey(key, 480))).toBeNull();
  });

  it("refuses a width not in the list or not narrower than the original (400), and an unknown image (404)", async () => {
    expect((await sendVariant(webp(500, 250), "500")).status).toBe(400);
    expect((await sendVariant(webp(500, 250), "abc")).status).toBe(400);
    const narrow = await uploadPng(png(800, 600), cookie);
    const tooWide = await sendVariant(webp(960, 720), "960", { key: narrow });
    expect(tooWide.status).toBe(400);
    expect(await message(tooWide)).toMatch(/only 800 pixels wide/);
    const unknown = await sendVariant(webp(480, 240), "480", { key: `${"0".repeat(64)}.png` });
    expect(unknown.status).toBe(404);
  });

  it("is for whoever may upload: an editor; a contributor for their own images only; nobody signed out", async () => {
    expect((await sendVariant(webp(960, 480), "960", { cookie: await editorCookie() })).status).toBe(201);
    const contributor = await accountCookie(testDb(), "contributor", "writer@example.com");
    expect((await sendVariant(webp(480, 240), "480", { cookie: contributor })).status).toBe(404);
    const own = await uploadPng(png(1200, 600), contributor);
    expect((await sendVariant(webp(480, 240), "480", { cookie: contributor, key: own })).status).toBe(201);
    expect((await sendVariant(webp(480, 240), "480", { cookie: "" })).status).toBe(401);
  });
});

describe("serving /media/<key>?w=<width>", () => {
  const fetchWorker = createFetchHandler(serverBuildHandler(async () => serverBuild(), "production", false));
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetchWorker(new Request(`http://localhost${path}`, { headers }), env as Env, createExecutionContext());

  it("answers the copy where it was made, kept a year; else the original, kept a day; the original itself as before", async () => {
    await sendVariant(webp(480, 240), "480");
    const variant = await get(`/media/${key}?w=480`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("Content-Type")).toBe("image/webp");
    expect(variant.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await variant.arrayBuffer())).toEqual(webp(480, 240));

    for (const width of ["960", "1234"]) {
      const fallback = await get(`/media/${key}?w=${width}`);
      expect(fallback.status).toBe(200);
      expect(fallback.headers.get("Content-Type")).toBe("image/png");
      expect(fallback.headers.get("Cache-Control")).toBe("public, max-age=86400");
      expect(new Uint8Array(await fallback.arrayBuffer())).toEqual(png(2000, 1000));
    }
    const original = await get(`/media/${key}`, { Range: "bytes=0-7" });
    expect(original.status).toBe(206);
    expect(original.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect((await get(`/media/${"0".repeat(64)}.png?w=480`)).status).toBe(404);
  });
});

describe("deleting an image", () => {
  it("deletes its copies with it", async () => {
    await sendVariant(webp(480, 240), "480");
    await sendVariant(webp(960, 480), "960");
    expect(await env.MEDIA.head(variantKey(key, 960))).not.toBeNull();
    await deleteMedia(testDb(), env.MEDIA, key);
    expect(await env.MEDIA.head(key)).toBeNull();
    expect(await env.MEDIA.head(variantKey(key, 480))).toBeNull();
    expect(await env.MEDIA.head(variantKey(key, 960))).toBeNull();
  });
});

describe("withImageWidths", () => {
  it("gives the body's library images their width, in a copy, and leaves any other image alone", async () => {
    const blocks: Block[] = [
      { type: "paragraph", children: [{ type: "image", src: `/media/${key}`, alt: "Wide" }] },
      {
        type: "gallery",
        layout: "grid",
        images: [
          { src: "https://example.com/a.png", alt: "Elsewhere" },
          { src: `/media/${key}`, alt: "W" },
        ],
      },
    ];
    const sized = await withImageWidths(testDb(), blocks);
    expect(sized).toEqual([
      { type: "paragraph", children: [{ type: "image", src: `/media/${key}`, alt: "Wide", width: 2000 }] },
      {
        type: "gallery",
        layout: "grid",
        images: [
          { src: "https://example.com/a.png", alt: "Elsewhere" },
          { src: `/media/${key}`, alt: "W", width: 2000 },
        ],
      },
    ]);
    expect(blocks[0]).toEqual({ type: "paragraph", children: [{ type: "image", src: `/media/${key}`, alt: "Wide" }] });
  });
});

/**
 * The media library's upload (POST /api/admin/media) and serving (/media/<key>): the type comes from the bytes, the
 * limits hold, dimensions and durations are recorded, byte ranges work, and only a signed-in admin may upload.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { articles, media } from "../../../db/schema";
import { adminCookie, adminRequest, editorCookie } from "../../../tests/support/admin";
import { routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { serveObjectWithRanges } from "../../../workers/ranged-assets";
import { MEDIA_MAX_BYTES } from "~/lib/media-schemas";
import { HttpError } from "~/server/core/http.server";
import { deleteMedia, uploadMedia } from "~/server/content/media.server";
import { RouterContextProvider } from "react-router";
import { adminSessionContext } from "~/server/admin/guard.server";
import { getAdminSession } from "~/server/admin/auth.server";
import * as libraryPage from "../admin/media";
import * as mediaApi from "./admin.media";

const u32be = (value: number) => [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
const u32le = (value: number) => u32be(value).reverse();
const bytesOf = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** A PNG whose IHDR says 640 × 480 (the rest of the file does not matter to the library). */
function png(width = 640, height = 480, size = 200) {
  const file = new Uint8Array(size);
  file.set([0x89, ...bytesOf("PNG\r\n\x1a\n"), 0, 0, 0, 13, ...bytesOf("IHDR"), ...u32be(width), ...u32be(height)]);
  return file;
}

/** A JPEG with an APP0 segment, then a baseline start-of-frame of 1200 × 800. */
function jpeg() {
  const file = new Uint8Array(300);
  file.set([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...bytesOf("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  file.set([0xff, 0xc0, 0, 17, 8, 800 >> 8, 800 & 255, 1200 >> 8, 1200 & 255, 3], 20);
  return file;
}

/** A WAV of 16-bit mono 8 kHz (16,000 bytes a second) with 2.5 seconds of silence. */
function wav() {
  const dataBytes = 40_000;
  const header = [
    ...bytesOf("RIFF"),
    ...u32le(36 + dataBytes),
    ...bytesOf("WAVEfmt "),
    ...u32le(16),
    1,
    0,
    1,
    0,
    ...u32le(8000),
    ...u32le(16_000),
    2,
    0,
    16,
    0,
    ...bytesOf("data"),
    ...u32le(dataBytes),
  ];
  const file = new Uint8Array(header.length + dataBytes);
  file.set(header);
  return file;
}

/** An Ogg Opus file: the OpusHead page, filler, and a last page whose granule position is 3 s past the pre-skip. */
function oggOpus() {
  const page = (granule: number, payload: number[]) => {
    const header = [...bytesOf("OggS"), 0, 0, ...u32le(granule), 0, 0, 0, 0, ...u32le(1), ...u32le(0), 0, 0, 0, 0, 1, payload.length];
    return [...header, ...payload];
  };
  const first = page(0, [...bytesOf("OpusHead"), 1, 1, 312 & 255, 312 >> 8, ...u32le(48_000), 0, 0, 0]);
  const last = page(312 + 3 * 48_000, [1, 2, 3]);
  const file = new Uint8Array(first.length + 5000 + last.length);
  file.set(first);
  file.set(last, file.length - last.length);
  return file;
}

/** A constant-bitrate MP3: 128 kbit/s, 44.1 kHz, four seconds (64,000 bytes) of frames. */
function mp3() {
  const file = new Uint8Array(64_000);
  file.set([0xff, 0xfb, 0x90, 0x00]);
  return file;
}

/** An M4A whose moov box comes after the audio (not "optimised for streaming"): its duration is not in the head. */
function m4aWithoutMoovUpFront() {
  const file = new Uint8Array(300_000);
  file.set([...u32be(24), ...bytesOf("ftypM4A "), 0, 0, 0, 0, ...bytesOf("M4A isom"), ...u32be(300_000 - 24), ...bytesOf("mdat")]);
  return file;
}

const text = new TextEncoder().encode("Hello, this is plainly a text file and not a picture at all.");

let cookie: string;
beforeEach(async () => {
  await seedTestDb();
  cookie = await adminCookie();
});

type Uploaded = { item: { key: string; url: string; kind: string; contentType: string; width: number | null; height: number | null } };

function upload(
  file: Uint8Array<ArrayBuffer>,
  filename: string,
  options: { cookie?: string; origin?: string | null; query?: Record<string, string> } = {},
) {
  const query = new URLSearchParams({ filename, ...options.query });
  const headers = new Headers({ "Content-Length": String(file.byteLength), "Content-Type": "application/octet-stream" });
  if (options.origin !== null) headers.set("Origin", options.origin ?? "http://localhost");
  if (options.cookie !== undefined) headers.set("Cookie", options.cookie);
  const request = new Request(`http://localhost/api/admin/media?${query}`, { method: "POST", headers, body: file });
  return mediaApi.action(routeArgs(request) as never);
}

const stored = async (key: string) =>
  testDb()
    .select()
    .from(media)
    .all()
    .then((rows) => rows.find((row) => row.key === key));

describe("uploading to the media library: the bytes decide the type", () => {
  it("stores a PNG named .mp3 as an image, under the SHA-256 of its bytes, with its dimensions", async () => {
    const file = png();
    const response = await upload(file, "song.mp3", { cookie, query: { alt: "A test card" } });
    expect(response.status).toBe(201);
    const { item } = (await response.json()) as Uploaded;
    const hash = [...new Uint8Array(await crypto.subtle.digest("SHA-256", file))].map((b) => b.toString(16).padStart(2, "0")).join("");
    expect(item).toMatchObject({
      key: `${hash}.png`,
      url: `/media/${hash}.png`,
      kind: "image",
      contentType: "image/png",
      width: 640,
      height: 480,
    });
    expect(await stored(item.key)).toMatchObject({
      bytes: 200,
      altText: "A test card",
      originalFilename: "song.mp3",
      uploadedBy: "editor",
    });
    const object = await env.MEDIA.get(item.key);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(file);
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    // No temporary object is left behind.
    expect((await env.MEDIA.list({ prefix: "uploads/" })).objects).toEqual([]);
  });

  it("refuses a text file named .png with 415 and stores nothing", async () => {
    const objectsBefore = (await env.MEDIA.list()).objects.length;
    const response = await upload(text, "photo.png", { cookie });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toMatch(/not an image or a recording/);
    expect(await testDb().select().from(media).all()).toEqual([]);
    expect((await env.MEDIA.list()).objects.length).toBe(objectsBefore);
  });

  it("reads a JPEG's dimensions from its start-of-frame", async () => {
    const { item } = (await (await upload(jpeg(), "x.bin", { cookie })).json()) as Uploaded;
    expect(item).toMatchObject({ contentType: "image/jpeg", width: 1200, height: 800 });
  });

  it.each([
    ["WAV (its header)", wav, "a.wav", "audio/wav", 3],
    ["Ogg Opus (the last granule position)", oggOpus, "a.opus", "audio/ogg", 3],
    ["MP3 at a constant bitrate (estimated from the size)", mp3, "a.mp3", "audio/mpeg", 4],
  ])("records the duration of %s", async (_, make, filename, contentType, seconds) => {
    const response = await upload(make(), filename, { cookie });
    expect(response.status).toBe(201);
    const { item } = (await response.json()) as Uploaded;
    expect(item.contentType).toBe(contentType);
    expect((await stored(item.key))?.durationSeconds).toBe(seconds);
  });

  it("asks for the duration of an M4A that does not state it up front, and takes the one entered", async () => {
    const refused = await upload(m4aWithoutMoovUpFront(), "talk.m4a", { cookie });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/enter its duration/);
    const accepted = await upload(m4aWithoutMoovUpFront(), "talk.m4a", { cookie, query: { duration: "95" } });
    expect(accepted.status).toBe(201);
    const { item } = (await accepted.json()) as Uploaded;
    expect((await stored(item.key))?.durationSeconds).toBe(95);
  });
});

describe("uploading: limits and bad input", () => {
  it("refuses an image over 5 MB with 413, by its sniffed kind", async () => {
    const response = await upload(png(10, 10, MEDIA_MAX_BYTES.image + 1), "big.png", { cookie });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/image can be at most 5 MB/);
  });

  it("refuses a file over 100 MB (by its Content-Length, before reading it) and one without a length", async () => {
    const body = () => new Blob([mp3()]).stream();
    const fields = { filename: "long.mp3", alt: "", duration: null };
    const tooLarge = uploadMedia(testDb(), env.MEDIA, { body: body(), declaredLength: MEDIA_MAX_BYTES.audio + 1, fields, uploadedBy: "t" });
    await expect(tooLarge).rejects.toMatchObject({ status: 413 });
    const unknownLength = uploadMedia(testDb(), env.MEDIA, { body: body(), declaredLength: null, fields, uploadedBy: "t" });
    await expect(unknownLength).rejects.toMatchObject({ status: 411 });
  });

  it("refuses an empty file and a missing file name with 400", async () => {
    expect((await upload(new Uint8Array(0), "empty.png", { cookie })).status).toBe(400);
    expect((await upload(png(), "", { cookie })).status).toBe(400);
  });
});

describe("uploading: who may", () => {
  it("lets an editor upload, and refuses no session (401) and a cross-site post (403)", async () => {
    expect((await upload(png(), "a.png", { cookie: await editorCookie() })).status).toBe(201);
    expect((await upload(png(), "a.png", {})).status).toBe(401);
    expect((await upload(png(), "a.png", { cookie, origin: "https://evil.example" })).status).toBe(403);
  });

  it("lists the library for the pickers (admin only)", async () => {
    await upload(png(), "a.png", { cookie });
    await upload(wav(), "a.wav", { cookie });
    const list = await mediaApi.loader(routeArgs(adminRequest("GET", "/api/admin/media?kind=image", { cookie })) as never);
    expect(((await list.json()) as { items: { kind: string }[] }).items.map((item) => item.kind)).toEqual(["image"]);
    expect((await mediaApi.loader(routeArgs(adminRequest("GET", "/api/admin/media", {})) as never)).status).toBe(401);
  });
});

describe("deleting from the library", () => {
  it("refuses while an article uses the file, naming it; deletes the file from D1 and R2 once unused", async () => {
    const { item } = (await (await upload(png(), "a.png", { cookie })).json()) as Uploaded;
    const [article] = await testDb()
      .insert(articles)
      .values({
        title: "Uses it",
        excerpt: "E",
        content: "C",
        imageUrl: item.url,
        category: "Philosophy",
        readingTime: 1,
        author: "A",
        publishedDate: "2026-01-01",
      })
      .returning();
    const refused = deleteMedia(testDb(), env.MEDIA, item.key);
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ status: 409, message: expect.stringContaining("Article “Uses it”") });
    expect(await env.MEDIA.head(item.key)).not.toBeNull();

    assert(article, "the article that uses the file");
    await testDb().delete(articles).where(eq(articles.id, article.id));
    await deleteMedia(testDb(), env.MEDIA, item.key);
    expect(await stored(item.key)).toBeUndefined();
    expect(await env.MEDIA.head(item.key)).toBeNull();
  });
});

describe("serving /media/<key> with byte ranges", () => {
  let key: string;
  const file = wav();
  beforeEach(async () => {
    key = ((await (await upload(file, "a.wav", { cookie })).json()) as Uploaded).item.key;
  });
  const serve = (method: string, headers: Record<string, string> = {}) =>
    serveObjectWithRanges(new Request(`http://localhost/media/${key}`, { method, headers }), env.MEDIA, key);

  it("answers the whole file with 200, its type, its length and a year-long immutable cache", async () => {
    const response = await serve("GET");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("audio/wav");
    expect(response.headers.get("Content-Length")).toBe(String(file.byteLength));
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(file);
  });

  it("answers a range with 206 and Content-Range, an unsatisfiable one with 416, HEAD without a body", async () => {
    const partial = await serve("GET", { Range: "bytes=4-11" });
    expect(partial.status).toBe(206);
    expect(partial.headers.get("Content-Range")).toBe(`bytes 4-11/${file.byteLength}`);
    expect([...new Uint8Array(await partial.arrayBuffer())]).toEqual([...file.subarray(4, 12)]);

    const outside = await serve("GET", { Range: `bytes=${file.byteLength}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("Content-Range")).toBe(`bytes */${file.byteLength}`);

    const head = await serve("HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("Content-Length")).toBe(String(file.byteLength));
    expect(await head.text()).toBe("");
  });

  it("answers 404 for a key not in the bucket", async () => {
    const missing = await serveObjectWithRanges(new Request("http://localhost/media/x"), env.MEDIA, `${"0".repeat(64)}.png`);
    expect(missing.status).toBe(404);
  });
});

describe("the library page's form (/admin/media)", () => {
  async function post(fields: Record<string, string>, session = cookie) {
    const request = adminRequest("POST", "/admin/media", {
      cookie: session,
      body: new URLSearchParams(fields).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const context = new RouterContextProvider();
    context.set(adminSessionContext, await getAdminSession(testDb(), request));
    // A refusal is React Router's data(…, { status }) ({ data, init }); a success is plain data.
    const result: object = await libraryPage.action(Object.assign(routeArgs(request) as object, { context }) as never);
    return "init" in result ? result : { data: result };
  }

  it("saves an image's alt text, and refuses to delete a file an article uses, saying which", async () => {
    const { item } = (await (await upload(png(), "a.png", { cookie })).json()) as Uploaded;
    const editor = await editorCookie();
    expect(await post({ intent: "alt", key: item.key, alt: "A grey square" }, editor)).toMatchObject({ data: { ok: true } });
    expect((await stored(item.key))?.altText).toBe("A grey square");
    await testDb()
      .insert(articles)
      .values({
        title: "Uses it",
        excerpt: "E",
        content: `![x](${item.url})`,
        imageUrl: "/i.svg",
        category: "Philosophy",
        readingTime: 1,
        author: "A",
        publishedDate: "2026-01-01",
      });
    const refused = (await post({ intent: "delete", key: item.key })) as { init: { status: number }; data: { message: string } };
    expect(refused.init.status).toBe(409);
    expect(refused.data.message).toContain("Article “Uses it”");
    expect((await post({ intent: "rename", key: item.key })) as object).toMatchObject({ init: { status: 400 } });
  });
});

describe("a file in use, however its address is written", () => {
  /** Each way a file's address can appear in content: the column written to, and what it holds. */
  const SPELLINGS: { name: string; sql: string; value: (url: string, key: string) => string; usedBy: string }[] = [
    { name: "with a query", sql: "UPDATE articles SET image_url = ? WHERE id = 1", value: (url) => `${url}?v=2`, usedBy: "Article" },
    { name: "with a fragment", sql: "UPDATE practices SET image_url = ? WHERE id = 1", value: (url) => `${url}#top`, usedBy: "Practice" },
    { name: "as a resource's URL", sql: "UPDATE resources SET url = ? WHERE id = 1", value: (url) => url, usedBy: "Resource" },
    {
      name: "absolute, on the site's origin",
      sql: "UPDATE courses SET image_url = ? WHERE id = 1",
      value: (url) => `https://theexaminedlife.org${url}`,
      usedBy: "Course",
    },
    {
      name: "in a Markdown body",
      sql: "UPDATE lessons SET body = ? WHERE id = 1",
      value: (url) => `Read this.\n\n![A figure](${url}?w=800 "Caption")\n`,
      usedBy: "Lesson",
    },
    {
      name: "in a gallery",
      sql: "UPDATE articles SET content = ? WHERE id = 2",
      value: (url) => `Text.\n\n\`\`\`gallery grid\n![One](/images/gallery/stoa.svg)\n![Two](${url})\n\`\`\`\n`,
      usedBy: "Article",
    },
    {
      name: "in any other content field (a course's description)",
      sql: "UPDATE courses SET description = ? WHERE id = 2",
      value: (url) => `See ${url} for the map.`,
      usedBy: "Course",
    },
    {
      name: "in a newsletter issue, with upper-case hex",
      sql: "INSERT INTO newsletter_issues (subject, body) VALUES ('Letter one', ?)",
      value: (_url, key) => `![x](/media/${key.toUpperCase()})`,
      usedBy: "Newsletter issue",
    },
  ];

  it.each(SPELLINGS)("refuses to delete a file used $name, naming where (409), and keeps the file", async ({ sql, value, usedBy }) => {
    const { item } = (await (await upload(png(), "photo.png", { cookie })).json()) as Uploaded;
    await env.DB.prepare(sql).bind(value(item.url, item.key)).run();
    const refused = deleteMedia(testDb(), env.MEDIA, item.key);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(new RegExp(`still used by ${usedBy} “[^”]+”`)),
    });
    expect(await stored(item.key)).toBeDefined();
    expect(await env.MEDIA.head(item.key)).not.toBeNull();
  });

  it("a file no content mentions is deleted, and the page's audit entry names it by its file name and address", async () => {
    const { item } = (await (await upload(png(7, 7), "unused-photo.png", { cookie })).json()) as Uploaded;
    const { asRouted } = await import("../../../tests/support/routes");
    const layout = await import("../admin/layout");
    const request = adminRequest("POST", "/admin/media", {
      cookie,
      body: new URLSearchParams({ intent: "delete", key: item.key }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(await asRouted(libraryPage, "action", [layout])(routeArgs(request))).toMatchObject({ ok: true });
    expect(await stored(item.key)).toBeUndefined();
    const entries = (await env.DB.prepare("SELECT action, target, object FROM audit_log ORDER BY id").all()).results;
    expect(entries).toEqual([
      { action: "create", target: "/api/admin/media", object: `unused-photo.png (/media/${item.key})` },
      { action: "delete", target: "/admin/media", object: `unused-photo.png (/media/${item.key})` },
    ]);
  });
});

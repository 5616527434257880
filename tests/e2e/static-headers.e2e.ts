/**
 * What the built site really sends for its static files (Workers static assets, public/_headers) and its
 * recordings (the Worker, workers/ranged-assets.ts): the Worker's security headers, the SVG policy, and
 * HEAD and ranges on a recording. Plain HTTP, no browser.
 */
import { describe, expect, it } from "vitest";
import { SECURITY_HEADERS, SVG_CONTENT_SECURITY_POLICY } from "../../app/server/core/security-headers.server";
import { seedCourses } from "../../db/seed/courses";
import { baseURL } from "./browser";

/** A file the build put under /assets/ (the page's stylesheet), found in the home page's HTML. */
async function builtAsset() {
  const html = await (await fetch(`${baseURL}/`)).text();
  const path = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  expect(path).toBeDefined();
  return path!;
}

function expectSecurityHeaders(response: Response, what: string) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), `${name} on ${what}`).toBe(value);
}

describe("static files", () => {
  it("/favicon.svg has the security headers and the SVG policy, once each", async () => {
    const response = await fetch(`${baseURL}/favicon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^image\/svg\+xml/);
    expectSecurityHeaders(response, "/favicon.svg");
    expect(response.headers.get("Content-Security-Policy")).toBe(SVG_CONTENT_SECURITY_POLICY);
  });

  it("an image illustration, the font and a built /assets/ file have the security headers", async () => {
    for (const path of ["/images/hero.svg", "/images/og/og-default.png", "/fonts/examined-serif-basic.woff2", await builtAsset()]) {
      const response = await fetch(`${baseURL}${path}`);
      expect(response.status, path).toBe(200);
      expectSecurityHeaders(response, path);
    }
    const font = await fetch(`${baseURL}/fonts/examined-serif-basic.woff2`);
    expect(font.headers.get("Cross-Origin-Resource-Policy")).toBe("same-origin");
    expect(font.headers.get("Content-Security-Policy")).toBeNull();
    const asset = await fetch(`${baseURL}${await builtAsset()}`);
    expect(asset.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });
});

describe("recordings (/audio/*, through the Worker)", () => {
  const recording = `${baseURL}/audio/practice-1.ogg`;

  it("GET and HEAD have the same headers: the length, Accept-Ranges, the ETag and the security headers", async () => {
    const get = await fetch(recording);
    const size = (await get.arrayBuffer()).byteLength;
    expect(get.status).toBe(200);
    expect(get.headers.get("Content-Length")).toBe(String(size));
    expect(get.headers.get("Accept-Ranges")).toBe("bytes");
    expectSecurityHeaders(get, "GET /audio");
    const head = await fetch(recording, { method: "HEAD" });
    expect(head.status).toBe(200);
    for (const name of ["Content-Length", "Accept-Ranges", "ETag", "Content-Type", ...Object.keys(SECURITY_HEADERS)]) {
      expect(head.headers.get(name), `HEAD ${name}`).toBe(get.headers.get(name));
    }
    // HEAD with a Range is not a range request (RFC 9110 §14.2): the whole file's headers, never 416.
    const headRange = await fetch(recording, { method: "HEAD", headers: { Range: "bytes=0-99" } });
    expect(headRange.status).toBe(200);
    expect(headRange.headers.get("Content-Length")).toBe(String(size));
  });

  it("answers a range, honours If-Range and If-None-Match, and refuses an unsatisfiable range with the real size", async () => {
    const whole = await fetch(recording);
    const size = (await whole.arrayBuffer()).byteLength;
    const etag = whole.headers.get("ETag")!;
    expect(etag).toMatch(/^"/);

    const part = await fetch(recording, { headers: { Range: "bytes=0-99", "If-Range": etag } });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 0-99/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    const stale = await fetch(recording, { headers: { Range: "bytes=0-99", "If-Range": '"not-this-one"' } });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(size);

    const beyond = await fetch(recording, { headers: { Range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("Content-Range")).toBe(`bytes */${size}`);

    const cached = await fetch(recording, { headers: { "If-None-Match": etag } });
    expect(cached.status).toBe(304);
  });
});

describe("lesson recordings (paid content, behind their lesson's access)", () => {
  it("the seed's recordings are no static files, not served at /media/, and their route is 403 to a visitor", async () => {
    // The seed's lesson ids, derived as db/seed/index.ts derives them (in order, from 1).
    const lessons = seedCourses.flatMap((course) =>
      course.modules.flatMap((module) => module.lessons.map((lesson) => ({ course, lesson }))),
    );
    const recorded = lessons.map((each, index) => ({ ...each, id: index + 1 })).filter(({ lesson }) => lesson.recording);
    expect(recorded.length).toBeGreaterThanOrEqual(3);
    for (const { course, lesson, id } of recorded) {
      const recording = lesson.recording!;
      expect((await fetch(`${baseURL}/audio/${recording.file}`)).status, `/audio/${recording.file}`).toBe(404);
      expect((await fetch(`${baseURL}${recording.audioUrl}`, { headers: { Range: "bytes=0-99" } })).status, recording.audioUrl).toBe(404);
      const route = await fetch(`${baseURL}/courses/${course.id}/learn/${id}/recording`, { headers: { Range: "bytes=0-99" } });
      expect(route.status, lesson.title).toBe(403);
      expect(route.headers.get("Cache-Control")).toBe("private, no-store");
    }
  });
});

/**
 * Lesson recordings follow their lesson's access (docs/http.md, "Lesson recordings"): a paid lesson's recording is
 * served, with byte ranges, only to a learner whose enrolment opens the course, never by its file's own address
 * (`/media/<key>`), and a refund closes it at the next request. The free preview's is anyone's; a practice's stays
 * public. Through the Worker's own fetch, over a server build of the real routes.
 */
import { createExecutionContext, env } from "cloudflare:test";
import { assert, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountCookie, adminCookie } from "../../../tests/support/admin";
import { buyerEmail, insertEnrollment, seedTestDb, testDb } from "../../../tests/support/db";
import { serverBuild } from "../../../tests/support/server-build";
import { requestKind } from "~/lib/offline-rules";
import { policyFor } from "~/site-routes";
import { contentVersion } from "~/server/core/cache.server";
import { LEARNER_COOKIE, startLearnerSession } from "~/server/learning/learner.server";
import { createFetchHandler } from "../../../workers/fetch-handler";
import { serverBuildHandler } from "../../../workers/request-handler";

const ORIGIN = "http://localhost";
const SIZE = 4000;
/** An Ogg-looking file of SIZE bytes, its bytes numbered so a range can be checked. */
const recording = () => {
  const bytes = Uint8Array.from({ length: SIZE }, (_, i) => i % 251);
  bytes.set([0x4f, 0x67, 0x67, 0x53]);
  return bytes;
};
const key = (n: number) => `${String(n).repeat(64).slice(0, 64)}.ogg`;

let fetchWorker: ReturnType<typeof createFetchHandler>;
beforeAll(() => {
  fetchWorker = createFetchHandler(serverBuildHandler(async () => serverBuild(), "production", false));
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetchWorker(new Request(`${ORIGIN}${path}`, { headers }), env as Env, createExecutionContext());

/** Course 1's lessons in order, with whether each is the free preview. */
async function lessonsOfCourse1() {
  const { results } = await env.DB.prepare(
    `SELECT l.id, l.free_preview AS freePreview FROM lessons l JOIN course_modules m ON m.id = l.module_id
     WHERE m.course_id = 1 ORDER BY m.position, l.position`,
  ).all<{ id: number; freePreview: number }>();
  return results;
}

async function giveRecording(lessonId: number, mediaKey: string) {
  await env.MEDIA.put(mediaKey, recording(), { httpMetadata: { contentType: "audio/ogg" } });
  await env.DB.prepare("UPDATE lessons SET audio_url = ? WHERE id = ?").bind(`/media/${mediaKey}`, lessonId).run();
}

beforeEach(async () => {
  await seedTestDb();
  // The lessons are kept in the isolate per content version: the rows changed below need a new one.
  await contentVersion.bump(testDb());
});

describe("a paid lesson's recording", () => {
  it("is 403 without access, 200 and 206 with it, 403 again after a refund; its /media/ address is 404 throughout", async () => {
    const lessons = await lessonsOfCourse1();
    const paid = lessons.find((lesson) => !lesson.freePreview);
    assert(paid, "course 1 has a paid lesson");
    await giveRecording(paid.id, key(1));
    await contentVersion.bump(testDb());
    const route = `/courses/1/learn/${paid.id}/recording`;

    // A visitor: neither the route nor the file's address.
    expect((await get(route)).status).toBe(403);
    expect((await get(route, { Range: "bytes=0-99" })).status).toBe(403);
    expect((await get(`/media/${key(1)}`)).status).toBe(404);

    const email = buyerEmail();
    const order = await insertEnrollment(testDb(), { email, courseId: 1 });
    const session = await startLearnerSession(testDb(), email);
    assert(session, "a learner session");
    const cookie = { Cookie: `${LEARNER_COOKIE}=${session.token}` };

    const whole = await get(route, cookie);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("Accept-Ranges")).toBe("bytes");
    expect(whole.headers.get("Content-Length")).toBe(String(SIZE));
    expect(whole.headers.get("Cache-Control")).toBe("private, no-store");
    expect(whole.headers.get("CDN-Cache-Control")).toBe("no-store");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(recording());
    // Nor does the service worker keep it: it passes the route by (its policy keeps nothing offline).
    const kind = requestKind(
      { method: "GET", url: `${ORIGIN}${route}`, headers: new Headers() },
      ORIGIN,
      (path) => policyFor(path).offline,
    );
    expect(kind).toBe("pass");

    const part = await get(route, { ...cookie, Range: "bytes=1000-1099" });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 1000-1099/${SIZE}`);
    expect(part.headers.get("Content-Length")).toBe("100");
    expect(part.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(recording().subarray(1000, 1100));
    // A learner of the course still cannot reach it by the file's own address.
    expect((await get(`/media/${key(1)}`, cookie)).status).toBe(404);

    // Staff who edit courses hear it in the library (uncached); a contributor does not.
    const staff = await get(`/media/${key(1)}`, { Cookie: await adminCookie(), Range: "bytes=0-9" });
    expect(staff.status).toBe(206);
    expect(staff.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await get(`/media/${key(1)}`, { Cookie: await accountCookie(testDb(), "contributor", "c@example.com") })).status).toBe(404);

    await env.DB.prepare("UPDATE enrollments SET status = 'refunded', refunded_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), order.id)
      .run();
    expect((await get(route, cookie)).status).toBe(403);
    expect((await get(route, { ...cookie, Range: "bytes=0-99" })).status).toBe(403);
    expect((await get(`/media/${key(1)}`, cookie)).status).toBe(404);
  });

  it("an unproven session opens only its own course's recordings", async () => {
    const paid = (await lessonsOfCourse1()).find((lesson) => !lesson.freePreview);
    assert(paid, "course 1 has a paid lesson");
    await giveRecording(paid.id, key(2));
    await contentVersion.bump(testDb());
    const email = buyerEmail();
    await insertEnrollment(testDb(), { email, courseId: 1 });
    const order2 = await insertEnrollment(testDb(), { email, courseId: 2 });
    assert(order2, "an order of course 2");
    const other = await startLearnerSession(testDb(), email, { scopeCourseId: 2, enrollmentId: order2.id });
    assert(other, "an unproven session of course 2");
    expect((await get(`/courses/1/learn/${paid.id}/recording`, { Cookie: `${LEARNER_COOKIE}=${other.token}` })).status).toBe(403);
  });
});

describe("public recordings stay public", () => {
  it("the free preview's recording is anyone's, through its lesson's route", async () => {
    const preview = (await lessonsOfCourse1()).find((lesson) => lesson.freePreview);
    assert(preview, "course 1 has a free preview");
    await giveRecording(preview.id, key(3));
    await contentVersion.bump(testDb());
    const answer = await get(`/courses/1/learn/${preview.id}/recording`, { Range: "bytes=0-9" });
    expect(answer.status).toBe(206);
    expect(answer.headers.get("Content-Range")).toBe(`bytes 0-9/${SIZE}`);
  });

  it("an uploaded recording no lesson uses, or a practice's, is served at /media/ (not kept by the edge)", async () => {
    await env.MEDIA.put(key(4), recording(), { httpMetadata: { contentType: "audio/ogg" } });
    const answer = await get(`/media/${key(4)}`, { Range: "bytes=0-9" });
    expect(answer.status).toBe(206);
    expect(answer.headers.get("CDN-Cache-Control")).toBe("no-store");
    // A practice's recording that a lesson also plays stays the practice's: public.
    const paid = (await lessonsOfCourse1()).find((lesson) => !lesson.freePreview);
    assert(paid, "course 1 has a paid lesson");
    await giveRecording(paid.id, key(4));
    await env.DB.prepare("UPDATE practices SET audio_url = ? WHERE id = 1")
      .bind(`/media/${key(4)}`)
      .run();
    expect((await get(`/media/${key(4)}`)).status).toBe(200);
  });
});

import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { seedTestDb } from "../../../tests/support/db";
import { markContentChanged } from "../core/cache.server";
import type { Database } from "../core/db.server";
import { getCourse, getCourseDetails, getCoursePriceCents, listCourses } from "./courses.server";

let db: Database;
beforeEach(async () => {
  db = await seedTestDb();
});

describe("courses", () => {
  it("lists the three courses with prices in dollars", async () => {
    const courses = await listCourses(db);
    expect(courses.map((c) => c.price)).toEqual([49, 79, 129]);
    expect(Object.keys(courses[0] ?? {}).sort()).toEqual([
      "description",
      "duration",
      "id",
      "imageAlt",
      "imageUrl",
      "level",
      "price",
      "title",
    ]);
  });

  it("reads one course and its price in cents", async () => {
    expect(await getCourse(db, 2)).toMatchObject({ id: 2, price: 79 });
    expect(await getCoursePriceCents(db, 3)).toBe(12900);
    expect(await getCourse(db, 99)).toBeUndefined();
  });

  it("gives the modules in order with lessons and assessments, and the real enrolment count", async () => {
    const details = await getCourseDetails(db, 2);
    expect(details!.modules.length).toBeGreaterThanOrEqual(3);
    expect(details!.modules.some((m) => m.lessons.length === 1)).toBe(true);
    const lesson = details!.modules[0]?.lessons[0];
    expect(lesson).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      duration: expect.any(Number),
      assessments: expect.any(Array),
    });
    expect(details!.enrolledCount).toBe(0);

    await env.DB.prepare(
      "INSERT INTO enrollments (course_id, payment_intent_id, amount_cents) VALUES (2, 'pi_a', 7900), (2, 'pi_b', 7900), (1, 'pi_c', 4900)",
    ).run();
    // As a confirmed payment does (payments.server.ts): a new enrolment records a new content version.
    await markContentChanged(db);
    expect((await getCourseDetails(db, 2))!.enrolledCount).toBe(2);
    expect(await getCourseDetails(db, 99)).toBeUndefined();
  });

  it("counts learners, not payments: one per address among the orders that open the course (issue #24)", async () => {
    await env.DB.prepare(
      `INSERT INTO enrollments (course_id, payment_intent_id, amount_cents, email, status, keep_access, refund_reason) VALUES
        (2, 'pi_1', 7900, 'a@example.com', 'paid', 0, NULL),
        (2, 'pi_2', 7900, 'a@example.com', 'refunded', 0, 'duplicate'),
        (2, 'pi_3', 7900, 'b@example.com', 'refunded', 0, NULL),
        (2, 'pi_4', 7900, 'c@example.com', 'refunded', 1, NULL),
        (2, 'pi_5', 7900, 'd@example.com', 'refund-due', 0, 'price-mismatch'),
        (2, 'pi_6', 7900, 'e@example.com', 'paid', 0, NULL),
        (2, 'pi_7', 7900, 'e@example.com', 'paid', 0, NULL)`,
    ).run();
    await markContentChanged(db);
    // a (once), c (access kept), e (once): b's refund removed access, d's payment is being refunded.
    expect((await getCourseDetails(db, 2))!.enrolledCount).toBe(3);
  });
});

describe("what the course page says its lessons hold", () => {
  it("reads from D1 whether each lesson has a recording, so the overview counts only what exists", async () => {
    const { courseContentsSentence } = await import("~/lib/text");
    const lessonIds = (
      await env.DB.prepare(
        "SELECT l.id FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 1 ORDER BY l.id",
      ).all<{ id: number }>()
    ).results.map((row) => row.id);
    await env.DB.prepare(`UPDATE lessons SET audio_url = '' WHERE id IN (${lessonIds.join(",")})`).run();
    await env.DB.prepare(`UPDATE lessons SET audio_url = '/audio/a.ogg' WHERE id = ?`).bind(lessonIds[0]).run();
    await env.DB.prepare(`DELETE FROM assessments WHERE lesson_id IN (${lessonIds.join(",")})`).run();
    await markContentChanged(db);
    const course = await getCourseDetails(db, 1);
    const lessons = course?.modules.flatMap((m) => m.lessons) ?? [];
    expect(lessons.map((l) => l.hasRecording)).toEqual(lessonIds.map((id) => id === lessonIds[0]));
    const sentence = courseContentsSentence(lessons);
    expect(sentence).toBe(`1 of the ${lessonIds.length} lessons has a recording.`);
    expect(sentence).not.toMatch(/quiz|reflection/);
  });
});

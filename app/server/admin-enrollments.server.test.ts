import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { insertEnrollment, seedTestDb } from "../../tests/support/db";
import { listEnrollments, resendAccessLink } from "./admin-enrollments.server";
import { markLessonComplete } from "./learning.server";

describe("the admin's enrolments", () => {
  it("lists buyer, course, amount, status and progress, newest first", async () => {
    const db = await seedTestDb();
    const first = await insertEnrollment(db, { email: "first@example.com", courseId: 1, name: "First" });
    await insertEnrollment(db, { email: "second@example.com", courseId: 2, status: "refunded" });
    await markLessonComplete(db, { email: "first@example.com", courseId: 1, lessonId: 2 });
    const rows = await listEnrollments(db);
    expect(rows.map((r) => r.email)).toEqual(["second@example.com", "first@example.com"]);
    expect(rows[1]).toMatchObject({
      id: first.id,
      name: "First",
      course: "Foundations of Stoic Living",
      amountCents: 4900,
      status: "paid",
      completedLessons: 1,
      totalLessons: 9,
    });
    expect(rows[0]).toMatchObject({ status: "refunded", completedLessons: 0, totalLessons: 9 });
  });

  it("resends a fresh access link to a paid enrolment's buyer, and refuses refunded or unknown ones", async () => {
    const db = await seedTestDb();
    const paid = await insertEnrollment(db, { email: "paid@example.com", courseId: 3 });
    const refunded = await insertEnrollment(db, { email: "gone@example.com", courseId: 3, status: "refunded" });
    expect(await resendAccessLink(db, paid.id, "http://localhost:8787")).toEqual({ email: "paid@example.com" });
    const mail = await env.DB.prepare('SELECT "to", kind, text FROM mail_log').first<{ to: string; kind: string; text: string }>();
    expect(mail).toMatchObject({ to: "paid@example.com", kind: "access-link" });
    expect(mail!.text).toMatch(/http:\/\/localhost:8787\/learn\/access\/[A-Za-z0-9_-]{43}/);
    await expect(resendAccessLink(db, refunded.id, "http://localhost")).rejects.toMatchObject({ status: 400 });
    await expect(resendAccessLink(db, 99999, "http://localhost")).rejects.toMatchObject({ status: 404 });
  });
});

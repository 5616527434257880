import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { insertEnrollment, testDb } from "../../../tests/support/db";
import { LEARNERS_PER_PAGE } from "~/lib/admin-schemas";
import { listLearners, subscriberSummary } from "./users.server";

/** Two courses: course 1 has lessons 1 and 2, course 2 has lesson 3. */
beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO courses (id, title, description, image_url, level, duration, price_cents) VALUES (1, 'Stoic Foundations', 'd', '/i.svg', 'Beginner', 4, 4900), (2, 'Plato', 'd', '/i.svg', 'Beginner', 4, 4900)",
    ),
    env.DB.prepare(
      "INSERT INTO course_modules (id, course_id, position, title, description) VALUES (1, 1, 1, 'M', 'd'), (2, 2, 1, 'M', 'd')",
    ),
    env.DB.prepare(
      "INSERT INTO lessons (id, module_id, position, title, description, duration) VALUES (1, 1, 1, 'L1', 'd', 5), (2, 1, 2, 'L2', 'd', 5), (3, 2, 1, 'L3', 'd', 5)",
    ),
  ]);
});

const setCreatedAt = (id: number, at: string) => env.DB.prepare("UPDATE enrollments SET created_at = ? WHERE id = ?").bind(at, id).run();

describe("listLearners", () => {
  it("one row per buyer address, newest buyer first, with each course's status and progress and the last visit", async () => {
    const db = testDb();
    const ada = await insertEnrollment(db, { email: "ada@example.com", courseId: 1 });
    const adaRefund = await insertEnrollment(db, { email: "ada@example.com", courseId: 2, status: "refunded", keepAccess: true });
    const bob = await insertEnrollment(db, { email: "bob@example.com", courseId: 1 });
    await insertEnrollment(db, { email: "", courseId: 1 }); // an order from before addresses were recorded: no learner
    await setCreatedAt(ada.id, "2025-01-01T00:00:00.000Z");
    await setCreatedAt(adaRefund.id, "2025-03-01T00:00:00.000Z");
    await setCreatedAt(bob.id, "2025-02-01T00:00:00.000Z");
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO lesson_progress (email, lesson_id, course_id, visited_at, completed_at) VALUES ('ada@example.com', 1, 1, '2025-04-01T00:00:00.000Z', '2025-04-01T00:10:00.000Z'), ('ada@example.com', 2, 1, '2025-04-02T00:00:00.000Z', NULL)",
      ),
      // Ada's newest sign-in is older than her newest lesson visit; Bob opened no lesson but signed in.
      env.DB.prepare(
        "INSERT INTO learner_sessions (id, email, created_at, expires_at) VALUES ('s1', 'ada@example.com', '2025-03-15T00:00:00.000Z', '2026-01-01T00:00:00.000Z'), ('s2', 'bob@example.com', '2025-02-01T00:05:00.000Z', '2026-01-01T00:00:00.000Z')",
      ),
    ]);

    const { learners, total, page, pages } = await listLearners(db);
    expect({ total, page, pages }).toEqual({ total: 2, page: 1, pages: 1 });
    expect(learners).toEqual([
      {
        email: "ada@example.com",
        firstOrderAt: "2025-01-01T00:00:00.000Z",
        lastVisitAt: "2025-04-02T00:00:00.000Z",
        courses: [
          {
            enrollmentId: ada.id,
            courseId: 1,
            course: "Stoic Foundations",
            status: "paid",
            keepAccess: false,
            completedLessons: 1,
            totalLessons: 2,
          },
          {
            enrollmentId: adaRefund.id,
            courseId: 2,
            course: "Plato",
            status: "refunded",
            keepAccess: true,
            completedLessons: 0,
            totalLessons: 1,
          },
        ],
      },
      {
        email: "bob@example.com",
        firstOrderAt: "2025-02-01T00:00:00.000Z",
        lastVisitAt: "2025-02-01T00:05:00.000Z",
        courses: [
          {
            enrollmentId: bob.id,
            courseId: 1,
            course: "Stoic Foundations",
            status: "paid",
            keepAccess: false,
            completedLessons: 0,
            totalLessons: 2,
          },
        ],
      },
    ]);
  });

  it("a learner who never came back has no last visit", async () => {
    await insertEnrollment(testDb(), { email: "quiet@example.com", courseId: 1 });
    const { learners } = await listLearners(testDb());
    expect(learners.map((row) => [row.email, row.lastVisitAt])).toEqual([["quiet@example.com", null]]);
  });

  it("searches in the address, case-insensitively, with % and _ taken literally", async () => {
    const db = testDb();
    for (const email of ["ada@example.com", "ada_l@example.org", "adaxl@example.org", "bob@example.com"]) {
      await insertEnrollment(db, { email, courseId: 1 });
    }
    const emails = async (q: string) => (await listLearners(db, { q })).learners.map((row) => row.email).sort();
    expect(await emails("ADA")).toEqual(["ada@example.com", "ada_l@example.org", "adaxl@example.org"]);
    expect(await emails("ada_")).toEqual(["ada_l@example.org"]);
    expect(await emails("%")).toEqual([]);
    expect((await listLearners(db, { q: "example.org" })).total).toBe(2);
    // A long search is fine (D1 refuses LIKE patterns over 50 bytes, so the search does not use LIKE).
    expect(await emails(`${"x".repeat(60)}@example.com`)).toEqual([]);
  });

  it("pages by 50: the total counts addresses, not orders; a page past the end is empty", async () => {
    const db = testDb();
    const count = LEARNERS_PER_PAGE + 3;
    const statements = Array.from({ length: count }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO enrollments (course_id, payment_intent_id, amount_cents, email, created_at) VALUES (1, ?, 4900, ?, ?), (2, ?, 4900, ?, ?)",
      ).bind(
        `pi_a${i}`,
        `l${i}@example.com`,
        `2025-01-01T00:00:${String(i % 60).padStart(2, "0")}.${String(i).padStart(3, "0")}Z`,
        `pi_b${i}`,
        `l${i}@example.com`,
        "2024-01-01T00:00:00.000Z",
      ),
    );
    await env.DB.batch(statements);
    const first = await listLearners(db);
    expect({ total: first.total, pages: first.pages, rows: first.learners.length }).toEqual({
      total: count,
      pages: 2,
      rows: LEARNERS_PER_PAGE,
    });
    expect(first.learners.every((row) => row.courses.length === 2)).toBe(true);
    const second = await listLearners(db, { page: 2 });
    expect(second.learners).toHaveLength(3);
    const all = [...first.learners, ...second.learners].map((row) => row.email);
    expect(new Set(all).size).toBe(count);
    expect((await listLearners(db, { page: 3 })).learners).toEqual([]);
  });
});

describe("subscriberSummary", () => {
  it("counts subscribers by status and gives the newest confirmation", async () => {
    await env.DB.prepare(
      "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at) VALUES ('a@example.com', 'confirmed', 'a', '2025-01-01T00:00:00.000Z'), ('b@example.com', 'confirmed', 'b', '2025-02-01T00:00:00.000Z'), ('c@example.com', 'pending', 'c', NULL), ('d@example.com', 'unsubscribed', 'd', '2025-03-01T00:00:00.000Z')",
    ).run();
    expect(await subscriberSummary(testDb())).toEqual({
      confirmed: 2,
      pending: 1,
      unsubscribed: 1,
      lastConfirmedAt: "2025-02-01T00:00:00.000Z",
    });
  });
});

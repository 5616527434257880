/**
 * Issue #37: the pages that sell a course say when its modules open (app/lib/drip.ts) instead of "self-paced" and
 * "every lesson is open" for a course that drips: the course list, the course page, the payment-success page. And a
 * lesson without assessments says nothing of them ("0 assessments" was shown).
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { renderRoute, textOf } from "../../tests/support/route-html";
import { seedTestDb, testDb } from "../../tests/support/db";
import { getCourseDetails, listCourseCards } from "~/server/learning/courses.server";
import { courseDripSummary } from "~/server/learning/drip.server";
import CoursePage from "./course";
import Courses from "./courses";
import PaymentSuccess from "./payment-success";

beforeEach(async () => {
  await seedTestDb();
});

const coursePage = async (id: number) =>
  textOf(
    await renderRoute(`/courses/${id}`, {
      path: "/courses/:id",
      Component: CoursePage,
      loaderData: { course: await getCourseDetails(testDb(), id), failed: false, owned: false, accessRequired: false, unprovenEmail: null },
    }),
  );
const courseList = async () =>
  textOf(await renderRoute("/courses", { path: "/courses", Component: Courses, loaderData: { courses: await listCourseCards(testDb()) } }));

describe("a course that opens module by module", () => {
  it("is sold as such on the list and the course page, never as self-paced", async () => {
    await env.DB.prepare("UPDATE courses SET drip_mode = 'modules', drip_days = 7 WHERE id = 2").run();
    const page = await coursePage(2);
    expect(page).toContain("A new module every 7 days");
    expect(page).toContain("Modules open one at a time: the first when you enrol, then one every 7 days.");
    expect(page).toContain("Opens 7 days after you enrol");
    expect(page).not.toMatch(/self-paced|at your own pace|every lesson is open/i);
    // A course without drip still says so.
    expect(await coursePage(1)).toContain("at your own pace: every lesson is open from enrolment");

    const list = await courseList();
    expect(list).not.toMatch(/self-paced courses/i);
    const cards = list.split("View Course");
    expect(cards.find((card) => card.includes("Mindfulness-Based Resilience"))).toContain("A new module every 7 days");
    expect(cards.find((card) => card.includes("Stoic"))).toContain("Self-paced: every lesson open");
  });

  it("on fixed dates: the list, the course page and the module list name the dates still to come", async () => {
    const modules = (await env.DB.prepare("SELECT id FROM course_modules WHERE course_id = 2 ORDER BY position").all<{ id: number }>())
      .results;
    await env.DB.prepare("UPDATE courses SET drip_mode = 'dates' WHERE id = 2").run();
    await env.DB.prepare("UPDATE course_modules SET drip_date = '2999-01-09' WHERE id = ?").bind(modules[1]!.id).run();
    await env.DB.prepare("UPDATE course_modules SET drip_date = '2000-01-01' WHERE id = ?").bind(modules[2]!.id).run();
    const page = await coursePage(2);
    expect(page).toContain("Modules open on set dates: module 2 on January 9, 2999; the others are open from enrolment.");
    expect(page).toContain("Opens on January 9, 2999");
    expect(page).not.toContain("January 1, 2000");
    expect((await courseList()).split("View Course").find((card) => card.includes("Mindfulness-Based Resilience"))).toContain(
      "Modules open on set dates",
    );
  });

  it("the payment-success page says when the next modules open, counted from the order just paid", async () => {
    await env.DB.prepare("UPDATE courses SET drip_mode = 'modules', drip_days = 7 WHERE id = 2").run();
    const summary = await courseDripSummary(testDb(), 2, "2026-12-07T15:00:00.000Z", new Date("2026-12-07T15:00:00.000Z"));
    expect(summary).toMatch(/^Module 1 is open now; module 2 opens on December 14, 2026, module 3 on December 21, 2026/);
    expect(await courseDripSummary(testDb(), 1, "2026-12-07T15:00:00.000Z")).toBeNull();
    const success = (drip: string | null) =>
      renderRoute("/courses/payment-success", {
        path: "/courses/payment-success",
        Component: PaymentSuccess,
        loaderData: { status: "success", courseId: 2, courseTitle: "X", enrollmentId: 1, email: "a@example.com", signedIn: true, drip },
      }).then(textOf);
    const dripping = await success(summary);
    expect(dripping).toContain("the course is open on this device.");
    expect(dripping).toContain(summary);
    expect(dripping).not.toContain("every lesson is open");
    expect(await success(null)).toContain("every lesson is open on this device.");
  });
});

describe("a lesson without assessments", () => {
  it("says nothing of assessments on the course page ('0 assessments' was shown)", async () => {
    await env.DB.prepare(
      "DELETE FROM assessments WHERE lesson_id = (SELECT l.id FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = 1 ORDER BY m.position, l.position LIMIT 1)",
    ).run();
    const page = await coursePage(1);
    // (textOf joins the text without spaces: "20 minutes · 0 assessments2The Dichotomy…")
    expect(page).not.toMatch(/· 0 assessments/);
    expect(page).toMatch(/· 1 assessment|· [2-9] assessments/);
  });
});

/**
 * Issue #24 item 1 in the browser: buying a course with someone else's address does not sign you in as them. The
 * payment-success page's session is unproven: it opens only the course just bought; the address's other courses,
 * answers and certificates need the access link e-mailed to it. Also: a HEAD or a prefetch of an access link does not
 * use it up, and its redirect keeps `Referrer-Policy: no-referrer` through the Worker.
 */
import { assert, describe, expect, it } from "vitest";
import { mindfulResilience } from "../../db/seed/courses/mindful-resilience";
import { stoicLiving } from "../../db/seed/courses/stoic-living";
import { expectAxeClean } from "./axe";
import { baseURL, gotoHydrated, openPagePerTest } from "./browser";
import { buyCourse, uniqueBuyer } from "./checkout";

const t = openPagePerTest();

type DevMail = { id: number; to: string; text: string };

const LINK = /https?:\/\/[^\s]+\/learn\/access\/[A-Za-z0-9_-]{43}/;

/** Every access link e-mailed to `to` so far, newest first (the dev mailbox; mail goes through the queue). */
async function linksTo(to: string): Promise<string[]> {
  const mails = (await (await fetch(`${baseURL}/__dev/mail.json`)).json()) as DevMail[];
  return mails.filter((mail) => mail.to === to && LINK.test(mail.text)).map((mail) => LINK.exec(mail.text)![0]);
}

/** An access link to `to` that is not one of `seen`, once the queue has delivered it. */
async function newLinkTo(to: string, seen: readonly string[]): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        link = (await linksTo(to)).find((candidate) => !seen.includes(candidate));
        return link !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return link!;
}

const reflectionLesson = stoicLiving.modules[0]?.lessons[1];
assert(reflectionLesson, "Stoic Living's second lesson");
const reflection = reflectionLesson.assessments.find((a) => a.kind === "reflection")!;

describe("buying with someone else's address", () => {
  const victim = uniqueBuyer();
  const marker = `private-marker-${Math.random().toString(36).slice(2, 10)}`;
  let lessonPath = "";
  const usedLinks: string[] = [];

  it("A buys course 1, proves the inbox with the receipt's link and writes a reflection", async () => {
    await gotoHydrated(t.page, "/courses/1");
    await t.page.getByRole("link", { name: "Enroll Now" }).click();
    await buyCourse(t.page, victim, "Victim Learner");
    const receiptLink = await newLinkTo(victim, []);
    usedLinks.push(receiptLink);
    await t.page.goto(receiptLink);
    await t.page.waitForURL(/\/courses\/1\/learn\/\d+$/);
    await t.page.getByRole("link", { name: reflectionLesson.title }).first().click();
    await t.page.getByRole("heading", { level: 1, name: reflectionLesson.title }).waitFor();
    lessonPath = new URL(t.page.url()).pathname;
    const section = t.page.locator("section", { has: t.page.getByRole("heading", { name: reflection.title }) }).last();
    await section.getByLabel(/Your answer/).fill(`My answer: ${marker}`);
    await section.getByRole("button", { name: "Save answer" }).click();
    await section.getByText("Saved.").waitFor();
    expect(t.pageErrors).toEqual([]);
  });

  it("B buys course 2 with A's address in a fresh browser: sees only course 2, not A's lessons, reflection or certificates", async () => {
    await gotoHydrated(t.page, "/courses/2");
    await t.page.getByRole("link", { name: "Enroll Now" }).click();
    await buyCourse(t.page, victim, "Attacker");
    await gotoHydrated(t.page, "/learn");
    const courses = t.page.getByRole("list", { name: "Your courses" }).getByRole("listitem");
    await expect.poll(() => courses.count()).toBe(1);
    expect(await courses.first().getByRole("heading").textContent()).toBe(mindfulResilience.title);
    expect(await t.page.getByText(stoicLiving.title).count()).toBe(0);
    await t.page.getByTestId("prove-inbox").getByText("Other courses, answers written before and certificates").waitFor();
    await expectAxeClean(t.page, { label: "/learn, unproven session" });

    // B cannot reach A's course 1 lessons, A's reflection or a certificate.
    await t.page.goto(lessonPath);
    await t.page.waitForURL(/\/courses\/1\?access=required$/);
    await t.page.waitForSelector("html[data-hydrated]");
    expect(await t.page.content()).not.toContain(marker);
    await t.page.getByRole("link", { name: "Enroll Now" }).waitFor();
    await t.page.getByTestId("prove-inbox").waitFor();
    await expectAxeClean(t.page, { label: "course page, unproven session" });

    // Course 1's data and completion page, and course 2's certificate, all closed.
    const data = await t.page.request.get(`${lessonPath}.data`, { maxRedirects: 0 });
    expect(await data.text()).not.toContain(marker);
    const completion = await t.page.request.get("/courses/1/complete", { maxRedirects: 0 });
    expect(completion.status()).toBe(302);
    const certificate = await t.page.request.post("/courses/2/complete", {
      form: { name: "Attacker" },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(certificate.status()).toBe(403);
    await gotoHydrated(t.page, "/courses/2/complete");
    await t.page.getByTestId("prove-inbox").waitFor();
    expect(await t.page.getByRole("button", { name: "Issue my certificate" }).count()).toBe(0);

    // B's button e-mails the link to the address (to A), with the same answer as /learn's form.
    await t.page
      .getByTestId("prove-inbox")
      .getByRole("button", { name: /Email my access link/ })
      .click();
    await t.page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    expect(t.pageErrors).toEqual([]);
  });

  it("a HEAD or a prefetch does not use A's link; the redirect says no-referrer; the link opens everything of A's", async () => {
    const link = await newLinkTo(victim, usedLinks);
    usedLinks.push(link);
    const head = await fetch(link, { method: "HEAD", redirect: "manual" });
    expect(head.headers.get("set-cookie")).toBeNull();
    const prefetch = await fetch(link, { headers: { "Sec-Purpose": "prefetch" }, redirect: "manual" });
    expect(prefetch.status).toBe(503);
    expect(prefetch.headers.get("set-cookie")).toBeNull();

    await t.page.goto(link);
    await t.page.waitForURL((url) => url.pathname === "/learn" || /^\/courses\/\d+\/learn/.test(url.pathname));
    await gotoHydrated(t.page, "/learn");
    const courses = t.page.getByRole("list", { name: "Your courses" }).getByRole("listitem");
    await expect.poll(() => courses.count()).toBe(2);
    expect(await t.page.getByTestId("prove-inbox").count()).toBe(0);
    await gotoHydrated(t.page, lessonPath);
    const section = t.page.locator("section", { has: t.page.getByRole("heading", { name: reflection.title }) }).last();
    expect(await section.getByLabel(/Your answer/).inputValue()).toBe(`My answer: ${marker}`);

    // A fresh link's redirect, as the Worker sends it: the route's Referrer-Policy is not overwritten.
    await gotoHydrated(t.page, "/learn");
    await t.page.getByRole("button", { name: "Sign out" }).click();
    await t.page.getByLabel("Email address").fill(victim);
    await t.page.getByRole("button", { name: "Get my access link" }).click();
    await t.page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    const another = await newLinkTo(victim, usedLinks);
    const redirect = await fetch(another, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("referrer-policy")).toBe("no-referrer");
    expect(redirect.headers.get("cache-control")).toBe("private, no-store");
    expect(redirect.headers.get("set-cookie")).toMatch(/^tel_learner_session=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43};/);
    expect(t.pageErrors).toEqual([]);
  });
});

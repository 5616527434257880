/** The newsletter issue page of a draft, as the server renders it: the send box's count, the schedule, the format, delete. */
import { describe, expect, it } from "vitest";
import { renderRoute, tagsWith, textOf } from "../../../tests/support/route-html";
import type { Route } from "./+types/newsletter-issue";
import NewsletterIssue from "./newsletter-issue";

type IssueData = Route.ComponentProps["loaderData"];

const DRAFT = {
  id: 4,
  subject: "On attention",
  body: "Hello.",
  articleId: null as number | null,
  format: "full",
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: null,
  sentAt: null,
  sentOrigin: null,
  scheduledAt: null as string | null,
  recipientCount: null,
  fanoutCursor: 0,
  fanoutDoneAt: null,
  progressAt: null,
  pausedUntil: null,
  pauseReason: null,
};

const render = (issue: typeof DRAFT, confirmed = 1234) =>
  renderRoute("/admin/newsletter/4", {
    path: "/admin/newsletter/:id",
    Component: NewsletterIssue,
    loaderData: {
      issue,
      report: null,
      state: "draft",
      previewHtml: "<p>Hello.</p>",
      testAddress: "owner@example.com",
      confirmed,
      attribution: null,
    } as IssueData,
  });

describe("a draft issue's page", () => {
  it("the send box names how many confirmed subscribers get it and asks for a ticked confirmation", async () => {
    const text = textOf(await render(DRAFT));
    expect(text).toContain("Send to 1,234 confirmed subscribers");
    expect(text).toContain("I confirm: send this issue to 1,234 confirmed subscribers");
    expect(textOf(await render(DRAFT, 1))).toContain("Send to 1 confirmed subscriber");
  });

  it("a draft offers Schedule (in the browser's zone: UTC until the page loads) and Delete; no format choice without an article", async () => {
    const html = await render(DRAFT);
    const text = textOf(html);
    expect(text).toContain("Draft");
    expect(tagsWith(html, "input", 'type="datetime-local"', 'name="scheduledAt"')).toHaveLength(1);
    expect(tagsWith(html, "input", 'type="hidden"', 'name="timeZone"', 'value="UTC"')).toHaveLength(1);
    expect(text).toContain("Your time zone: UTC");
    expect(text).not.toContain("Cancel schedule");
    expect(text).toContain("Delete draft");
    expect(tagsWith(html, "select", 'name="format"')).toHaveLength(0);
  });

  it("a scheduled issue made from an article says when, offers Cancel schedule, and the Excerpt or Full text choice", async () => {
    const html = await render({ ...DRAFT, articleId: 9, format: "excerpt", scheduledAt: "2027-01-15T08:00:00.000Z" });
    const text = textOf(html);
    expect(text).toContain("Scheduled for Jan 15, 2027, 08:00 UTC");
    expect(text).toContain("Cancel schedule");
    expect(tagsWith(html, "input", 'name="scheduledAt"', 'value="2027-01-15T08:00"')).toHaveLength(1);
    expect(tagsWith(html, "select", 'name="format"')).toHaveLength(1);
    expect(tagsWith(html, "option", 'value="excerpt"', 'selected=""')).toHaveLength(1);
  });
});

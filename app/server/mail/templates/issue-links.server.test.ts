/**
 * A newsletter issue's links to the site carry its tags (utm_source=newsletter, utm_campaign=issue-<id>), the same for
 * every recipient, so its visits, signups and purchases are its own (docs/analytics.md); other sites' links, images and
 * the unsubscribe link carry none, and there is still no pixel.
 */
import { describe, expect, it } from "vitest";
import { issueMailParts } from "../render.server";
import { testDb } from "../../../../tests/support/db";
import { newsletterIssueEmail, newsletterWelcomeEmail, withIssueTags } from "./newsletter.server";

const ORIGIN = "https://theexaminedlife.org";
const UNSUBSCRIBE = `${ORIGIN}/newsletter/unsubscribe/tok_abc`;
const TAGS = "utm_source=newsletter&utm_campaign=issue-7";

const BODY = [
  "Read [the essay](/articles/1) and [this practice](https://theexaminedlife.org/practices/2#begin).",
  "Elsewhere: [a friend's site](https://example.org/essay?x=1), [write to us](mailto:hello@example.com).",
  "Already tagged: [the course](/courses/1?utm_source=podcast).",
  "",
  "![A quiet lake](/images/lake.svg)",
].join("\n");

const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map(([, href]) => (href ?? "").replaceAll("&amp;", "&"));
const srcs = (html: string) => [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map(([, src]) => src);

describe("withIssueTags", () => {
  it("tags the site's own pages, before any fragment, and nothing else", () => {
    expect(withIssueTags(`${ORIGIN}/articles/1`, ORIGIN, 7)).toBe(`${ORIGIN}/articles/1?${TAGS}`);
    expect(withIssueTags(`${ORIGIN}/practices?duration=short#list`, ORIGIN, 7)).toBe(`${ORIGIN}/practices?duration=short&${TAGS}#list`);
    for (const url of [
      "https://example.org/articles/1",
      "http://theexaminedlife.org/articles/1",
      "mailto:hello@example.com",
      `${ORIGIN}/courses/1?utm_source=podcast`,
      "not a url",
    ])
      expect(withIssueTags(url, ORIGIN, 7), url).toBe(url);
  });
});

describe("an issue's e-mail", () => {
  it("tags every link to the site (body, archive), never another site's, an image or the unsubscribe link; no pixel", () => {
    const { html, text } = newsletterIssueEmail({
      siteName: "The Examined Life",
      subject: "Issue",
      markdown: BODY,
      origin: ORIGIN,
      unsubscribeUrl: UNSUBSCRIBE,
      issueId: 7,
    });
    expect(hrefs(html)).toEqual([
      `${ORIGIN}/articles/1?${TAGS}`,
      `${ORIGIN}/practices/2?${TAGS}#begin`,
      "https://example.org/essay?x=1",
      "mailto:hello@example.com",
      `${ORIGIN}/courses/1?utm_source=podcast`,
      UNSUBSCRIBE,
      `${ORIGIN}/newsletter?${TAGS}`,
    ]);
    // The only image is the body's own, at its plain URL: no pixel, nothing per recipient.
    expect(srcs(html)).toEqual([`${ORIGIN}/images/lake.svg`]);
    expect(text).toContain(`Past issues: ${ORIGIN}/newsletter?${TAGS}`);
    expect(text).toContain(`Unsubscribe: ${UNSUBSCRIBE}\n`);
  });

  it("as an excerpt: the article's link (button, cover, text) carries the tags", () => {
    const article = { title: "On Calm", url: `${ORIGIN}/articles/3`, cover: { src: `${ORIGIN}/images/cover.svg`, alt: "Cover" } };
    const { html, text } = newsletterIssueEmail({
      siteName: "The Examined Life",
      subject: "Issue",
      markdown: "A first paragraph.\n\nA second one.",
      origin: ORIGIN,
      unsubscribeUrl: UNSUBSCRIBE,
      issueId: 7,
      format: "excerpt",
      article,
    });
    expect(hrefs(html).filter((href) => href.startsWith(`${ORIGIN}/articles/3`))).toEqual([
      `${ORIGIN}/articles/3?${TAGS}`,
      `${ORIGIN}/articles/3?${TAGS}`,
    ]);
    expect(srcs(html)).toEqual([`${ORIGIN}/images/cover.svg`]);
    expect(text).toContain(`Continue reading: ${ORIGIN}/articles/3?${TAGS}`);
  });

  it("the welcome e-mail is no issue: its links are as written", () => {
    const { html } = newsletterWelcomeEmail({
      siteName: "The Examined Life",
      subject: "Welcome",
      markdown: "Start [here](/articles/1).",
      origin: ORIGIN,
      unsubscribeUrl: UNSUBSCRIBE,
    });
    expect(hrefs(html).some((href) => href.includes("utm_"))).toBe(false);
  });

  it("issueMailParts gives the issue's id, so every copy sent (and the test copy) is tagged with it", async () => {
    const parts = await issueMailParts(
      testDb(),
      { id: 12, subject: "S", body: "See [this](/about).", format: "full", articleId: null },
      ORIGIN,
    );
    const { html } = newsletterIssueEmail({ ...parts, siteName: "Site", unsubscribeUrl: UNSUBSCRIBE });
    expect(hrefs(html)).toContain(`${ORIGIN}/about?utm_source=newsletter&utm_campaign=issue-12`);
  });
});

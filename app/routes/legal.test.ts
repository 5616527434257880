/**
 * The privacy policy says what the code does: the retention periods and the newsletter's "delete on request". It reads
 * the seeded documents as the public page shows them (the pages table, placeholders filled in from the code), so an
 * edit in the admin that breaks a promise is caught the next time the seed is brought up to date from the site.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_CONFIRM_TTL_DAYS, NEWSLETTER_MAIL_KINDS, NEWSLETTER_UNDO_DAYS } from "~/server/newsletter/subscriptions.server";
import { MAIL_LOG_RETENTION_MONTHS, ORDER_RETENTION_YEARS } from "~/lib/learner-data";
import { CONTACT_MESSAGE_RETENTION_YEARS } from "~/server/site/retention.server";
import type { Block, Inline } from "~/lib/markdown";
import type { LegalPageKey } from "~/lib/pages";
import { legalPage } from "~/server/site/pages.server";
import { seedTestDb } from "../../tests/support/db";

type Section = { heading: string; paragraphs: string[] };

const textOf = (inlines: Inline[]): string =>
  inlines.map((node) => ("text" in node ? node.text : "children" in node ? textOf(node.children) : "")).join("");

/** A document's "## " sections, each with its paragraphs' text. */
function sectionsOf(blocks: Block[]): Section[] {
  const sections: Section[] = [];
  for (const block of blocks) {
    if (block.type === "heading") sections.push({ heading: textOf(block.children), paragraphs: [] });
    else if (block.type === "paragraph") sections.at(-1)?.paragraphs.push(textOf(block.children));
  }
  return sections;
}

const documents = {} as Record<LegalPageKey, Section[]>;
beforeAll(async () => {
  const db = await seedTestDb();
  for (const key of ["privacy", "cookies"] as const)
    documents[key] = sectionsOf((await legalPage(db, key, { name: "Site", email: "hello@example.com" })).body);
});

const privacy = (heading: string) => documents.privacy.find((section) => section.heading === heading)?.paragraphs.join(" ") ?? "";

describe("the privacy policy", () => {
  it("states the periods the retention job uses, and that newsletter copies go with the address", () => {
    expect([NEWSLETTER_CONFIRM_TTL_DAYS, NEWSLETTER_UNDO_DAYS, CONTACT_MESSAGE_RETENTION_YEARS]).toEqual([7, 30, 2]);
    const keeping = privacy("How long we keep it");
    expect(keeping).toContain("never confirmed is deleted 7 days after we sent the confirmation link");
    expect(keeping).toContain("keep the address for 30 days so that you can undo it; then it is deleted");
    expect(keeping).toContain("Contact messages are deleted two years after they were sent");
    expect(keeping).toContain("The records of the newsletter emails sent to an address are deleted with it");
    expect(MAIL_LOG_RETENTION_MONTHS).toBe(13);
    expect(keeping).toContain("The record of each email in our outgoing mail log is deleted 13 months after the email was written.");
    // The retention job deletes newsletter_deliveries rows after the same period, keeping only the totals.
    expect(keeping).toContain(
      "The record of which newsletter issues we sent you and whether each was delivered is deleted 13 months after the issue was sent: only each issue's totals remain",
    );
    expect(keeping).toContain("and they name nobody.");
    expect(NEWSLETTER_MAIL_KINDS).toEqual(["newsletter", "newsletter-confirmation", "newsletter-welcome"]);
    expect(privacy("What we collect")).toContain("which issues we sent you and whether each was delivered");
    // The mail log holds no bodies (issue #26): the policy must not say it keeps copies.
    expect(privacy("What we collect")).not.toMatch(/a copy of each/);
  });

  it("says what 'delete on request' removes: what eraseSubscriber deletes, no more and no less", () => {
    expect(privacy("Your rights")).toContain(
      "If you ask us to delete your newsletter subscription, we delete at once your address with its links, the record of which " +
        "issues we sent you, the records of the newsletter emails we sent you, and the abuse counters kept for your address. " +
        "Orders, receipts and contact messages are separate records",
    );
  });

  it("says what is stored about learners, that they download and delete after opening their link, the orders' period and the owner's erasure", () => {
    expect(ORDER_RETENTION_YEARS).toBe(7);
    expect(privacy("What we collect")).toContain(
      "the lessons you open and complete, your latest attempt at each quiz (with how many attempts you made, and on which one you passed), the exercises and reflections you write, your certificates, your sign-in sessions and access links, and a record of each email we send you",
    );
    expect(privacy("How long we keep it")).toContain(
      "Orders are kept for the accounts for 7 years. After that your email address and name are removed from them",
    );
    // The learner insight (docs/courses-and-learning.md, "Learner insight"): a written answer's words are counted, never shown.
    expect(privacy("How we use it")).toContain(
      "of a written answer they see only that it was written and how many words it has, never its text. Editors see only totals",
    );
    const rights = privacy("Your rights");
    expect(rights).toContain("After opening the access link we email you (ask for one at /learn), you can download everything");
    expect(rights).toContain("delete any of your written answers, all of them at once, or your progress and quiz attempts in a course");
    expect(rights).toContain(
      "the site's owner deletes your progress, quiz attempts and written answers, certificates, sessions, access links, the record of which modules we told you had opened and the records of the emails we sent you, and removes your email address and name from your orders",
    );
  });

  it("says exactly what the site's own analytics count (docs/analytics.md), that none of it identifies a person, and where a visit's source goes", () => {
    const counting = privacy("What we count");
    for (const counted of [
      "the page and the article, practice or course it shows",
      "the site that linked to it, by its name only",
      "the campaign tags of the link you followed (utm_source, utm_medium, utm_campaign or ref)",
      "your country",
      "whether your device is a phone, a tablet or a computer",
      "a random value that is made each day and deleted when the day is over",
      "when a play starts, reaches half way and ends, with the seconds listened",
      "none of them identifies a person",
      "no cookie, no tracking script",
      "session storage, for this tab and this visit only, never in a cookie",
      "is stored with your subscription or your order",
    ])
      expect(counting).toContain(counted);
    expect(privacy("What we collect")).not.toContain("we don't count opens or clicks");
    const cookies = documents.cookies.flatMap((section) => section.paragraphs).join(" ");
    expect(cookies).toContain("our visit counts use none either");
    expect(cookies).toContain("kept in session storage for this tab and this visit only");
  });
});

describe("the placeholders", () => {
  it("are filled in from Settings and the code, and none is left in any document", async () => {
    expect(privacy("What we collect")).toMatch(/^Site does not require an account\./);
    expect(privacy("Your rights")).toContain("by writing to hello@example.com.");
    expect(privacy("How long we keep it")).toContain(`for the accounts for ${ORDER_RETENTION_YEARS} years`);
    expect(privacy("How long we keep it")).toContain(`deleted ${MAIL_LOG_RETENTION_MONTHS} months after the email was written`);
    const db = await seedTestDb();
    for (const key of ["privacy", "terms", "cookies", "disclaimer"] as const) {
      const text = JSON.stringify((await legalPage(db, key, { name: "Site", email: "hello@example.com" })).body);
      expect(text, key).not.toMatch(/\{[a-z_]+\}/);
    }
  });
});

/** The privacy policy says what the code does: the retention periods and the newsletter's "delete on request". */
import { describe, expect, it } from "vitest";
import { NEWSLETTER_CONFIRM_TTL_DAYS, NEWSLETTER_MAIL_KINDS, NEWSLETTER_UNDO_DAYS } from "~/server/newsletter.server";
import { CONTACT_MESSAGE_RETENTION_YEARS } from "~/server/retention.server";
import { legalSections } from "./legal";

const privacy = (heading: string) =>
  legalSections("privacy", { name: "Site", email: "hello@example.com" })
    .find((section) => section.heading === heading)
    ?.paragraphs.join(" ") ?? "";

describe("the privacy policy", () => {
  it("states the periods the retention job uses, and that newsletter copies go with the address", () => {
    expect([NEWSLETTER_CONFIRM_TTL_DAYS, NEWSLETTER_UNDO_DAYS, CONTACT_MESSAGE_RETENTION_YEARS]).toEqual([7, 30, 2]);
    const keeping = privacy("How long we keep it");
    expect(keeping).toContain("never confirmed is deleted 7 days after we sent the confirmation link");
    expect(keeping).toContain("keep the address for 30 days so that you can undo it; then it is deleted");
    expect(keeping).toContain("Contact messages are deleted two years after they were sent");
    expect(keeping).toContain("The copies of the newsletter emails sent to an address are deleted with it");
    expect(NEWSLETTER_MAIL_KINDS).toEqual(["newsletter", "newsletter-confirmation"]);
    expect(privacy("What we collect")).toContain("which issues we sent you, and a copy of each newsletter email we sent you");
  });

  it("says what 'delete on request' removes: what eraseSubscriber deletes, no more and no less", () => {
    expect(privacy("Your rights")).toContain(
      "If you ask us to delete your newsletter subscription, we delete at once your address with its links, the record of which " +
        "issues we sent you, the copies of the newsletter emails we sent you, and the abuse counters kept for your address. " +
        "Orders, receipts and contact messages are separate records",
    );
  });
});

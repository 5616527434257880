/** The e-mails name the site as Settings has it (site_meta `setting.name`), not only as the vars' default (app/server/site/site.server.ts). */
import { env } from "cloudflare:test";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { buyerEmail, insertEnrollment, seedTestDb, testDb } from "../../../tests/support/db";
import { mailRows } from "../../../tests/support/mail";
import { sendAccessLinkIfOwned } from "../learning/learner.server";
import { subscribeToNewsletter } from "../newsletter/subscriptions.server";
import { metaVersion, saveSiteSettings, siteSettingsForm } from "../site/site.server";

const mails = () =>
  mailRows<{ kind: string; subject: string; text: string; html: string }>("SELECT kind, subject, text, html FROM mail_log ORDER BY id");

beforeEach(async () => {
  await seedTestDb();
  await env.DB.prepare("DELETE FROM mail_log").run();
  const db = testDb();
  await saveSiteSettings(db, { ...(await siteSettingsForm(db)), name: "Stoa Weekly" }, await metaVersion(db, "settings"));
});

describe("e-mails use the site name from Settings", () => {
  it("the newsletter confirmation", async () => {
    await subscribeToNewsletter(testDb(), { email: "reader@example.com", origin: "http://localhost" });
    const [mail] = await mails();
    assert(mail, "the confirmation e-mail");
    expect(mail.subject).toBe("Confirm your subscription to Stoa Weekly");
    expect(mail.html).toContain("Stoa Weekly");
    expect(mail.text).not.toContain(env.SITE_NAME);
  });

  it("a learner's access link", async () => {
    const email = buyerEmail();
    await insertEnrollment(testDb(), { email, courseId: 1 });
    await sendAccessLinkIfOwned(testDb(), { email, origin: "http://localhost" });
    const [mail] = await mails();
    assert(mail, "the access-link e-mail");
    expect(mail.text).toContain("sign in to Stoa Weekly");
  });
});

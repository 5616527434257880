/**
 * Issue #37 §3.12: the owner is e-mailed of a sale, a contact message and a draft submitted for review, each a setting
 * that is on until switched off; the notice goes to the site's contact e-mail and defers like any mail.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buyerEmail, seedTestDb } from "../../../tests/support/db";
import { mailRows } from "../../../tests/support/mail";
import { emulatorHoldingWebhooks, payInBrowser } from "../../../tests/support/stripe";
import { ownerNoticesSchema } from "~/lib/admin-account-schemas";
import { articleSchema } from "~/lib/admin-schemas";
import { contentTypeSpec } from "~/lib/content-types/registry";
import { createContent, updateContent } from "../admin/content.server";
import type { Database } from "../core/db.server";
import { createPaymentIntentForCourse, recordEnrollmentForPaymentIntent } from "../payments/payments.server";
import { createStripeClient } from "../payments/stripe.server";
import { saveContactMessage } from "./contact.server";
import { ownerNoticeSettings, saveOwnerNoticeSettings } from "./owner-notices.server";
import { siteSettings } from "./site.server";

const ORIGIN = "https://theexaminedlife.org";
const notices = () =>
  mailRows<{ to: string; subject: string; text: string; status: string }>(
    "SELECT \"to\", subject, text, status FROM mail_log WHERE kind = 'owner-notice' ORDER BY id",
  );
const contact = (db: Database) =>
  saveContactMessage(db, { name: "Ann Reader", email: "ann@example.com", subject: "feedback", message: "A private note" }, ORIGIN);

let db: Database;
beforeEach(async () => {
  db = await seedTestDb();
});
afterEach(() => vi.restoreAllMocks());

describe("the owner's notices", () => {
  it("are all on by default", async () => {
    expect(await ownerNoticeSettings(db)).toEqual({ sale: true, contact: true, draft: true });
  });

  it("a contact message: one e-mail to the contact e-mail, naming its subject and linking to it, without who wrote or what", async () => {
    const row = await contact(db);
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice?.to).toBe((await siteSettings(db)).email);
    expect(notice?.subject).toBe("New message: Feedback");
    expect(notice?.text).toContain(`${ORIGIN}/admin/messages/${row?.id}`);
    expect(notice?.text).not.toContain("ann@example.com");
    expect(notice?.text).not.toContain("Ann Reader");
    expect(notice?.text).not.toContain("A private note");
  });

  it("a sale through the emulator: the course, the amount and the order's page", async () => {
    const { emulator } = emulatorHoldingWebhooks("sk_test_owner_notices", "whsec_owner_notices");
    const stripe = createStripeClient("sk_test_owner_notices", (input, init) => emulator.fetch(new Request(input, init)));
    const email = buyerEmail();
    const { clientSecret, paymentIntentId } = await createPaymentIntentForCourse({ db, stripe }, { email, courseId: 1, amount: 49 });
    expect((await payInBrowser(emulator, clientSecret)).status).toBe(200);
    const enrollment = await recordEnrollmentForPaymentIntent(
      { db, stripe, origin: ORIGIN },
      await stripe.paymentIntents.retrieve(paymentIntentId),
    );
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice?.subject).toBe("New order: Foundations of Stoic Living");
    expect(notice?.text).toMatch(/US\$49\.00|USD 49\.00|\$49\.00/);
    expect(notice?.text).toContain(`/admin/orders/${enrollment?.id}`);
    expect(notice?.text).not.toContain(email);
  });

  it("a draft submitted for review, once: a plain save of it tells nobody", async () => {
    const input = {
      title: "On patience",
      imageUrl: "/images/articles/article-1.svg",
      excerpt: "x",
      content: "Body",
      category: "Philosophy",
      readingTime: 5,
      authorId: 1,
      intent: "save",
    };
    const by = { author: { username: "clio" } };
    const created = await createContent(db, "article", articleSchema.parse(input), by);
    const update = contentTypeSpec("article").updateSchema;
    expect(await notices()).toEqual([]);
    await updateContent(db, "article", created.id, update.parse({ ...input, intent: "submit" }), by);
    await updateContent(db, "article", created.id, update.parse({ ...input, intent: "save", title: "On patience, again" }), by);
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice?.subject).toBe("Submitted for review: On patience");
    expect(notice?.text).toContain("Submitted by: clio");
    expect(notice?.text).toContain(`/admin/articles/${created.id}`);
  });

  it("each can be switched off alone; an unticked box is off", async () => {
    const parsed = ownerNoticesSchema.parse({ intent: "owner-notices", sale: "on", draft: "on" });
    expect(parsed).toEqual({ intent: "owner-notices", sale: true, contact: false, draft: true });
    await saveOwnerNoticeSettings(db, parsed);
    expect(await ownerNoticeSettings(db)).toEqual({ sale: true, contact: false, draft: true });
    await contact(db);
    expect(await notices()).toEqual([]);
  });

  it("a mail queue that cannot be reached defers the notice; the message is kept and the visitor sees no error", async () => {
    vi.spyOn(env.MAIL_QUEUE, "send").mockRejectedValue(new Error("Queue unavailable"));
    const row = await contact(db);
    expect(row?.id).toBeGreaterThan(0);
    const [notice] = await notices();
    expect(notice?.status).toBe("deferred");
  });
});

import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { createStripeEmulator } from "../../../workers/stripe-emulator/emulator";
import { seedTestDb } from "../../../tests/support/db";
import { emulatorHoldingWebhooks, payInBrowser } from "../../../tests/support/stripe";
import { mailRows } from "../../../tests/support/mail";
import { routeArgs } from "../../../tests/support/db";
import * as giftManage from "~/routes/gift-manage";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";
import { getOrder } from "../admin/orders.server";
import { eraseLearner, learnerErasurePreview } from "../learning/learner-data.server";
import { ownsCourse, redeemAccessToken } from "../learning/learner.server";
import { erasureSubject } from "~/lib/learner-data";
import { GIFT_REDEEMED_MESSAGE, changeGiftRecipient, giftByManageToken, resendGift, sendDueGifts, utcDay } from "./gifts.server";
import { handleStripeWebhook, startCoursePurchase } from "./payments.server";
import { createStripeClient } from "./stripe.server";

const WEBHOOK_SECRET = "whsec_test_gifts";
const SECRET_KEY = "sk_test_gifts_server";
const DAY = 24 * 60 * 60 * 1000;
const ORIGIN = "https://gifts.example";
const CLIENT = "192.0.2.10";

let db: Database;
let stripe: ReturnType<typeof createStripeClient>;
let emulator: ReturnType<typeof createStripeEmulator>;
let webhooks: Request[];

beforeEach(async () => {
  db = await seedTestDb();
  ({ emulator, webhooks } = emulatorHoldingWebhooks(SECRET_KEY, WEBHOOK_SECRET));
  stripe = createStripeClient(SECRET_KEY, (input, init) => emulator.fetch(new Request(input, init)));
});

const address = (who: string) => `${who}-${crypto.randomUUID()}@example.com`;
const dayFromToday = (days: number) => utcDay(new Date(Date.now() + days * DAY));
/** Midday UTC of a day, as the cron's `now`. */
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).status, message: (error as HttpError).message };
}

async function succeededDelivery() {
  for (const request of webhooks) {
    const body = await request.clone().text();
    if ((JSON.parse(body) as { type: string }).type === "payment_intent.succeeded") return request.clone();
  }
  throw new Error("no payment_intent.succeeded was sent");
}

/** "Give this course" for course 1 ($49 in the seed), paid with 4242, recorded by the webhook Stripe sent. */
async function giveCourse(input: { buyer: string; recipient: string; sendOn: string; message?: string }) {
  webhooks.length = 0;
  const started = await startCoursePurchase(
    { db, stripe },
    {
      courseId: 1,
      amount: 49,
      email: input.buyer,
      attemptId: crypto.randomUUID(),
      gift: {
        recipientEmail: input.recipient,
        recipientName: "Ann Friend",
        message: input.message ?? "Happy birthday!",
        sendOn: input.sendOn,
      },
    },
  );
  if ("free" in started) throw new Error("expected a payment");
  await payInBrowser(emulator, started.clientSecret);
  return handleStripeWebhook({ db, stripe, webhookSecret: WEBHOOK_SECRET, origin: ORIGIN }, await succeededDelivery());
}

type MailData = { accessUrl?: string; manageUrl?: string; message?: string };
const mailsTo = async (to: string) =>
  (
    await env.DB.prepare('SELECT kind, data FROM mail_log WHERE "to" = ? ORDER BY id').bind(to).all<{ kind: string; data: string }>()
  ).results.map((row) => ({ kind: row.kind, data: JSON.parse(row.data) as MailData }));
const lastToken = (url: string | undefined) => url?.split("/").pop() ?? "";
async function manageToken(buyer: string) {
  const receipt = (await mailsTo(buyer)).find((mail) => mail.kind === "gift-receipt");
  return lastToken(receipt?.data.manageUrl);
}

describe("gifts", () => {
  it("arrive when the cron runs on their day, not the day before, once however many runs race; the buyer gets no access", async () => {
    const buyer = address("buyer");
    const recipient = address("friend");
    const sendOn = dayFromToday(3);
    const answer = await giveCourse({ buyer, recipient, sendOn, message: "For your <birthday>" });
    expect(answer.enrollmentId).toBeGreaterThan(0);

    // The buyer has the receipt with the manage link, and no access link; nothing has gone to the recipient yet.
    expect((await mailsTo(buyer)).map((mail) => mail.kind)).toEqual(["gift-receipt"]);
    expect(await manageToken(buyer)).not.toBe("");
    expect(await mailsTo(recipient)).toEqual([]);
    expect(await ownsCourse(db, buyer, 1)).toBe(false);
    // The owner sees the gift on the order's page: who bought it, for whom, for when.
    const order = await getOrder(db, answer.enrollmentId ?? 0);
    expect(order?.gift).toEqual({
      buyerEmail: buyer,
      recipientEmail: recipient,
      recipientName: "Ann Friend",
      sendOn,
      sentAt: null,
      redeemedAt: null,
    });

    expect(await sendDueGifts(db, noonOf(dayFromToday(2)), ORIGIN)).toEqual({ sent: 0 });
    expect(await mailsTo(recipient)).toEqual([]);

    const onTheDay = noonOf(sendOn);
    const runs = await Promise.all([sendDueGifts(db, onTheDay, ORIGIN), sendDueGifts(db, onTheDay, ORIGIN)]);
    expect(runs.map((run) => run.sent).sort()).toEqual([0, 1]);
    expect(await sendDueGifts(db, new Date(onTheDay.getTime() + 5 * 60_000), ORIGIN)).toEqual({ sent: 0 });
    const received = await mailsTo(recipient);
    expect(received.map((mail) => mail.kind)).toEqual(["gift"]);
    expect(received[0]?.data.message).toBe("For your <birthday>");
    const [rendered] = await mailRows<{ text: string }>('SELECT text FROM mail_log WHERE kind = ? AND "to" = ?', "gift", recipient);
    expect(rendered?.text).toContain(`${buyer} has given you the course`);
    expect(rendered?.text).toContain("For your <birthday>");

    // The recipient's link opens the course, as theirs; the buyer still has nothing.
    const redemption = await redeemAccessToken(db, lastToken(received[0]?.data.accessUrl));
    expect(redemption).toEqual({ ok: true, email: recipient, courseId: 1 });
    expect(await ownsCourse(db, recipient, 1)).toBe(true);
    expect(await ownsCourse(db, buyer, 1)).toBe(false);
    expect((await giftByManageToken(db, await manageToken(buyer)))?.redeemedAt).not.toBeNull();
    expect((await getOrder(db, answer.enrollmentId ?? 0))?.gift?.redeemedAt).not.toBeNull();
  });

  it("go to a new recipient when changed before they are opened, and refuse the change after, with a clear message", async () => {
    const buyer = address("buyer");
    const first = address("first");
    const second = address("second");
    await giveCourse({ buyer, recipient: first, sendOn: dayFromToday(0) });
    // Due today: sent at once, without waiting for the cron.
    expect((await mailsTo(first)).map((mail) => mail.kind)).toEqual(["gift"]);
    const token = await manageToken(buyer);

    await changeGiftRecipient(
      db,
      token,
      { recipientEmail: ` ${second.toUpperCase()} `, recipientName: "Second" },
      new Date(),
      ORIGIN,
      CLIENT,
    );
    const toSecond = await mailsTo(second);
    expect(toSecond.map((mail) => mail.kind)).toEqual(["gift"]);
    expect(await ownsCourse(db, second, 1)).toBe(true);
    expect(await ownsCourse(db, first, 1)).toBe(false);
    // The first recipient's link, used now, opens nothing: the course moved.
    const stale = await redeemAccessToken(db, lastToken((await mailsTo(first))[0]?.data.accessUrl));
    expect(stale).toEqual({ ok: false, reason: "nothing-owned" });
    expect((await giftByManageToken(db, token))?.redeemedAt).toBeNull();

    expect(await redeemAccessToken(db, lastToken(toSecond[0]?.data.accessUrl))).toEqual({ ok: true, email: second, courseId: 1 });
    expect(
      await refusal(changeGiftRecipient(db, token, { recipientEmail: first, recipientName: "First" }, new Date(), ORIGIN, CLIENT)),
    ).toEqual({
      status: 409,
      message: GIFT_REDEEMED_MESSAGE,
    });
    expect(await refusal(resendGift(db, token, new Date(), ORIGIN, CLIENT))).toEqual({ status: 409, message: GIFT_REDEEMED_MESSAGE });
    expect(await ownsCourse(db, second, 1)).toBe(true);
    expect(await ownsCourse(db, first, 1)).toBe(false);
  });

  it("resend to the current recipient at most once per interval, and never before the day", async () => {
    const buyer = address("buyer");
    const recipient = address("friend");
    await giveCourse({ buyer, recipient, sendOn: dayFromToday(0) });
    const token = await manageToken(buyer);
    expect((await refusal(resendGift(db, token, new Date(), ORIGIN, CLIENT))).status).toBe(429);
    await resendGift(db, token, new Date(Date.now() + 11 * 60_000), ORIGIN, CLIENT);
    expect((await mailsTo(recipient)).map((mail) => mail.kind)).toEqual(["gift", "gift"]);

    const later = address("later-buyer");
    await giveCourse({ buyer: later, recipient: address("later"), sendOn: dayFromToday(5) });
    expect(await refusal(resendGift(db, await manageToken(later), new Date(), ORIGIN, CLIENT))).toMatchObject({ status: 409 });
  });

  it("to someone who already owns the course are kept and delivered like any other: the answer tells nothing", async () => {
    const owner = address("owner");
    webhooks.length = 0;
    const own = await startCoursePurchase({ db, stripe }, { courseId: 1, amount: 49, email: owner, attemptId: crypto.randomUUID() });
    if ("free" in own) throw new Error("expected a payment");
    await payInBrowser(emulator, own.clientSecret);
    await handleStripeWebhook({ db, stripe, webhookSecret: WEBHOOK_SECRET, origin: ORIGIN }, await succeededDelivery());

    const buyer = address("buyer");
    const answer = await giveCourse({ buyer, recipient: owner, sendOn: dayFromToday(0) });
    expect(answer).not.toHaveProperty("refunded");
    const status = await env.DB.prepare("SELECT status FROM enrollments WHERE id = ?").bind(answer.enrollmentId).first<string>("status");
    expect(status).toBe("paid");
    expect((await mailsTo(buyer)).map((mail) => mail.kind)).toEqual(["gift-receipt"]);
    expect((await mailsTo(owner)).map((mail) => mail.kind)).toEqual(["receipt", "gift"]);
  });

  it("refuse a code, a day that has passed and a broken link with a clear 4xx, before anything is charged", async () => {
    const gift = { recipientEmail: address("friend"), recipientName: "Ann", message: "", sendOn: dayFromToday(0) };
    const base = { courseId: 1, amount: 49, email: address("buyer"), attemptId: crypto.randomUUID() };
    expect(await refusal(startCoursePurchase({ db, stripe }, { ...base, couponCode: "SPRING", gift }))).toEqual({
      status: 400,
      message: "Codes cannot be used for gifts.",
    });
    expect((await refusal(startCoursePurchase({ db, stripe }, { ...base, gift: { ...gift, sendOn: dayFromToday(-3) } }))).status).toBe(400);
    expect((await refusal(startCoursePurchase({ db, stripe }, { ...base, gift: { ...gift, sendOn: dayFromToday(400) } }))).status).toBe(
      400,
    );
    expect((await refusal(resendGift(db, "not-a-token", new Date(), ORIGIN, CLIENT))).status).toBe(404);
    expect(await giftByManageToken(db, "a".repeat(43))).toBeNull();
  });

  it("lose the recipient's address, name and the message when the recipient is erased; the buyer's address stays", async () => {
    const buyer = address("buyer");
    const recipient = address("friend");
    await giveCourse({ buyer, recipient, sendOn: dayFromToday(4), message: "Private words" });
    const preview = await learnerErasurePreview(db, recipient);
    expect(preview.orders).toHaveLength(1);
    await eraseLearner(db, recipient, erasureSubject(preview.orders));
    const row = await env.DB.prepare("SELECT buyer_email, recipient_email, recipient_name, message FROM gifts").first();
    expect(row).toEqual({ buyer_email: buyer, recipient_email: "", recipient_name: "", message: "" });
    // Nothing is left to send to: the cron skips a gift whose order opens nothing.
    expect(await sendDueGifts(db, noonOf(dayFromToday(4)), ORIGIN)).toEqual({ sent: 0 });
  });

  describe("the manage page is no mail relay", () => {
    /** The manage page's form post, from one client address, as the browser sends it. */
    const post = (token: string, fields: Record<string, string>, client = "203.0.113.77") =>
      giftManage.action(
        routeArgs(
          new Request(`${ORIGIN}/gifts/${token}`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": client, Origin: ORIGIN },
            body: new URLSearchParams(fields),
          }),
          { token },
        ),
      ) as unknown as Promise<{ ok: true; message: string } | { init: ResponseInit; data: { ok: false; message: string } }>;
    const giftMails = async () =>
      Number((await env.DB.prepare("SELECT count(*) n FROM mail_log WHERE kind = 'gift'").first<number>("n")) ?? 0);

    it("12 changes at once, from 12 addresses, pass 3 times; the rest are a 429 with a message the page shows", async () => {
      const buyer = address("buyer");
      await giveCourse({ buyer, recipient: address("first"), sendOn: dayFromToday(0) });
      const token = await manageToken(buyer);
      const before = await giftMails();
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          post(token, { intent: "change", recipientEmail: address(`target${i}`), recipientName: "X" }, `203.0.113.${i}`),
        ),
      );
      const refused = answers.filter((answer) => "init" in answer);
      expect(answers.length - refused.length).toBe(3);
      // Three changes passed; racing each other, they mail the gift at most once each.
      const sent = (await giftMails()) - before;
      expect(sent).toBeGreaterThanOrEqual(1);
      expect(sent).toBeLessThanOrEqual(3);
      for (const answer of refused) {
        if (!("init" in answer)) continue;
        expect(answer.init.status).toBe(429);
        expect(new Headers(answer.init.headers).get("Retry-After")).toMatch(/^\d+$/);
        expect(answer.data).toMatchObject({
          ok: false,
          message: expect.stringMatching(/^This gift was sent or changed 3 times this hour\. Please try again in \d+ minutes?\.$/),
        });
      }
      // "Send it again" is counted in the same limiter: refused too, and nothing more goes out.
      const resend = await post(token, { intent: "resend" });
      expect("init" in resend && resend.init.status).toBe(429);
      expect((await giftMails()) - before).toBe(sent);
    });

    it("re-changing to the same address does not send again (the resend interval holds)", async () => {
      const buyer = address("buyer");
      const recipient = address("friend");
      await giveCourse({ buyer, recipient, sendOn: dayFromToday(0) });
      const token = await manageToken(buyer);
      expect(await post(token, { intent: "change", recipientEmail: recipient.toUpperCase(), recipientName: "Ann" })).toEqual({
        ok: true,
        message: `The gift already went to ${recipient.toUpperCase()}. If it has not arrived, use "Send it again".`,
      });
      expect((await mailsTo(recipient)).map((mail) => mail.kind)).toEqual(["gift"]);
    });

    it("one client is limited across gifts: 10 sends an hour, then 429; another client is not affected", async () => {
      const tokens: string[] = [];
      for (let i = 0; i < 4; i++) {
        const buyer = address(`buyer${i}`);
        await giveCourse({ buyer, recipient: address(`friend${i}`), sendOn: dayFromToday(1) });
        tokens.push(await manageToken(buyer));
      }
      const change = (token: string, client?: string) =>
        post(token, { intent: "change", recipientEmail: address("other"), recipientName: "O" }, client);
      const answers = await Promise.all(tokens.flatMap((token) => [change(token), change(token), change(token)]));
      expect(answers.filter((answer) => !("init" in answer))).toHaveLength(10);
      const refused = answers.filter((answer) => "init" in answer);
      expect(refused).toHaveLength(2);
      for (const answer of refused) if ("init" in answer) expect(answer.data.message).toMatch(/^Too many requests\. Please try again in/);
      // Another client's change of another gift goes through.
      const buyer = address("buyer-elsewhere");
      await giveCourse({ buyer, recipient: address("friend"), sendOn: dayFromToday(1) });
      expect(await change(await manageToken(buyer), "198.51.100.9")).toMatchObject({ ok: true });
    });
  });
});

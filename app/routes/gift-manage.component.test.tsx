/** The gift manage page's refusal, as the server renders it: a limit reached is said on the page, not only as a status. */
import { describe, expect, it } from "vitest";
import { renderRoute, textWhere } from "../../tests/support/route-html";
import GiftManage from "./gift-manage";

const GIFT = {
  courseId: 1,
  courseTitle: "Meditation for Beginners",
  orderReference: "EL-000007",
  recipientEmail: "ann@example.com",
  recipientName: "Ann",
  sendOn: "2026-12-07",
  sentAt: "2026-12-07T10:00:00.000Z",
  redeemedAt: null,
  refunded: false,
};

describe("gift manage page", () => {
  it("shows the 429's message as an alert, and keeps both forms", async () => {
    const message = "This gift was sent or changed 3 times this hour. Please try again in 12 minutes.";
    const html = await renderRoute("/gifts/t", {
      path: "/gifts/:token",
      Component: GiftManage,
      loaderData: { gift: GIFT },
      actionData: { ok: false, message },
    });
    expect(textWhere(html, 'role="alert"')).toBe(message);
    expect(html).toContain("Send it again");
    expect(html).toContain("Send it to this address");
  });
});

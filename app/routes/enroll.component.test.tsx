/**
 * The enrol page in each of its states, as the server renders it. Whether an address already has the course is not
 * asked here (a second purchase is refunded after payment, ADR 0008), so there is no "already bought" state to show.
 */
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BuyerForm } from "~/components/courses/buyer-form";
import { attribute, renderRoute, tagWithId, textById, textOf, textWhere } from "../../tests/support/route-html";
import type { Route } from "./+types/enroll";
import EnrollPage from "./enroll";

type EnrollData = Route.ComponentProps["loaderData"];
type Course = NonNullable<EnrollData["course"]>;

const COURSE = {
  id: 7,
  title: "Stoicism for Everyday Life",
  description: "Six weeks with Epictetus, Seneca and Marcus Aurelius.",
  imageUrl: "/images/courses/stoicism.svg",
  imageAlt: "",
  level: "Beginner",
  duration: 6,
  price: 49,
} satisfies Course;

const EMULATOR = { mode: "emulator", publishableKey: "pk_test_emulator", emulatorScript: "/__stripe/v3/stripe.js" } as const;
const UNAVAILABLE = { mode: "unavailable", publishableKey: null, emulatorScript: null } as const;

/** An ordinary purchase unless the test says "gift"; `today` is fixed so the date field's minimum can be read. */
const ORDINARY = { gift: false, today: "2026-11-28" };
const render = (loaderData: EnrollData) =>
  renderRoute("/courses/7/enroll", { path: "/courses/:id/enroll", Component: EnrollPage, loaderData });

describe("enrol page", () => {
  it("the course and its price, then who pays: the address with its hint, an optional name, nothing refused yet", async () => {
    const html = await render({ course: COURSE, payments: EMULATOR, coupon: null, ...ORDINARY });
    expect(textWhere(html, 'data-testid="enroll-price"')).toBe("$49.00");
    expect(textOf(html)).toContain("Stoicism for Everyday Life");
    expect(html).toMatch(/<label for="buyer-email"[^>]*>Email address<\/label>/);
    expect(attribute(html, "buyer-email", "type")).toBe("email");
    expect(attribute(html, "buyer-email", "required")).toBe("");
    expect(attribute(html, "buyer-email", "aria-invalid")).toBe("false");
    expect(attribute(html, "buyer-email", "aria-describedby")).toBe("buyer-email-hint");
    expect(textById(html, "buyer-email-hint")).toBe("Your receipt and a link back to the course go here. No account or password needed.");
    expect(html).toMatch(/<label for="buyer-name"[^>]*>Name \(optional, for your certificate\)<\/label>/);
    expect(attribute(html, "buyer-name", "required")).toBeNull();
    expect(textById(html, "buyer-error")).toBe("");
    expect(attribute(html, "buyer-error", "aria-live")).toBe("polite");
    expect(textOf(html)).toContain("Continue to payment");
    // The card form comes after the buyer: Stripe's libraries are not on the page yet.
    expect(html).not.toContain("Complete Payment");
    expect(textOf(html)).not.toContain("Payments unavailable");
  });

  it("a gift: the buyer's address, the recipient's address and name, an optional message and the day; no code field", async () => {
    const html = await render({ course: COURSE, payments: EMULATOR, coupon: null, gift: true, today: "2026-11-28" });
    expect(html).toMatch(/<h1[^>]*>Give this course<\/h1>/);
    expect(html).toMatch(/<label for="gift-buyer-email"[^>]*>Your email address<\/label>/);
    expect(textById(html, "gift-buyer-email-hint")).toContain("The course is the recipient's, not yours.");
    expect(attribute(html, "gift-recipient-email", "required")).toBe("");
    expect(attribute(html, "gift-recipient-email", "type")).toBe("email");
    expect(attribute(html, "gift-recipient-name", "required")).toBe("");
    expect(attribute(html, "gift-message", "required")).toBeNull();
    expect(attribute(html, "gift-send-on", "type")).toBe("date");
    expect(attribute(html, "gift-send-on", "min")).toBe("2026-11-28");
    expect(attribute(html, "gift-send-on", "value")).toBe("2026-11-28");
    expect(tagWithId(html, "coupon-code")).toBeUndefined();
    expect(tagWithId(html, "buyer-email")).toBeUndefined();
  });

  it("payments unavailable: an explanation and the way back, no buyer form", async () => {
    const html = await render({ course: COURSE, payments: UNAVAILABLE, coupon: null, ...ORDINARY });
    expect(textOf(html)).toContain("Payments unavailable");
    expect(textOf(html)).toContain("Card payments are not available right now.");
    expect(tagWithId(html, "buyer-email")).toBeUndefined();
    expect(textOf(html)).not.toContain("Continue to payment");
    // The price is still shown: the course exists, it just cannot be paid for now.
    expect(textWhere(html, 'data-testid="enroll-price"')).toBe("$49.00");
  });

  it("no such course: a not-found panel with the way back, nothing to pay for", async () => {
    const html = await render({ course: null, payments: EMULATOR, coupon: null, ...ORDINARY });
    expect(html).toMatch(/<h1[^>]*>Course not found<\/h1>/);
    expect(html).toContain('href="/courses"');
    expect(tagWithId(html, "buyer-email")).toBeUndefined();
    expect(html).not.toContain('data-testid="enroll-price"');
  });
});

// The server's refusal comes back to the page's state after a fetch, which a server render never reaches: the form is
// rendered with it directly.
describe("enrol page: the buyer form refused", () => {
  const onSubmit = () => {};

  it("the refusal below both fields, the address marked invalid and described by its hint and the refusal", () => {
    const html = renderToString(
      <BuyerForm defaults={{ email: "a@b", name: "Marcus" }} error="Please enter a valid email address." onSubmit={onSubmit} />,
    );
    expect(textById(html, "buyer-error")).toBe("Please enter a valid email address.");
    expect(attribute(html, "buyer-email", "aria-invalid")).toBe("true");
    expect(attribute(html, "buyer-email", "aria-describedby")).toBe("buyer-email-hint buyer-error");
    expect(attribute(html, "buyer-email", "value")).toBe("a@b");
    expect(attribute(html, "buyer-name", "value")).toBe("Marcus");
    expect(html.indexOf('id="buyer-name"')).toBeLessThan(html.indexOf('id="buyer-error"'));
    expect(html).toMatch(/<form [^>]*aria-describedby="buyer-error"/);
  });

  it("with a code: the old price struck through and the new one; a refused code says why beside the field", async () => {
    const offer = { ok: true, code: "SPRING-25", priceCents: 4900, discountCents: 1225, amountCents: 3675, terms: "25% off" } as const;
    const html = await render({ course: COURSE, payments: EMULATOR, coupon: offer, ...ORDINARY });
    expect(textWhere(html, 'data-testid="enroll-price"')).toBe("Was $49.00Now $36.75");
    expect(html).toMatch(/<label for="coupon-code"[^>]*>Apply a code<\/label>/);
    expect(attribute(html, "coupon-code", "value")).toBe("SPRING-25");
    expect(textById(html, "coupon-result")).toBe("Code SPRING-25 applied: 25% off.");
    const refused = await render({
      course: COURSE,
      payments: EMULATOR,
      coupon: { ok: false, code: "OLD", message: "This code has expired." },
      ...ORDINARY,
    });
    expect(textWhere(refused, 'data-testid="enroll-price"')).toBe("$49.00");
    expect(attribute(refused, "coupon-code", "aria-invalid")).toBe("true");
    expect(textById(refused, "coupon-result")).toBe("This code has expired.");
  });
});

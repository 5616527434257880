/** The contact page's form in each of its states, as the server renders it (the page a browser without JavaScript gets). */
import { describe, expect, it } from "vitest";
import { attribute, renderRoute, textById, textOf } from "../../tests/support/route-html";
import Contact from "./contact";

const render = (actionData?: unknown) => renderRoute("/contact", { path: "/contact", Component: Contact, actionData });

const FIELDS = [
  { id: "contact-name", error: "name-error", label: "Name" },
  { id: "contact-email", error: "email-error", label: "Email" },
  { id: "contact-subject", error: "subject-error", label: "Subject" },
  { id: "contact-message", error: "message-error", label: "Message" },
];

describe("contact page: the form", () => {
  it("empty: every field labelled, required, valid, with an empty live error line and no message", async () => {
    const html = await render();
    for (const field of FIELDS) {
      expect(html).toMatch(new RegExp(`<label for="${field.id}"[^>]*>${field.label}</label>`));
      expect(attribute(html, field.id, "required"), field.id).toBe("");
      expect(attribute(html, field.id, "aria-invalid"), field.id).toBe("false");
      expect(attribute(html, field.id, "aria-describedby"), field.id).toBeNull();
      expect(attribute(html, field.error, "aria-live")).toBe("polite");
      expect(textById(html, field.error)).toBe("");
    }
    expect(html).toContain('<option value="" disabled="" selected="">Choose a subject</option>');
    expect(html).not.toContain('role="status"');
    expect(html).not.toContain('role="alert"');
    expect(textOf(html)).toContain("Send Message");
  });

  it("refused: the fields the server named are invalid, described by their message, and keep what was typed", async () => {
    const html = await render({
      ok: false,
      message: "Please enter your name.",
      field: "name",
      fieldErrors: { name: "Please enter your name.", email: "Please enter a valid email address." },
      values: { name: "   ", email: "a@b", subject: "feedback", message: "Written <without> JavaScript & more." },
    });
    expect(attribute(html, "contact-name", "aria-invalid")).toBe("true");
    expect(attribute(html, "contact-name", "aria-describedby")).toBe("name-error");
    expect(textById(html, "name-error")).toBe("Please enter your name.");
    expect(attribute(html, "contact-email", "aria-invalid")).toBe("true");
    expect(attribute(html, "contact-email", "aria-describedby")).toBe("email-error");
    expect(textById(html, "email-error")).toBe("Please enter a valid email address.");
    expect(attribute(html, "contact-email", "value")).toBe("a@b");
    // The fields the server did not name stay valid, their lines empty.
    expect(attribute(html, "contact-message", "aria-invalid")).toBe("false");
    expect(textById(html, "message-error")).toBe("");
    expect(textById(html, "contact-message")).toBe("Written <without> JavaScript & more.");
    expect(html).toContain('<option value="feedback" selected="">');
    expect(html).not.toContain("Thank you for your message!");
  });

  it("refused as a whole (rate limit, database down): one alert, what was typed kept, no field marked", async () => {
    const html = await render({
      ok: false,
      message: "We could not send your message just now. Please try again in a moment.",
      values: { name: "Marcus", email: "marcus@example.com", subject: "support", message: "Hello" },
    });
    expect(html).toMatch(/<p role="alert"[^>]*>We could not send your message just now\. Please try again in a moment\.<\/p>/);
    for (const field of FIELDS) expect(attribute(html, field.id, "aria-invalid"), field.id).toBe("false");
    expect(attribute(html, "contact-name", "value")).toBe("Marcus");
  });

  it("sent: the thanks in a status region, the fields empty and valid", async () => {
    const html = await render({ ok: true });
    expect(html).toMatch(/<div role="status"[^>]*><p class="font-semibold">Thank you for your message!<\/p>/);
    expect(attribute(html, "contact-name", "value")).toBe("");
    expect(textById(html, "contact-message")).toBe("");
    for (const field of FIELDS) expect(textById(html, field.error)).toBe("");
    expect(html).not.toContain('role="alert"');
  });

  it("the contact details come from the site settings", async () => {
    const html = await render();
    expect(html).toContain('href="mailto:hello@example.com"');
    expect(textOf(html)).toContain("1 Stoa Street, Athens");
  });
});

import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/format";
import { theNewsletter } from "./layout.server";
import { newsletterConfirmationEmail, newsletterIssueEmail } from "./newsletter.server";
import { accessLinkEmail, REFUND_TERMS, receiptEmail, refundEmail, type ReceiptEmailInput } from "./transactional.server";

/** HTML-escapes a text as the rendered HTML does: the expected form of a link in an href. */
const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

const RECEIPT: ReceiptEmailInput = {
  siteName: "The Examined Life",
  courseTitle: "Foundations of Stoic Living",
  amountCents: 4900,
  currency: "usd",
  paidAt: new Date("2026-11-21T15:30:00Z"),
  orderReference: "pi_3Test123",
  accessUrl: "https://theexaminedlife.org/learn/access/tok_abc?next=1&x=2",
  learnUrl: "https://theexaminedlife.org/learn",
  contactEmail: "hello@theexaminedlife.org",
};

describe("receiptEmail", () => {
  it("names the course, the amount in dollars, the date, the order reference, the access link and the refund terms", () => {
    const { subject, text, html } = receiptEmail(RECEIPT);
    expect(subject).toBe("Your receipt: Foundations of Stoic Living");
    for (const body of [text, html]) {
      expect(body).toContain("Foundations of Stoic Living");
      expect(body).toContain("$49.00 USD");
      expect(body).toContain("November 21, 2026");
      expect(body).toContain("pi_3Test123");
      expect(body).toContain(REFUND_TERMS);
      expect(body).toContain("hello@theexaminedlife.org");
    }
    expect(REFUND_TERMS).toBe("If a course does not meet your expectations, write to us within 14 days of enrolling for a full refund.");
    expect(text).toContain(RECEIPT.accessUrl);
    expect(text).toContain(RECEIPT.learnUrl);
    // The link is an attribute in the HTML: its & is escaped there.
    expect(html).toContain(`href="${escapeHtml(RECEIPT.accessUrl)}"`);
    expect(html).toContain('href="mailto:hello@theexaminedlife.org"');
  });

  it("escapes a hostile course title in the HTML and keeps it on one line in the subject", () => {
    const title = `<img src=x onerror="alert(1)"> & <script>alert('x')</script>\r\nBcc: victim@example.com`;
    const { subject, html, text } = receiptEmail({ ...RECEIPT, courseTitle: title, orderReference: '"><b>ref</b>' });
    expect(html).not.toMatch(/<img|<script|<b>/);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;"); // React escapes an apostrophe as &#x27;
    expect(html).toContain("&quot;&gt;&lt;b&gt;ref&lt;/b&gt;");
    expect(subject).not.toMatch(/[\r\n]/);
    // Plain text is not HTML: it keeps the title as written.
    expect(text).toContain("<script>");
  });

  it("refuses a link that is not http(s)", () => {
    expect(() => receiptEmail({ ...RECEIPT, accessUrl: "javascript:alert(1)" })).toThrow(/http/);
  });

  it("loads nothing from elsewhere: no images, stylesheets or fonts", () => {
    const { html } = receiptEmail(RECEIPT);
    expect(html).not.toMatch(/<img|<link|@import|url\(|<script/i);
  });

  it("formats other amounts with thousands separators and the currency code", () => {
    expect(formatMoney(123456, "usd", { code: true })).toBe("$1,234.56 USD");
    expect(formatMoney(0, "USD", { code: true })).toBe("$0.00 USD");
  });

  it("gives a zero-decimal currency's amount as it is: 4900 yen is ¥4,900, not ¥49", () => {
    const { text, html } = receiptEmail({ ...RECEIPT, currency: "jpy" });
    for (const body of [text, html]) {
      expect(body).toContain("¥4,900 JPY");
      expect(body).not.toContain("¥49 ");
      expect(body).not.toContain("¥49.00");
    }
  });
});

describe("accessLinkEmail", () => {
  const input = {
    siteName: "The Examined Life",
    accessUrl: "https://theexaminedlife.org/learn/access/tok_xyz",
    courses: ["Foundations of Stoic Living", "Mindful <Attention>"],
    expiresInMinutes: 30,
  };

  it("gives the link, says it works once and expires, lists the courses, and says to ignore it if unasked", () => {
    const { subject, text, html } = accessLinkEmail(input);
    expect(subject).toBe("Your access link");
    for (const body of [text, html]) {
      expect(body).toContain(input.accessUrl);
      expect(body).toContain("works once and expires in 30 minutes");
      expect(body).toContain("Foundations of Stoic Living");
      expect(body).toMatch(/didn(&#39;|&#x27;|')t ask for this link/);
    }
    expect(text).toContain("- Mindful <Attention>");
    expect(html).toContain("<li>Mindful &lt;Attention&gt;</li>");
    expect(accessLinkEmail({ ...input, expiresInMinutes: 60 }).text).toContain("expires in 1 hour");
  });
});

describe("refundEmail", () => {
  const input = {
    siteName: "The Examined Life",
    courseTitle: "Stoic <b>Living</b>",
    amountCents: 4900,
    currency: "usd",
    refundedAt: new Date("2026-11-23T10:00:00Z"),
    orderReference: "TEL-000007",
    keepAccess: false,
    learnUrl: "https://theexaminedlife.org/learn",
    contactEmail: "hello@theexaminedlife.org",
  };

  it("gives the amount, date and reference in text and HTML, and says access has ended", () => {
    const mail = refundEmail(input);
    expect(mail.subject).toBe("Your refund: Stoic <b>Living</b>");
    for (const part of ["$49.00 USD", "November 23, 2026", "TEL-000007"]) {
      expect(mail.text).toContain(part);
      expect(mail.html).toContain(part);
    }
    expect(mail.text).toContain("Your access to Stoic <b>Living</b> has ended.");
    expect(mail.html).toContain("Your access to Stoic &lt;b&gt;Living&lt;/b&gt; has ended.");
    expect(mail.html).not.toContain("<b>Living");
    expect(mail.text).not.toContain("/learn");
  });

  it("says the course stays open, with the learner's home, when access is kept", () => {
    const mail = refundEmail({ ...input, keepAccess: true });
    expect(mail.text).toContain("You keep access to Stoic <b>Living</b>: carry on whenever you like at https://theexaminedlife.org/learn.");
    expect(mail.html).toContain('href="https://theexaminedlife.org/learn"');
    expect(mail.text).not.toContain("has ended");
  });
});

describe("newsletter e-mails name the site once, without a doubled article", () => {
  it("'The Examined Life newsletter', never 'the The Examined Life newsletter'", async () => {
    expect(theNewsletter("The Examined Life")).toBe("The Examined Life newsletter");
    expect(theNewsletter("Stoa Weekly")).toBe("the Stoa Weekly newsletter");
    const confirmation = newsletterConfirmationEmail({
      siteName: "The Examined Life",
      confirmUrl: "https://example.org/newsletter/confirm/t",
      expiresInDays: 7,
    });
    const issue = newsletterIssueEmail({
      siteName: "The Examined Life",
      subject: "On leisure",
      markdown: "Hello",
      blocks: [],
      origin: "https://example.org",
      unsubscribeUrl: "https://example.org/newsletter/unsubscribe/u",
    });
    for (const part of [confirmation.text, confirmation.html, issue.text, issue.html]) {
      expect(part).not.toMatch(/the The/i);
      expect(part).toContain("The Examined Life newsletter");
    }
    // The link opens a page whose button confirms (a scanner opening the link subscribes nobody).
    expect(confirmation.text).toContain('press "Confirm my subscription" on the page');
    const stoa = newsletterIssueEmail({
      siteName: "Stoa Weekly",
      subject: "S",
      markdown: "M",
      blocks: [],
      origin: "https://example.org",
      unsubscribeUrl: "https://example.org/u",
    });
    expect(stoa.text).toContain("subscribed to the Stoa Weekly newsletter");
  });
});

/**
 * Every e-mail the site sends, rendered from sample data and checked against the templates' rules (docs/newsletter.md,
 * "E-mail templates"): a plain-text part, absolute links and images, no script, alt and width on every image, the
 * layout once, and the site's name from Settings (the render context), not the vars' default.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { insertRow, rowsOf, seedTestDb, testDb } from "../../../../tests/support/db";
import { issueArticle, type MailDataByKind, type MailKind, renderMail } from "../render.server";
import type { RenderedEmail } from "./layout.server";
import { EXCERPT_MAX_CHARS } from "./markdown.server";
import { newsletterIssueEmail, type NewsletterIssueEmailInput } from "./newsletter.server";

const SITE = "Stoa Weekly";
const ORIGIN = "https://stoa.example";
const MEDIA_KEY = "0f3c9a.png";

/** Every break of the rules in one rendered e-mail, in words; none for a good one. */
function ruleViolations(mail: RenderedEmail, siteName: string): string[] {
  const broken: string[] = [];
  const { html, text } = mail;
  if (!mail.subject.trim()) broken.push("no subject");
  if (/[\r\n]/.test(mail.subject)) broken.push("a line break in the subject");
  if (!text.trim()) broken.push("no plain-text part");
  if (!html.startsWith("<!doctype html>\n<html")) broken.push("no <!doctype html> before <html>");
  const layouts = html.match(/data-email-layout=/g)?.length ?? 0;
  if (layouts !== 1 || (html.match(/<html\b/g)?.length ?? 0) !== 1 || (html.match(/<body\b/g)?.length ?? 0) !== 1) {
    broken.push(`the layout ${layouts} times, not once`);
  }
  if (/<script\b/i.test(html)) broken.push("a <script>");
  if (/<(style|link|iframe|object|embed|form|base)\b/i.test(html)) broken.push("an element mail clients drop or that loads something");
  if (/<[a-z][^>]*\son[a-z]+\s*=/i.test(html)) broken.push("an on* attribute");
  for (const [, attribute, raw = ""] of html.matchAll(/\s(href|src|srcset|action|background)="([^"]*)"/gi)) {
    const url = raw.replace(/&amp;/g, "&");
    if (!/^https?:\/\/[^/]/i.test(url) && !/^mailto:[^/]/i.test(url)) broken.push(`${attribute}="${url}" is not absolute`);
  }
  if (/url\(/i.test(html)) broken.push("a CSS url()");
  for (const [img] of html.matchAll(/<img\b[^>]*>/gi)) {
    if (!/\salt="/.test(img)) broken.push(`an image without alt: ${img}`);
    if (!/\swidth="\d+"/.test(img)) broken.push(`an image without width: ${img}`);
  }
  if (!html.includes(siteName)) broken.push("the site's name is not in the HTML");
  if (!text.includes(siteName)) broken.push("the site's name is not in the text");
  return broken;
}

const issueMarkdown = [
  "Leisure is not idleness. The Stoics kept it for the work that matters: reading, writing and thinking about how to live.",
  "Seneca wrote to Lucilius that *no one* is free who is a slave to his body. See [the lesson](/articles/1) and [his letters](https://example.org/seneca?a=1&b=2).",
  "A third paragraph, which only the full issue shows.",
  "![The Painted Stoa](/media/0f3c9a.png)",
  '![](/images/gallery/stoa.svg "The colonnade at dusk")',
  "![](/images/gallery/no-words.svg)",
  "```gallery grid",
  '![Zeno](/images/gallery/zeno.svg "Zeno of Citium")',
  "![Cleanthes](/media/0f3c9a.png)",
  '![](/images/gallery/chrysippus.svg "Chrysippus")',
  "```",
  "Write to [us](mailto:hello@stoa.example) or jump to [the notes](#notes).",
].join("\n\n");

const article = {
  title: "On leisure",
  url: `${ORIGIN}/articles/1`,
  cover: { src: `${ORIGIN}/images/articles/article-1.svg`, alt: "A colonnade", width: 1200 },
};

const issueInput = (overrides: Partial<NewsletterIssueEmailInput> = {}): NewsletterIssueEmailInput => ({
  siteName: SITE,
  subject: "On leisure\r\nBcc: x@example.com",
  markdown: issueMarkdown,
  origin: ORIGIN,
  unsubscribeUrl: `${ORIGIN}/newsletter/unsubscribe/tok`,
  format: "full",
  article,
  imageWidths: { [`/media/${MEDIA_KEY}`]: 320 },
  ...overrides,
});

let issueId = 0;

// Every test starts from empty tables (tests/setup/apply-migrations.ts).
beforeEach(async () => {
  await seedTestDb();
  await env.DB.batch([
    env.DB.prepare("DELETE FROM media WHERE key = ?").bind(MEDIA_KEY),
    insertRow("media", {
      key: MEDIA_KEY,
      kind: "image",
      content_type: "image/png",
      bytes: 1000,
      width: 320,
      height: 200,
      alt_text: "The Painted Stoa",
      original_filename: "stoa.png",
      uploaded_by: "test",
    }),
  ]);
  const [first] = await rowsOf<{ id: number }>("SELECT id FROM articles ORDER BY id LIMIT 1");
  const [issue] = await rowsOf<{ id: number }>(
    "INSERT INTO newsletter_issues (subject, body, article_id, format) VALUES (?, ?, ?, 'excerpt') RETURNING id",
    "On leisure",
    issueMarkdown,
    first?.id ?? null,
  );
  issueId = issue?.id ?? 0;
});

/** One sample of every kind `renderMail` knows: the mapped type makes leaving a kind out a type error. */
const samples = (): { [K in MailKind]: MailDataByKind[K] } => ({
  receipt: {
    courseTitle: "Foundations <of> Stoic Living",
    amountCents: 4900,
    currency: "usd",
    paidAt: "2026-11-21T15:30:00Z",
    orderReference: "TEL-000001",
    accessUrl: `${ORIGIN}/learn/access/tok?next=1&x=2`,
    learnUrl: `${ORIGIN}/learn`,
    contactEmail: "hello@stoa.example",
  },
  "access-link": { accessUrl: `${ORIGIN}/learn/access/tok`, courses: ["A", "B"], expiresInMinutes: 30 },
  "coupon-spent": {
    courseTitle: "Stoic Living",
    couponCode: "FREE-ONCE",
    courseUrl: `${ORIGIN}/courses/1`,
    contactEmail: "hello@stoa.example",
  },
  "modules-opened": {
    courses: [
      { title: "Stoic <Living>", modules: [{ title: "Module & two", url: `${ORIGIN}/courses/1/learn/3` }] },
      { title: "Resilience", modules: [{ title: "Week 3", url: `${ORIGIN}/courses/2/learn/9` }] },
    ],
  },
  "gift-receipt": {
    courseTitle: "Stoic Living",
    amountCents: 4900,
    currency: "usd",
    paidAt: "2026-11-21T15:30:00Z",
    orderReference: "TEL-000009",
    recipientEmail: "friend@example.com",
    recipientName: "Ann <Friend>",
    sendOn: "2026-12-24",
    manageUrl: `${ORIGIN}/gifts/tok3`,
    contactEmail: "hello@stoa.example",
  },
  gift: {
    courseTitle: "Stoic Living",
    recipientName: "Ann",
    fromEmail: "giver@example.com",
    message: "Happy <birthday>!\nWith love",
    accessUrl: `${ORIGIN}/learn/access/tok4`,
    learnUrl: `${ORIGIN}/learn`,
  },
  "operator-alert": { kind: "webhook-signature", count: 3, since: "2026-11-23T10:00:00Z", details: "stripe: signature <invalid>" },
  "owner-notice": {
    event: "sale",
    title: "Stoic <Living>",
    details: [["Amount", "US$49.00"]],
    url: `${ORIGIN}/admin/orders/1`,
  },
  refund: {
    courseTitle: "Stoic Living",
    amountCents: 4900,
    currency: "usd",
    refundedAt: "2026-11-23T10:00:00Z",
    orderReference: "TEL-000007",
    keepAccess: true,
    learnUrl: `${ORIGIN}/learn`,
    contactEmail: "hello@stoa.example",
  },
  "partial-refund": {
    courseTitle: "Stoic Living",
    amountCents: 1500,
    remainingCents: 3400,
    currency: "usd",
    refundedAt: "2026-11-23T10:00:00Z",
    orderReference: "TEL-000009",
    keepAccess: false,
    learnUrl: `${ORIGIN}/learn`,
    contactEmail: "hello@stoa.example",
  },
  "duplicate-refund": {
    courseTitle: "Stoic Living",
    amountCents: 4900,
    currency: "eur",
    refundedAt: "2026-11-23T10:00:00Z",
    orderReference: "TEL-000008",
    accessUrl: `${ORIGIN}/learn/access/tok2`,
    expiresInMinutes: 60,
    learnUrl: `${ORIGIN}/learn`,
    contactEmail: "hello@stoa.example",
  },
  "automatic-refund": {
    courseTitle: "Gone course",
    amountCents: 1000,
    currency: "jpy",
    refundedAt: "2026-11-23T10:00:00Z",
    orderReference: null,
    contactEmail: "hello@stoa.example",
  },
  "owner-alert": {
    reason: "price-mismatch",
    courseTitle: "Stoic Living",
    buyerEmail: "buyer@example.com",
    amountCents: 100,
    currency: "usd",
    paymentIntentId: "pi_1",
    orderReference: "TEL-000009",
    ordersUrl: `${ORIGIN}/admin/orders`,
  },
  "newsletter-confirmation": { confirmUrl: `${ORIGIN}/newsletter/confirm/tok`, expiresInDays: 7 },
  "newsletter-test": { issueId, origin: ORIGIN },
  "newsletter-welcome": {
    subject: "Welcome to Stoa Weekly",
    markdown: "Thank you for confirming.\n\n![The Painted Stoa](/media/0f3c9a.png)\n\nRead [the archive](/newsletter).",
    origin: ORIGIN,
    unsubscribeUrl: `${ORIGIN}/newsletter/unsubscribe/tok`,
  },
  "admin-invite": { invitedBy: "owner", inviteUrl: `${ORIGIN}/admin/invite/tok`, expiresInDays: 7 },
});

describe("every e-mail keeps the rules", () => {
  it("every kind renderMail knows, with the site's name from the render context", async () => {
    expect(SITE).not.toBe(env.SITE_NAME);
    const all = samples();
    const kinds = Object.keys(all) as MailKind[];
    expect(kinds).toHaveLength(17);
    for (const kind of kinds) {
      const mail = await renderMail(kind, all[kind] as never, { db: testDb(), siteName: SITE });
      expect(ruleViolations(mail, SITE), kind).toEqual([]);
      expect(mail.html, kind).not.toContain(env.SITE_NAME);
    }
  });

  it("an issue in full and as an excerpt, for a subscriber and as a test", () => {
    for (const format of ["full", "excerpt"] as const) {
      for (const unsubscribeUrl of [`${ORIGIN}/newsletter/unsubscribe/tok`, null]) {
        const mail = newsletterIssueEmail(issueInput({ format, unsubscribeUrl }));
        expect(ruleViolations(mail, SITE), `${format}, ${unsubscribeUrl}`).toEqual([]);
      }
    }
    expect(ruleViolations(newsletterIssueEmail(issueInput({ article: null })), SITE)).toEqual([]);
  });

  it("the checker catches each broken rule (so the tests above can fail)", () => {
    const good = newsletterIssueEmail(issueInput());
    expect(ruleViolations(good, SITE)).toEqual([]);
    const broken: [string, RenderedEmail][] = [
      ["no plain-text part", { ...good, text: "  \n" }],
      ["not absolute", { ...good, html: good.html.replace(`href="${ORIGIN}/articles/1"`, 'href="/articles/1"') }],
      ["not absolute", { ...good, html: good.html.replace(`src="${ORIGIN}/images/gallery/zeno.svg"`, 'src="//evil.example/z.svg"') }],
      ["<script>", { ...good, html: good.html.replace("</body>", "<script>alert(1)</script></body>") }],
      ["on* attribute", { ...good, html: good.html.replace("<h1 ", '<h1 onclick="x()" ') }],
      ["without alt", { ...good, html: good.html.replace(/(<img\b[^>]*?)\salt="[^"]*"/, "$1") }],
      ["without width", { ...good, html: good.html.replace(/(<img\b[^>]*?)\swidth="\d+"/, "$1") }],
      ["times, not once", { ...good, html: good.html.replace("</body>", '<div data-email-layout=""></div></body>') }],
      ["not in the text", { ...good, text: good.text.replaceAll(SITE, "") }],
      ["<!doctype html>", { ...good, html: good.html.replace("<!doctype html>\n", "") }],
    ];
    for (const [rule, mail] of broken) expect(ruleViolations(mail, SITE).join("; "), rule).toContain(rule);
  });
});

describe("images and galleries in e-mails", () => {
  const { html, text } = newsletterIssueEmail(issueInput());
  const images = [...html.matchAll(/<img\b[^>]*>/g)].map(([img]) => img);

  it("Markdown images are images on the site's origin, with width and alt; none becomes an [Image] link", () => {
    expect(html).not.toContain("[Image");
    // The library knows this one's width (320): it is shown at its own size. Unknown ones take the column (560).
    expect(html).toContain(`<img src="${ORIGIN}/media/${MEDIA_KEY}" alt="The Painted Stoa" width="320"`);
    expect(html).toContain(`<img src="${ORIGIN}/images/gallery/stoa.svg" alt="The colonnade at dusk" width="560"`);
    expect(html).toMatch(
      new RegExp(`<img src="${ORIGIN}/images/gallery/no-words.svg" alt="" width="560" loading="lazy" role="presentation"`),
    );
    for (const img of images) expect(img).toContain('style="display:block;max-width:100%;height:auto;border:0"');
    // The cover, at most the column's width.
    expect(html).toContain(`<img src="${ORIGIN}/images/articles/article-1.svg" alt="A colonnade" width="560"`);
    expect(html).not.toMatch(/<link\b/);
  });

  it("a gallery is a table of images, two a row, captions under them", () => {
    const table = /<table role="presentation"[^>]*>([\s\S]*?)<\/table>/.exec(html)?.[1] ?? "";
    const rows = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row = ""]) => row);
    expect(rows.map((row) => row.match(/<img\b/g)?.length)).toEqual([2, 1]);
    expect(table).toContain(`src="${ORIGIN}/images/gallery/zeno.svg" alt="Zeno" width="272"`);
    // The library's width (320) is wider than a cell: the cell's width wins.
    expect(table).toContain(`src="${ORIGIN}/media/${MEDIA_KEY}" alt="Cleanthes" width="272"`);
    // Its caption is shown under it, so the image's alt does not repeat it.
    expect(table).toMatch(/alt="" width="272"[^>]*role="presentation"[^>]*\/><p [^>]*>Chrysippus<\/p>/);
    expect(table).toContain(">Zeno of Citium</p>");
  });

  it("links stay as written, site paths absolute; a #fragment points into the article", () => {
    expect(html).toContain(`href="${ORIGIN}/articles/1"`);
    expect(html).toContain('href="https://example.org/seneca?a=1&amp;b=2"');
    expect(html).toContain('href="mailto:hello@stoa.example"');
    expect(html).toContain(`href="${ORIGIN}/articles/1#notes"`);
    expect(text).toContain(issueMarkdown.trim());
  });

  it("a pull quote is a quote set apart, who said it under it", () => {
    const mail = newsletterIssueEmail(issueInput({ markdown: "```pullquote\nWaste no more time.\n\u2014 Marcus Aurelius\n```" }));
    expect(mail.html).toMatch(
      /<blockquote style="[^"]*text-align:center[^"]*"><p [^>]*>Waste no more time\.<\/p><p [^>]*>\u2014 Marcus Aurelius<\/p><\/blockquote>/,
    );
    expect(ruleViolations(mail, SITE)).toEqual([]);
  });

  it("without an article, a #fragment is plain text", () => {
    const mail = newsletterIssueEmail(issueInput({ article: null }));
    expect(mail.html).not.toContain("#notes");
    expect(mail.html).toContain("<span>the notes</span>");
  });
});

describe("an issue's two formats", () => {
  it("excerpt: the article's title, cover, first two paragraphs and Continue reading", () => {
    const { html, text, subject } = newsletterIssueEmail(issueInput({ format: "excerpt" }));
    expect(subject).toBe("On leisure Bcc: x@example.com");
    expect(html).toContain(">On leisure</h1>");
    expect(html).toContain(`<a href="${article.url}"><img src="${article.cover.src}"`);
    expect(html).toContain("Leisure is not idleness.");
    expect(html).toContain("<em>no one</em>");
    expect(html).not.toContain("A third paragraph");
    expect(html).not.toContain("<table");
    expect(html).toMatch(new RegExp(`<a href="${article.url}"[^>]*>Continue reading</a>`));
    expect(html).toContain(`href="${ORIGIN}/newsletter/unsubscribe/tok"`);
    expect(text).toContain(`On leisure\n\nLeisure is not idleness.`);
    expect(text).toContain(`See the lesson (${ORIGIN}/articles/1) and his letters (https://example.org/seneca?a=1&b=2).`);
    expect(text).toContain(`Continue reading: ${article.url}`);
    expect(text).not.toContain("A third paragraph");
    expect(text).toContain(
      `--\n${SITE}\nYou get this because you subscribed to the ${SITE} newsletter. Unsubscribe: ${ORIGIN}/newsletter/unsubscribe/tok`,
    );
  });

  it("full: the whole body, and the test's footer says where the link will be", () => {
    const { html, text } = newsletterIssueEmail(issueInput({ unsubscribeUrl: null }));
    expect(html).toContain("A third paragraph");
    expect(html).not.toContain("Continue reading");
    expect(html).toContain("This is a test. Each subscriber&#x27;s copy ends with their own one-click unsubscribe link here.");
    expect(html).not.toContain("/unsubscribe/");
    expect(text).toContain("This is a test.");
  });

  it("a first paragraph longer than ~600 characters is cut at a word", () => {
    const long = `${"word ".repeat(200).trim()}.`;
    const { html } = newsletterIssueEmail(issueInput({ format: "excerpt", markdown: `${long}\n\nSecond.` }));
    const shown = /<h1[^>]*>On leisure<\/h1><div[\s\S]*?<\/div><p[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? "";
    expect(shown.endsWith("word…")).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(EXCERPT_MAX_CHARS + 1);
    expect(html).not.toContain("Second.");
  });
});

describe("renderMail loads what an issue needs", () => {
  it("a test of an excerpt issue: its article's title and cover, the library's image widths, [Test] in the subject", async () => {
    const mail = await renderMail("newsletter-test", { issueId, origin: ORIGIN }, { db: testDb(), siteName: SITE });
    expect(mail.subject).toBe("[Test] On leisure");
    expect(mail.html).toContain("Continue reading");
    expect(mail.html).toMatch(new RegExp(`<img src="${ORIGIN}/images/articles/article-1.svg" alt="[^"]*" width="560"`));
    const [first] = await rowsOf<{ id: number; title: string }>("SELECT id, title FROM articles ORDER BY id LIMIT 1");
    // Its links to the site carry the issue's campaign (docs/analytics.md), the test copy's as the subscribers'.
    expect(mail.html).toContain(`href="${ORIGIN}/articles/${first?.id}?utm_source=newsletter&amp;utm_campaign=issue-${issueId}"`);
    expect(await issueArticle(testDb(), 987654, ORIGIN)).toBeNull();
  });

  it("the welcome: the owner's text, images from the library at their width, the unsubscribe footer", async () => {
    const mail = await renderMail("newsletter-welcome", samples()["newsletter-welcome"], { db: testDb(), siteName: SITE });
    expect(mail.subject).toBe("Welcome to Stoa Weekly");
    expect(mail.html).toContain(`<img src="${ORIGIN}/media/${MEDIA_KEY}" alt="The Painted Stoa" width="320"`);
    expect(mail.text).toContain("Thank you for confirming.");
    expect(mail.text).toContain(`Unsubscribe: ${ORIGIN}/newsletter/unsubscribe/tok`);
  });
});

describe("the templates are server-only", () => {
  const sources = import.meta.glob(["/app/components/**/*.{ts,tsx}", "/app/server/mail/templates/*.tsx", "!**/*.test.*"], {
    query: "?raw",
    import: "default",
    eager: true,
  }) as Record<string, string>;

  it("app/components never imports them, and they import nothing from app/components", () => {
    const paths = Object.keys(sources);
    expect(paths.some((path) => path.startsWith("/app/server/mail/templates/"))).toBe(true);
    for (const [path, source] of Object.entries(sources)) {
      const imports = [...source.matchAll(/from\s+"([^"]+)"/g)].map(([, from = ""]) => from);
      if (path.startsWith("/app/components/"))
        expect(
          imports.filter((from) => from.includes("mail/templates")),
          path,
        ).toEqual([]);
      else
        expect(
          imports.filter((from) => from.includes("components")),
          path,
        ).toEqual([]);
    }
  });
});

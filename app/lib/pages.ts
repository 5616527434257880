/**
 * The site's editable pages (docs/admin.md, "Pages"): the home page's hero, poem and quote, About's mission and
 * testimonials, and the four legal documents. Each page's fields and their zod schema, shared by the admin's form and
 * the server; the placeholders a legal document may use, filled in when the page is shown.
 */
import { z } from "zod";
import { type Block, type Inline, MARKDOWN_MAX_CHARS, MARKDOWN_MAX_DEPTH, markdownNestingDepth } from "./markdown";

export const LEGAL_PAGE_KEYS = ["privacy", "terms", "cookies", "disclaimer"] as const;
export type LegalPageKey = (typeof LEGAL_PAGE_KEYS)[number];
export const PAGE_KEYS = ["home", "about", ...LEGAL_PAGE_KEYS] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export const PAGE_TITLES: Record<PageKey, string> = {
  home: "Home",
  about: "About",
  privacy: "Privacy Policy",
  terms: "Terms of Service",
  cookies: "Cookie Policy",
  disclaimer: "Disclaimer",
};

export const isPageKey = (value: string | undefined): value is PageKey => PAGE_KEYS.includes(value as PageKey);
export const isLegalPageKey = (value: string | undefined): value is LegalPageKey => LEGAL_PAGE_KEYS.includes(value as LegalPageKey);

/** Where the page is edited: the legal documents under their own path, whose policy is the owner's (app/site-routes.ts). */
export const pageEditPath = (key: PageKey) => (isLegalPageKey(key) ? `/admin/pages/legal/${key}` : `/admin/pages/${key}`);
/** Where the public sees it. */
export const pagePublicPath = (key: PageKey) => (key === "home" ? "/" : key === "about" ? "/about" : `/legal/${key}`);

/**
 * What a legal document may write in braces, filled in from the code and Settings when the page is shown, so that what
 * the documents promise stays what the code does (app/routes/legal.test.ts). The values: app/server/site/pages.server.ts.
 */
export const LEGAL_PLACEHOLDERS = {
  site_name: "the site's name (Settings)",
  contact_email: "the contact e-mail (Settings)",
  order_retention_years: "years an order keeps its buyer's address and name",
  mail_log_retention_months: "months the outgoing mail log and newsletter deliveries are kept",
} as const;
export type LegalPlaceholder = keyof typeof LEGAL_PLACEHOLDERS;

/** `{name}` in a legal document's text. */
export const PLACEHOLDER_PATTERN = /\{([a-z_]+)\}/g;

/** The placeholders `text` names that are not in LEGAL_PLACEHOLDERS. */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1] ?? "");
  return [...new Set(names.filter((name) => !Object.hasOwn(LEGAL_PLACEHOLDERS, name)))];
}

export const PAGE_LIMITS = { line: 200, paragraph: 1000, poem: 2000, markdown: MARKDOWN_MAX_CHARS, testimonials: 12 } as const;

/** Text as a textarea sends it: line ends as "\n", trimmed. */
function text(field: string, max: number, { optional = false } = {}) {
  const required = `The field "${field}" is required.`;
  const schema = z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `The field "${field}" must be text.`) })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, `The field "${field}" can be at most ${max} characters.`));
  return optional ? schema : schema.pipe(z.string().min(1, required));
}

function markdown(field: string) {
  return text(field, PAGE_LIMITS.markdown).refine(
    (value) => markdownNestingDepth(value) <= MARKDOWN_MAX_DEPTH,
    `The field "${field}" is nested deeper than ${MARKDOWN_MAX_DEPTH} levels (quotes and lists inside one another).`,
  );
}

/** The home page: plain text (no Markdown: the hero and the poem keep their own typography); the poem's stanzas are separated by a blank line. */
export const homePageSchema = z.object({
  heroTitle: text("Hero title", PAGE_LIMITS.line),
  heroText: text("Hero text", PAGE_LIMITS.paragraph),
  poemTitle: text("Poem title", PAGE_LIMITS.line),
  poem: text("Poem", PAGE_LIMITS.poem),
  quote: text("Quote", PAGE_LIMITS.paragraph),
  quoteCaption: text("Quote's source", PAGE_LIMITS.line),
});

export const testimonialSchema = z.object({
  quote: text("Testimonial", PAGE_LIMITS.paragraph),
  name: text("Testimonial's name", PAGE_LIMITS.line),
  detail: text("Testimonial's detail", PAGE_LIMITS.line, { optional: true }),
});

/** About: the mission (Markdown) and the picture's caption, and the testimonials in their order. */
export const aboutPageSchema = z.object({
  mission: markdown("Mission"),
  imageCaption: text("Picture caption", PAGE_LIMITS.line, { optional: true }),
  testimonials: z.array(testimonialSchema).max(PAGE_LIMITS.testimonials, `At most ${PAGE_LIMITS.testimonials} testimonials.`),
});

/** A legal document: Markdown ("## " starts a section) with the placeholders above, and no others. */
export const legalPageSchema = z.object({
  body: markdown("Text").superRefine((value, ctx) => {
    const unknown = unknownPlaceholders(value);
    if (unknown.length)
      ctx.addIssue({
        code: "custom",
        message: `Unknown placeholder ${unknown.map((name) => `{${name}}`).join(", ")}: use ${Object.keys(LEGAL_PLACEHOLDERS)
          .map((name) => `{${name}}`)
          .join(", ")}.`,
      });
  }),
});

const PAGE_SCHEMAS = {
  home: homePageSchema,
  about: aboutPageSchema,
  privacy: legalPageSchema,
  terms: legalPageSchema,
  cookies: legalPageSchema,
  disclaimer: legalPageSchema,
} as const satisfies Record<PageKey, z.ZodType>;

export type HomePageFields = z.infer<typeof homePageSchema>;
export type AboutPageFields = z.infer<typeof aboutPageSchema>;
export type LegalPageFields = z.infer<typeof legalPageSchema>;
export type PageFieldsOf<K extends PageKey> = z.infer<(typeof PAGE_SCHEMAS)[K]>;

/** The schema of page `key`'s fields. */
export const pageSchema = <K extends PageKey>(key: K): (typeof PAGE_SCHEMAS)[K] => PAGE_SCHEMAS[key];

/**
 * The edit form's fields as the schema's input: plain fields by name; About's testimonials as the repeated
 * testimonialQuote, testimonialName and testimonialDetail fields, in order (a row left wholly empty is dropped).
 */
export function pageFormInput(key: PageKey, form: FormData): unknown {
  const fields: Record<string, unknown> = Object.fromEntries([...form].filter(([name]) => !name.startsWith("testimonial")));
  if (key !== "about") return fields;
  const all = (name: string) => form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const [quotes, names, details] = [all("testimonialQuote"), all("testimonialName"), all("testimonialDetail")];
  fields.testimonials = quotes
    .map((quote, i) => ({ quote, name: names[i] ?? "", detail: details[i] ?? "" }))
    .filter((row) => row.quote.trim() || row.name.trim() || row.detail.trim());
  return fields;
}

/** A poem's stanzas, each as its lines. */
export function poemStanzas(poem: string): string[][] {
  return poem
    .split(/\n\s*\n/)
    .map((stanza) => stanza.split("\n").map((line) => line.trim()))
    .filter((lines) => lines.some(Boolean));
}

/** `{name}` replaced by its value in the tree's text (never in the Markdown: a value is text, whatever it holds). */
export function fillPlaceholders(blocks: Block[], values: Record<string, string>): Block[] {
  const fill = (text: string) => text.replace(PLACEHOLDER_PATTERN, (whole, name: string) => values[name] ?? whole);
  const inline = (node: Inline): Inline => {
    switch (node.type) {
      case "text":
        return { ...node, text: fill(node.text) };
      case "strong":
      case "em":
      case "del":
      case "link":
        return { ...node, children: node.children.map(inline) };
      default:
        return node;
    }
  };
  const block = (node: Block): Block => {
    switch (node.type) {
      case "heading":
      case "paragraph":
        return { ...node, children: node.children.map(inline) };
      case "list":
        return { ...node, items: node.items.map((item) => item.map(block)) };
      case "blockquote":
        return { ...node, children: node.children.map(block) };
      case "pullquote":
        return { ...node, text: fill(node.text) };
      default:
        return node;
    }
  };
  return blocks.map(block);
}

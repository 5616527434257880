/**
 * The admin forms' rules, shared by the browser (checks before sending) and the server (the API's
 * 400 answers). Choices and defaults are plain constants; every message names its field.
 */
import { z } from "zod";
import { imagesWithoutAlt, MARKDOWN_MAX_CHARS, MARKDOWN_MAX_DEPTH, markdownNestingDepth } from "./markdown";
import { withPublication } from "./publication";
import { isTimeZone, zonedTimeToUtc } from "./time-zone";
import { parseLinkLines } from "./author-links";
import { CATEGORY_COLOURS } from "./category-colours";
import { safeUrl } from "./urls";
import { EMAIL_MAX, EMAIL_PATTERN } from "./validation";
import { DRIP_DAYS_MAX, DRIP_MODES } from "./drip";
import { formVersion, isEditedVersion } from "./form-version";
import { centsToText, MIN_CARD_PAYMENT_CENTS, moneyCents } from "./money";

/** The admin's category list says "Stoicism"; the seed practices use "Stoic" (which gets its own badge colour). Both are accepted. */
export const PRACTICE_CATEGORIES = ["Meditation", "Stoic", "Stoicism", "Taoism", "Existentialism", "Compassion", "Ecotherapy"] as const;

/** A new item in the admin form: a draft until the writer publishes or schedules it (app/lib/publication.ts, intents). */
/** An article's category is the first in order (the form's select starts on it; Admin → Categories lists them). */
export const ARTICLE_DEFAULTS = { featured: false, status: "draft" } as const;
export const PRACTICE_DEFAULTS = { category: "Meditation", duration: 15, featured: false, status: "draft" } as const;
export const RESOURCE_DEFAULTS = { categoryId: 1 } as const;

/**
 * The version an edit started from: the item's `updatedAt` as the edit page (or a GET of the API) gave it. A save that
 * carries it is a conditional UPDATE, refused with 409 when someone else saved the item since (a lost update otherwise).
 * An item never saved since it was stored (the seed) has no updatedAt: its version is "".
 */
export const editedVersion = z
  .string({ error: 'The field "version" must be the item\'s updatedAt ("" for an item never saved).' })
  .trim()
  .max(40, 'The field "version" must be the item\'s updatedAt ("" for an item never saved).')
  .refine((value) => isEditedVersion(value), 'The field "version" must be the item\'s updatedAt ("" for an item never saved).')
  .optional();

export const LIMITS = {
  title: 200,
  author: 200,
  excerpt: 500,
  content: MARKDOWN_MAX_CHARS,
  description: 2000,
  focus: 500,
  transcript: 20_000,
  url: 2048,
  imageCaption: 300,
  minutes: 1440,
} as const;

export const CATEGORY_LIMITS = { name: 60, description: 500, position: 1000 } as const;

const required = (field: string) => `The field "${field}" is required.`;

function text(field: string, max: number) {
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? required(field) : `The field "${field}" must be text.`),
    })
    .trim()
    .min(1, required(field))
    .max(max, `The field "${field}" can be at most ${max} characters.`);
}

function optionalText(field: string, max: number) {
  return z
    .string({ error: `The field "${field}" must be text.` })
    .trim()
    .max(max, `The field "${field}" can be at most ${max} characters.`)
    .optional()
    .default("");
}

/** A link (checked by the same safeUrl as Markdown links): an http(s) URL or a path on this site. */
function link(field: string) {
  return text(field, LIMITS.url).refine((value) => safeUrl(value) !== null, `"${field}" must be an http(s) URL or a path on this site.`);
}

/** An image or recording: a path on this site only, so the CSP's img-src/media-src 'self' allows it and no reader's IP leaks. */
function media(field: string) {
  return text(field, LIMITS.url).refine(
    (value) => safeUrl(value, { siteOnly: true }) !== null,
    `"${field}" must be a path on this site, starting with a single "/" (images and audio are served from this site only).`,
  );
}

/**
 * Markdown: its length and how deeply quotes and lists nest are bounded (app/server/content/markdown.server.ts renders
 * past that degraded), and every image has alt text (issue #29: the visual editor asks for it; a text saved without
 * is refused). The preview passes `{ alt: false }`: it shows a draft as it is.
 */
function markdown(field: string, schema: z.ZodString, { alt = true } = {}) {
  const bounded = schema.refine(
    (value) => markdownNestingDepth(value) <= MARKDOWN_MAX_DEPTH,
    `The field "${field}" is nested deeper than ${MARKDOWN_MAX_DEPTH} levels (quotes and lists inside one another).`,
  );
  return alt ? bounded.refine((value) => imagesWithoutAlt(value) === 0, imageAltMessage(field)) : bounded;
}

/** The refusal of a Markdown field with an image that has no alt text. */
const imageAltMessage = (field: string) =>
  `The field "${field}" has an image without alt text: describe what each image shows (in the visual editor, select the image and press Image).`;

/** A whole number ≥ 1. Numeric strings ("12") are accepted, as a form would send them. */
function positiveInt(field: string, max: number) {
  const message = `The field "${field}" must be a whole number of at least 1.`;
  return z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input === undefined || issue.input === null ? required(field) : message) })
      .int(message)
      .min(1, message)
      .max(max, `The field "${field}" can be at most ${max}.`),
  );
}

function oneOf<T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ""
        ? required(field)
        : `The field "${field}" must be one of: ${values.join(", ")}.`,
  });
}

const featured = z.boolean({ error: 'The field "featured" must be true or false.' }).optional().default(false);

/** YYYY-MM-DD, a real calendar date. */
const calendarDate = (field: string) =>
  z
    .string({ error: `The field "${field}" must be a date (YYYY-MM-DD).` })
    .trim()
    .refine((value) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, `The field "${field}" must be a date (YYYY-MM-DD).`);

export const publishedDateSchema = calendarDate("publishedDate");

const objectError = { error: "The request body must be a JSON object." };

const articleFields = {
  title: text("title", LIMITS.title),
  excerpt: text("excerpt", LIMITS.excerpt),
  content: markdown("content", text("content", LIMITS.content)),
  imageUrl: media("imageUrl"),
  imageCaption: optionalText("imageCaption", LIMITS.imageCaption),
  /** The name of a category (Admin → Categories); the server checks one has it. */
  category: text("category", CATEGORY_LIMITS.name),
  // Optional: without it the server computes it from the content (app/lib/reading-time.ts).
  readingTime: positiveInt("readingTime", LIMITS.minutes).optional(),
  /** The author (authors.id); the server checks it names one, and keeps the article's author name in step. */
  authorId: positiveInt("authorId", 1_000_000),
  featured,
};

/**
 * A new article: a draft when the editor saves it (intent "save"); the JSON API without an intent or status keeps its
 * documented default, published at once (scripts and imports).
 */
export const articleSchema = withPublication(articleFields, { defaultStatus: "published", ...objectError });

/** An edit sends the whole article; the publication date and the status may be changed, else they stay. */
export const articleUpdateSchema = withPublication(
  { ...articleFields, publishedDate: publishedDateSchema.optional(), version: editedVersion },
  objectError,
);

const practiceFields = {
  title: text("title", LIMITS.title),
  description: text("description", LIMITS.description),
  imageUrl: media("imageUrl"),
  category: oneOf("category", PRACTICE_CATEGORIES),
  duration: positiveInt("duration", LIMITS.minutes),
  focus: text("focus", LIMITS.focus),
  audioUrl: media("audioUrl"),
  // The script: Markdown from the visual editor (its stage directions are plain text to the schema).
  transcript: markdown(
    "transcript",
    z
      .string({ error: 'The field "transcript" must be text.' })
      .trim()
      .max(LIMITS.transcript, `The field "transcript" can be at most ${LIMITS.transcript} characters.`),
  )
    .optional()
    .default(""),
  featured,
};

export const practiceSchema = withPublication(practiceFields, { defaultStatus: "published", ...objectError });
export const practiceUpdateSchema = withPublication({ ...practiceFields, version: editedVersion }, objectError);

export const resourceSchema = z.object(
  {
    title: text("title", LIMITS.title),
    author: text("author", LIMITS.author),
    categoryId: positiveInt("categoryId", 1_000_000),
    description: text("description", LIMITS.description),
    url: link("url"),
  },
  objectError,
);

export const resourceUpdateSchema = resourceSchema.extend({ version: editedVersion });

/** A new author is listed after the seed's three on About; the form may change it. */
export const AUTHOR_DEFAULTS = { position: 10 } as const;
export const AUTHOR_LIMITS = { role: 200, bio: 5000, links: 4000, position: 1000 } as const;

const authorFields = {
  name: text("name", LIMITS.author),
  role: optionalText("role", AUTHOR_LIMITS.role),
  bio: markdown(
    "bio",
    z
      .string({ error: 'The field "bio" must be text.' })
      .trim()
      .max(AUTHOR_LIMITS.bio, `The field "bio" can be at most ${AUTHOR_LIMITS.bio} characters.`),
  )
    .optional()
    .default(""),
  portrait: z
    .union([z.literal(""), media("portrait")])
    .optional()
    .default(""),
  /** One link a line, "Label | https://…" (app/lib/author-links.ts), stored as the JSON list of { label, url }. */
  links: z
    .string({ error: 'The field "links" must be text.' })
    .max(AUTHOR_LIMITS.links, `The field "links" can be at most ${AUTHOR_LIMITS.links} characters.`)
    .optional()
    .default("")
    .superRefine((value, context) => {
      const parsed = parseLinkLines(value);
      if ("error" in parsed) context.addIssue({ code: "custom", message: `The field "links": ${parsed.error}` });
    })
    .transform((value) => {
      const parsed = parseLinkLines(value);
      return JSON.stringify("links" in parsed ? parsed.links : []);
    }),
  position: positiveInt("position", AUTHOR_LIMITS.position),
};

export const authorSchema = z.object(authorFields, objectError);
export const authorUpdateSchema = authorSchema.extend({ version: editedVersion });
export type AuthorInput = z.infer<typeof authorSchema>;

/** A new category comes after the seed's five; the form may change it. */
export const CATEGORY_DEFAULTS = { colour: "sand", position: 10 } as const;

export const categorySchema = z.object(
  {
    name: text("name", CATEGORY_LIMITS.name),
    description: optionalText("description", CATEGORY_LIMITS.description),
    /** A colour of the palette by name (app/lib/category-colours.ts), never a colour value: contrast stays AA. */
    colour: oneOf("colour", CATEGORY_COLOURS),
    position: positiveInt("position", CATEGORY_LIMITS.position),
  },
  objectError,
);
export const categoryUpdateSchema = categorySchema.extend({ version: editedVersion });
export type CategoryInput = z.infer<typeof categorySchema>;

/** A new book comes after the seed's six; the form may change it. */
export const BOOK_DEFAULTS = { position: 10 } as const;
export const BOOK_LIMITS = { category: 60, position: 1000 } as const;

export const bookSchema = z.object(
  {
    title: text("title", LIMITS.title),
    author: text("author", LIMITS.author),
    description: text("description", LIMITS.description),
    coverUrl: media("coverUrl"),
    /** Where to find the book: an http(s) address (or a path on this site), checked by safeUrl like every link. */
    amazonUrl: link("amazonUrl"),
    /** The page's own filter (Stoicism, Taoism…), not an article category. */
    category: text("category", BOOK_LIMITS.category),
    position: positiveInt("position", BOOK_LIMITS.position),
  },
  objectError,
);
export const bookUpdateSchema = bookSchema.extend({ version: editedVersion });
export type BookInput = z.infer<typeof bookSchema>;

export const markdownPreviewSchema = z.object(
  {
    markdown: markdown(
      "markdown",
      z
        .string({ error: 'The field "markdown" must be text.' })
        .max(LIMITS.content, `The field "markdown" can be at most ${LIMITS.content} characters.`),
      { alt: false },
    ),
  },
  objectError,
);

export const COURSE_LEVELS = ["Beginner", "Intermediate", "Advanced"] as const;
export const ASSESSMENT_KINDS = ["quiz", "exercise", "reflection"] as const;
/** A new course starts as a draft: it goes on sale when the admin publishes it (or its scheduled time comes). */
export const COURSE_DEFAULTS = {
  level: "Beginner",
  duration: 4,
  price: "49.00",
  status: "draft",
  dripMode: "all",
  dripDays: 7,
  dripEmail: true,
} as const;
/** The dearest course the form accepts, in dollars: a typo guard (4900 for 49.00), not a business rule. */
export const COURSE_PRICE_MAX_DOLLARS = 10_000;

/**
 * A price in dollars (a number, or text as the form sends it): not negative, at most 2 decimals, at most the maximum.
 * Read as whole cents by the money parser (app/lib/money.ts), then given as dollars: `cents / 100` is the nearest
 * double to the typed amount, which the server turns back into the same cents.
 */
const priceDollars = moneyCents({
  required: required("price"),
  invalid: 'The field "price" must be an amount in dollars, such as 49 or 49.99.',
  negative: 'The field "price" cannot be negative.',
  decimals: 'The field "price" can have at most 2 decimals (cents).',
  max: [COURSE_PRICE_MAX_DOLLARS * 100, `The field "price" can be at most ${COURSE_PRICE_MAX_DOLLARS} dollars.`],
})
  // A card cannot pay less than the minimum: a course is free (0, enrolled without a payment) or costs at least that.
  .refine((cents) => cents === 0 || cents >= MIN_CARD_PAYMENT_CENTS, {
    message: `The field "price" must be 0 (a free course) or at least $${centsToText(MIN_CARD_PAYMENT_CENTS)}, the smallest card payment.`,
  })
  .transform((cents) => cents / 100);

const courseFields = {
  title: text("title", LIMITS.title),
  description: text("description", LIMITS.description),
  imageUrl: media("imageUrl"),
  imageAlt: optionalText("imageAlt", LIMITS.imageCaption),
  level: oneOf("level", COURSE_LEVELS),
  duration: positiveInt("duration", 1000),
  price: priceDollars,
  // Drip release (app/lib/drip.ts); absent: today's behaviour, every lesson at once, and the e-mail on for when it drips.
  dripMode: oneOf("dripMode", DRIP_MODES).optional().default("all"),
  dripDays: positiveInt("dripDays", DRIP_DAYS_MAX).optional().default(7),
  dripEmail: z.boolean({ error: 'The field "dripEmail" must be true or false.' }).optional().default(true),
};

export const courseSchema = withPublication(courseFields, { defaultStatus: "draft", ...objectError });
export const courseUpdateSchema = withPublication({ ...courseFields, version: editedVersion }, objectError);

/** An optional recording: empty, or a path on this site. */
const optionalMedia = (field: string) =>
  z
    .union([z.literal(""), media(field)])
    .optional()
    .default("");
/** A stored row's id (absent for a new one). */
const rowId = z.number({ error: 'An "id" must be a whole number.' }).int().positive().optional();
const listOf = <T extends z.ZodType>(item: T, field: string, max: number) =>
  z.array(item, { error: `The field "${field}" must be a list.` }).max(max, `The field "${field}" can hold at most ${max} items.`);

export const quizQuestionSchema = z
  .object({
    id: rowId,
    prompt: text("question", LIMITS.description),
    choices: listOf(
      z.object({ text: text("choice", LIMITS.title), explanation: optionalText("explanation", LIMITS.description) }),
      "choices",
      10,
    ).min(2, "A question needs at least 2 choices."),
    correctChoice: z.number({ error: 'The field "correctChoice" must be a choice number.' }).int().min(0),
  })
  .refine((q) => q.correctChoice < q.choices.length, {
    message: "The correct choice must be one of the question's choices.",
    path: ["correctChoice"],
  });

export const assessmentSchema = z
  .object({
    id: rowId,
    title: text("assessment title", LIMITS.title),
    kind: oneOf("kind", ASSESSMENT_KINDS),
    prompt: optionalText("prompt", LIMITS.description),
    passMark: z
      .number({ error: 'The field "passMark" must be a percentage.' })
      .int('The field "passMark" must be a whole percentage.')
      .min(1, 'The field "passMark" must be between 1 and 100.')
      .max(100, 'The field "passMark" must be between 1 and 100.')
      .optional()
      .default(70),
    questions: listOf(quizQuestionSchema, "questions", 50).optional().default([]),
  })
  .refine((a) => a.kind !== "quiz" || a.questions.length > 0, { message: "A quiz needs at least one question.", path: ["questions"] })
  .refine((a) => a.kind === "quiz" || a.prompt.length > 0, { message: "An exercise or reflection needs a prompt.", path: ["prompt"] });

export const lessonSchema = z.object({
  id: rowId,
  title: text("lesson title", LIMITS.title),
  description: optionalText("lesson description", LIMITS.description),
  body: markdown(
    "body",
    z
      .string({ error: 'The field "body" must be text.' })
      .max(LIMITS.content, `The field "body" can be at most ${LIMITS.content} characters.`),
  )
    .optional()
    .default(""),
  audioUrl: optionalMedia("audioUrl"),
  audioTranscript: optionalText("audioTranscript", LIMITS.transcript),
  duration: positiveInt("duration", LIMITS.minutes),
  freePreview: z.boolean({ error: 'The field "freePreview" must be true or false.' }).optional().default(false),
  assessments: listOf(assessmentSchema, "assessments", 10).optional().default([]),
});

/** A module's drip date: YYYY-MM-DD, or empty / null for none (stored as null). */
const moduleDripDate = z
  .union([z.literal(""), z.null(), calendarDate("dripDate")], { error: 'The field "dripDate" must be a date (YYYY-MM-DD).' })
  .optional()
  .transform((value) => value || null);

export const courseModuleSchema = z.object({
  id: rowId,
  title: text("module title", LIMITS.title),
  description: optionalText("module description", LIMITS.description),
  /** The day the module opens when its course drips on fixed dates (app/lib/drip.ts). */
  dripDate: moduleDripDate,
  lessons: listOf(lessonSchema, "lessons", 100),
});

/**
 * A course's modules, lessons and assessments, in order: the whole outline, saved at once by
 * PUT /api/courses/{id}/outline. Rows with an id are kept (so learners' progress stays), rows without one are new,
 * and stored rows left out are deleted.
 */
export const courseOutlineSchema = z.object({ modules: listOf(courseModuleSchema, "modules", 50) }, objectError);

/** A save of the outline also says which version of the course it was edited from (the course's updatedAt). */
export const courseOutlineUpdateSchema = courseOutlineSchema.extend({ version: editedVersion });

export type CourseOutline = z.infer<typeof courseOutlineSchema>;
export type CourseOutlineInput = z.input<typeof courseOutlineSchema>;

export type ArticleInput = z.infer<typeof articleSchema>;
export type ArticleUpdateInput = z.infer<typeof articleUpdateSchema>;
export type PracticeInput = z.infer<typeof practiceSchema>;
export type ResourceInput = z.infer<typeof resourceSchema>;

/** How number fields are read: a whole number, or 0 when the text is not one (which then fails "at least 1"). */
export function parseWholeNumber(value: string): number {
  const parsed = Number.parseInt(value, 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/** An order's status: what Stripe did with the money. Access is a separate matter (`keep_access`). */
export const ORDER_STATUSES = ["paid", "refund-due", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<string, string> = { paid: "Paid", "refund-due": "Refund due", refunded: "Refunded" };

/** An order's status in words, saying "partially refunded" when part of the payment went back (`refunded_cents`). */
export function orderStatusLabel(order: { status: string; amountCents: number; refundedCents: number }) {
  if (order.refundedCents > 0 && order.refundedCents < order.amountCents) {
    return order.status === "refunded" ? "Partially refunded, access removed" : "Partially refunded";
  }
  return ORDER_STATUS_LABELS[order.status] ?? order.status;
}
/** Why the site refunded an order by itself (`refund_reason`); an admin's or Stripe dashboard's refund has none. */
export const REFUND_REASON_LABELS: Record<string, string> = {
  duplicate: "Automatic refund: the address already had the course",
  "price-mismatch": "Automatic refund: the amount matched no price of the course",
  "unknown-course": "Automatic refund: the course no longer exists",
  // Orders recorded before issue #37: a code no longer has a limit per address (ADR 0008).
  "coupon-limit": "Automatic refund: the address had used the coupon as often as it allows",
  "repeat-purchase": "Refunded by the buyer from the receipt's link: the address already had the course",
};
/** The legal page's promise: a full refund on request within 14 days of enrolling. */
export const REFUND_WINDOW_DAYS = 14;

const isoDay = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `The filter "${field}" must be a date (YYYY-MM-DD).`)
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), `The filter "${field}" must be a real date.`);
/** An empty field of the GET form means "any". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/** The Orders list's filters, read from the URL query (the form is a plain GET form). */
export const orderFiltersSchema = z
  .object({
    course: optional(z.coerce.number().int().positive('The filter "course" must be a course id.')),
    status: optional(z.enum(ORDER_STATUSES, { error: `The filter "status" must be one of: ${ORDER_STATUSES.join(", ")}.` })),
    from: optional(isoDay("from")),
    to: optional(isoDay("to")),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'The filter "from" must not be after "to".', path: ["from"] });
export type OrderFilters = z.infer<typeof orderFiltersSchema>;

/** A partial refund's amount, typed in dollars and cents ("15", "12.50"), as whole cents; more than zero. */
const refundAmountCents = moneyCents({
  required: "Give the amount to refund, e.g. 15 or 12.50.",
  invalid: "Give the amount to refund in dollars and cents, e.g. 15 or 12.50.",
  max: [999_999_999, "Give the amount to refund in dollars and cents, e.g. 15 or 12.50."],
}).refine((cents) => cents > 0, "The amount to refund must be more than zero.");

/** The order page's forms: a refund (the admin must choose what happens to access, and confirm) or a new access link. */
export const orderActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("refund"),
      access: z.enum(["remove", "keep"], { error: 'Choose whether the buyer keeps access ("remove" or "keep").' }),
      confirm: z.literal("yes", { error: "Tick the box to confirm the refund." }),
    }),
    z.object({
      intent: z.literal("refund-part"),
      amount: refundAmountCents,
      reason: z
        .string({ error: "Give a reason for the refund." })
        .trim()
        .min(1, "Give a reason for the refund.")
        .max(500, "The reason is at most 500 characters."),
      removeAccess: z.preprocess((value) => value === "yes" || value === "on", z.boolean()),
      confirm: z.literal("yes", { error: "Tick the box to confirm the refund." }),
    }),
    z.object({ intent: z.literal("resend") }),
  ],
  { error: 'The field "intent" must be "refund", "refund-part" or "resend".' },
);
export type OrderAction = z.infer<typeof orderActionSchema>;

/** A contact message's form (app/routes/admin/message.tsx): mark it handled, or not. */
export const messageActionSchema = z.object({
  intent: z.enum(["handled", "unhandled"], { error: 'The field "intent" must be "handled" or "unhandled".' }),
});

/** The history page's restore form (app/routes/admin/content-history.tsx). */
export const restoreRevisionSchema = z.object({
  intent: z.literal("restore", { error: 'The intent must be "restore".' }),
  confirm: z.literal("yes", { error: "Tick the box to confirm the restore." }),
});

/**
 * How an issue made from an article is e-mailed: "excerpt" (its title, cover, first paragraphs and "Continue reading")
 * or "full" (the issue's whole body).
 */
export const NEWSLETTER_ISSUE_FORMATS = ["excerpt", "full"] as const;
export type NewsletterIssueFormat = (typeof NEWSLETTER_ISSUE_FORMATS)[number];
export const NEWSLETTER_ISSUE_FORMAT_LABELS: Record<NewsletterIssueFormat, string> = {
  excerpt: "Excerpt: title, cover, first paragraphs and \u201cContinue reading\u201d",
  full: "Full text of the issue",
};

/** A send can be scheduled at most this far ahead. */
export const NEWSLETTER_SCHEDULE_MAX_DAYS = 365;

/**
 * "Schedule": the time as the owner's `datetime-local` shows it, in the browser's time zone (`timeZone`, its IANA name,
 * which the page fills in; "UTC" without JavaScript, and the page says so). Read as a UTC instant (ISO), which must be
 * in the future (as of `now()` when the form is read) and at most a year ahead.
 */
export function newsletterScheduleSchema(now: () => number = Date.now) {
  return z
    .object({
      intent: z.literal("schedule"),
      scheduledAt: z.string({ error: "Choose the date and time to send it." }).trim().min(1, "Choose the date and time to send it."),
      timeZone: z
        .string({ error: 'The field "timeZone" must be a time zone name, such as Europe/Berlin.' })
        .trim()
        .optional()
        .transform((value) => value || "UTC")
        .refine(isTimeZone, 'The field "timeZone" must be a time zone name, such as Europe/Berlin.'),
    })
    .transform((input, context) => {
      const at = zonedTimeToUtc(input.scheduledAt, input.timeZone);
      const fail = (message: string) => {
        context.addIssue({ code: "custom", path: ["scheduledAt"], message });
        return z.NEVER;
      };
      if (at === null) return fail("The send time must be a real date and time, such as 2026-12-01T09:00.");
      const time = Date.parse(at);
      if (time <= now()) return fail("The send time must be in the future.");
      if (time > now() + NEWSLETTER_SCHEDULE_MAX_DAYS * 86_400_000) return fail("The send time can be at most a year ahead.");
      return { intent: input.intent, scheduledAt: at, timeZone: input.timeZone };
    });
}

/**
 * A newsletter issue's form (app/routes/admin/newsletter-issue.tsx): `save` keeps the draft, `test` sends it to one
 * address, `send` sends it to every confirmed subscriber (once: a sent issue refuses all three).
 */
export const newsletterIssueFieldsSchema = z.object({
  subject: text("Subject", LIMITS.title),
  body: markdown("Body", text("Body", LIMITS.content)),
  /** Only an issue made from an article shows the choice; without it the stored format stays (a new issue: "full"). */
  format: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.enum(NEWSLETTER_ISSUE_FORMATS, { error: 'The field "Format" must be "excerpt" or "full".' }).optional(),
  ),
});
export type NewsletterIssueFields = z.infer<typeof newsletterIssueFieldsSchema>;

const emailAddress = z
  .string({ error: "Enter the address to send the test to." })
  .trim()
  .min(1, "Enter the address to send the test to.")
  .max(EMAIL_MAX, "That e-mail address is too long.")
  .regex(EMAIL_PATTERN, "Enter a valid e-mail address for the test.");

export const newsletterIssueActionSchema = z.discriminatedUnion(
  "intent",
  [
    // Both save the draft first: from the version the page showed (a stale one is a 409, none a 400).
    newsletterIssueFieldsSchema.extend({ intent: z.literal("save"), version: formVersion }),
    newsletterIssueFieldsSchema.extend({ intent: z.literal("test"), to: emailAddress, version: formVersion }),
    z.object({ intent: z.literal("send"), confirm: z.literal("yes", { error: "Tick the box to confirm sending to every subscriber." }) }),
    newsletterScheduleSchema(),
    z.object({ intent: z.literal("unschedule") }),
    z.object({ intent: z.literal("delete"), confirm: z.literal("yes", { error: "Tick the box to confirm deleting this draft." }) }),
  ],
  { error: 'Unknown action: "intent" must be "save", "test", "send", "schedule", "unschedule" or "delete".' },
);

/**
 * "Publish and e-mail to subscribers" from an article's editor (posted to /admin/newsletter/new): the article to publish
 * and send, its format, and the owner's confirmation (the dialog names how many confirmed subscribers get it).
 */
export const publishAndEmailSchema = z.object({
  intent: z.literal("publish-and-email"),
  articleId: z.coerce
    .number({ error: 'The field "articleId" must be an article id.' })
    .int('The field "articleId" must be an article id.')
    .min(1, 'The field "articleId" must be an article id.'),
  /** What subscribers get, chosen in the dialog (the issue goes at once): the excerpt unless told otherwise. */
  format: z.enum(NEWSLETTER_ISSUE_FORMATS, { error: 'The field "Format" must be "excerpt" or "full".' }).default("excerpt"),
  confirm: z.literal("yes", { error: "Confirm to publish the article and e-mail it to every confirmed subscriber." }),
});
export type NewsletterIssueAction = z.infer<typeof newsletterIssueActionSchema>;

/** The Users page's learners list, read from the URL query: a search in the buyer's address, and the page (50 a page). */
export const LEARNERS_PER_PAGE = 50;
export const learnerFiltersSchema = z.object({
  q: optional(z.string().trim().toLowerCase().max(254, 'The search "q" can be at most 254 characters.')),
  page: optional(
    z.coerce
      .number({ error: 'The "page" must be a number.' })
      .int('The "page" must be a whole number.')
      .min(1, 'The "page" starts at 1.')
      .max(100_000, 'The "page" is too large.'),
  ),
});
export type LearnerFilters = z.infer<typeof learnerFiltersSchema>;

/** The Subscribers page, read from the URL: a search in the address, a status, the page (50 a page), and `erase`, the id to confirm deleting. */
export const SUBSCRIBERS_PER_PAGE = 50;
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export const subscriberFiltersSchema = learnerFiltersSchema.extend({
  status: optional(z.enum(SUBSCRIBER_STATUSES, { error: 'The "status" must be pending, confirmed or unsubscribed.' })),
  erase: optional(z.coerce.number({ error: 'The "erase" must be a number.' }).int('The "erase" must be a whole number.').min(1)),
});
export type SubscriberFilters = z.infer<typeof subscriberFiltersSchema>;

/** "Delete on request": the subscriber's id, and the address the admin saw, so a stale page cannot delete someone else. */
export const subscriberEraseSchema = z.object({
  intent: z.literal("erase", { error: 'Unknown action: "intent" must be "erase".' }),
  id: z.coerce.number({ error: 'The "id" must be a number.' }).int('The "id" must be a whole number.').min(1, 'The "id" must be a number.'),
  email: z
    .string({ error: "The address to delete is missing." })
    .trim()
    .toLowerCase()
    .min(1, "The address to delete is missing.")
    .max(EMAIL_MAX, "That e-mail address is too long."),
});

/**
 * The whole database, one file. Drizzle reads it for queries and drizzle-kit
 * generates the SQL migrations in db/migrations from it.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const createdAt = () => text("created_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

/**
 * Whether visitors see a row (app/lib/publication.ts): "draft", "scheduled" (the Cron Trigger publishes it at
 * `publish_at`) or "published". Only "published" rows are public (app/server/content/publication.server.ts).
 */
const publicationStatus = () =>
  text("status", { enum: ["draft", "scheduled", "published"] })
    .notNull()
    .default("published");
/** ISO UTC timestamp: when a scheduled row is published (kept once it is); null for one never scheduled. */
const publishAt = () => text("publish_at");
/**
 * The account that created the row: a contributor reaches only their own items (docs/admin.md, "Accounts and roles").
 * Null for a row from before items had a creator, or whose account was removed (the removal clears it first): the staff's.
 */
const createdBy = () => integer("created_by").references(() => adminAccounts.id);
/** ISO UTC timestamp: when a contributor submitted the draft for review ("In review"); cleared by any status change. */
const submittedAt = () => text("submitted_at");

/**
 * The people who write for the site: About lists them by `position`, /authors/{id} shows one with their published
 * articles, and an article (its `authorId`) ends with its author's bio. An author used by an article cannot be deleted.
 */
export const authors = sqliteTable("authors", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  /** One line under the name: "Philosopher and editor". */
  role: text("role").notNull().default(""),
  /** Markdown, rendered like an article's body. */
  bio: text("bio").notNull().default(""),
  /** A media library URL or a path on this site (/images/...). Empty: no portrait. */
  portrait: text("portrait").notNull().default(""),
  /** JSON: [{ label, url }], each url passing safeUrl (app/lib/author-links.ts). */
  links: text("links").notNull().default("[]"),
  /** About's order: smaller first. */
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: text("updated_at"),
});

/**
 * The articles' categories: the public list's filter and the footer show them by `position`, and an article's badge takes
 * its `colour` (a name from the palette, app/lib/category-colours.ts). An article keeps its category's name in
 * `articles.category`: renaming a category renames it in its articles in the same statement (a trigger, migration 0022),
 * and a category an article uses cannot be deleted.
 */
export const articleCategories = sqliteTable(
  "article_categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull().unique(),
    description: text("description").notNull().default(""),
    colour: text("colour").notNull().default("sand"),
    /** The filter's and the footer's order: smaller first. */
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: text("updated_at"),
  },
  // Unique whatever the case, as the form's check says: two saves racing with one name cannot both pass it.
  (t) => [uniqueIndex("article_categories_name_lower_uq").on(sql`lower(${t.name})`)],
);

export const articles = sqliteTable(
  "articles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    /** Markdown. Empty means "use the static essay for this category and title" (app/server/content/article-body.server.ts). */
    content: text("content").notNull(),
    imageUrl: text("image_url").notNull(),
    /** Shown under the cover image: what it shows, and its credit. Empty: no caption. */
    imageCaption: text("image_caption").notNull().default(""),
    /** The name of its category (article_categories.name), kept in step when the category is renamed. */
    category: text("category").notNull(),
    readingTime: integer("reading_time").notNull(),
    /** The author's name, kept in step with `authorId` on every save (search, feeds, e-mails and revisions read it). */
    author: text("author").notNull(),
    /** The author (authors.id); null for an article from before the authors table whose name matched none. */
    authorId: integer("author_id").references(() => authors.id),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    /** ISO date, YYYY-MM-DD. */
    publishedDate: text("published_date").notNull(),
    status: publicationStatus(),
    publishAt: publishAt(),
    submittedAt: submittedAt(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: text("updated_at"),
  },
  (t) => [
    index("articles_status_idx").on(t.status, t.publishAt),
    index("articles_published_idx").on(t.publishedDate, t.id),
    index("articles_featured_idx").on(t.featured, t.publishedDate),
    index("articles_category_idx").on(t.category),
    index("articles_author_idx").on(t.authorId),
  ],
);

export const practices = sqliteTable(
  "practices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url").notNull(),
    category: text("category").notNull(),
    /** Minutes. */
    duration: integer("duration").notNull(),
    focus: text("focus").notNull(),
    audioUrl: text("audio_url").notNull(),
    /** The spoken guidance as text, shown under the player. */
    transcript: text("transcript").notNull().default(""),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    status: publicationStatus(),
    publishAt: publishAt(),
    submittedAt: submittedAt(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: text("updated_at"),
  },
  (t) => [index("practices_featured_idx").on(t.featured, t.id), index("practices_status_idx").on(t.status, t.publishAt)],
);

export const resourceCategories = sqliteTable("resource_categories", {
  id: integer("id").primaryKey(),
  name: text("name").notNull().unique(),
});

export const resources = sqliteTable(
  "resources",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    author: text("author").notNull(),
    description: text("description").notNull(),
    url: text("url").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => resourceCategories.id),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: text("updated_at"),
  },
  (t) => [index("resources_category_idx").on(t.categoryId, t.id)],
);

export const recommendedBooks = sqliteTable("recommended_books", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  author: text("author").notNull(),
  description: text("description").notNull(),
  coverUrl: text("cover_url").notNull(),
  amazonUrl: text("amazon_url").notNull(),
  category: text("category").notNull(),
  /** The page's order: smaller first. */
  position: integer("position").notNull().default(0),
  updatedAt: text("updated_at"),
});

export const courses = sqliteTable(
  "courses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url").notNull(),
    level: text("level").notNull(),
    /** Hours. */
    duration: integer("duration").notNull(),
    /** US cents: money is never a float in the database. */
    priceCents: integer("price_cents").notNull(),
    /** What the cover image shows, for screen readers; empty for a decorative image. */
    imageAlt: text("image_alt").notNull().default(""),
    /**
     * Drip release (app/lib/drip.ts): "all" (every lesson at once), "modules" (module k, counted from 0, opens k ×
     * `drip_days` days after the day of enrolment) or "dates" (each module on its `course_modules.drip_date`).
     */
    dripMode: text("drip_mode").notNull().default("all"),
    dripDays: integer("drip_days").notNull().default(7),
    /** Whether the daily cron e-mails learners when a module of this course opens for them. */
    dripEmail: integer("drip_email", { mode: "boolean" }).notNull().default(true),
    /** A course not published is off /courses, the API, search and checkout; its learners keep their access. */
    status: publicationStatus(),
    publishAt: publishAt(),
    submittedAt: submittedAt(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: text("updated_at"),
  },
  (t) => [index("courses_status_idx").on(t.status, t.publishAt)],
);

export const courseModules = sqliteTable(
  "course_modules",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** The day (YYYY-MM-DD, from 00:00 UTC) the module opens when its course drips "dates"; null: open from enrolment. */
    dripDate: text("drip_date"),
  },
  (t) => [index("course_modules_course_idx").on(t.courseId, t.position)],
);

export const lessons = sqliteTable(
  "lessons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    moduleId: integer("module_id")
      .notNull()
      .references(() => courseModules.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** Minutes. */
    duration: integer("duration").notNull(),
    /** Markdown, rendered by the same safe renderer as articles. */
    body: text("body").notNull().default(""),
    /** A guided recording played with the practice player, and its words; empty when there is none. */
    audioUrl: text("audio_url").notNull().default(""),
    audioTranscript: text("audio_transcript").notNull().default(""),
    /** Anyone may read a free-preview lesson (every course's first lesson is one). */
    freePreview: integer("free_preview", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("lessons_module_idx").on(t.moduleId, t.position)],
);

/**
 * The drip e-mail's record: which module openings a learner (an address) was told of, and on which UTC day. One e-mail
 * per address per day: the cron's insert claims the day (app/server/learning/drip.server.ts).
 */
export const dripNotices = sqliteTable(
  "drip_notices",
  {
    email: text("email").notNull(),
    moduleId: integer("module_id")
      .notNull()
      .references(() => courseModules.id, { onDelete: "cascade" }),
    /** The UTC day (YYYY-MM-DD) of the e-mail that told of it. */
    day: text("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.moduleId] }), index("drip_notices_day_idx").on(t.email, t.day)],
);

export const assessments = sqliteTable(
  "assessments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** "quiz" (graded on the server), "exercise" or "reflection" (a private written answer). */
    kind: text("kind").notNull(),
    /** What an exercise or reflection asks the learner to write. */
    prompt: text("prompt").notNull().default(""),
    /** A quiz's pass mark, in percent. */
    passMark: integer("pass_mark").notNull().default(70),
  },
  (t) => [index("assessments_lesson_idx").on(t.lessonId)],
);

/** A quiz's questions. The correct choice never leaves the server before the learner submits. */
export const quizQuestions = sqliteTable(
  "quiz_questions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    assessmentId: integer("assessment_id")
      .notNull()
      .references(() => assessments.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    prompt: text("prompt").notNull(),
    /** JSON: [{ "text": …, "explanation": … }], in the order shown. */
    choices: text("choices", { mode: "json" }).notNull().$type<{ text: string; explanation: string }[]>(),
    /** Index into `choices`. */
    correctChoice: integer("correct_choice").notNull(),
  },
  (t) => [index("quiz_questions_assessment_idx").on(t.assessmentId, t.position)],
);

export const enrollments = sqliteTable(
  "enrollments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id),
    /** One enrolment per PaymentIntent, whichever of webhook or return page comes first. */
    paymentIntentId: text("payment_intent_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    /** The buyer: trimmed and lower-cased. Their learner sessions open the courses paid with it. */
    email: text("email").notNull().default(""),
    name: text("name").notNull().default(""),
    /**
     * "paid"; "refund-due" (a payment the app refunds by itself, decided when it was recorded: see `refundReason`;
     * it stays so until Stripe has the refund); or "refunded" (a refunded enrolment opens nothing, unless `keepAccess`).
     */
    status: text("status").notNull().default("paid"),
    createdAt: createdAt(),
    /** The Stripe refund (`re_…`), once refunded; null when the refund event did not name it. */
    refundId: text("refund_id"),
    /** ISO timestamp of the transition to "refunded". */
    refundedAt: text("refunded_at"),
    /** The admin's choice at refund time: the learner keeps the course although the money went back. */
    keepAccess: integer("keep_access", { mode: "boolean" }).notNull().default(false),
    /**
     * Why the app refunded this order by itself: "duplicate" (the address already had the course when the payment
     * was recorded) or "price-mismatch" (the amount or currency matched neither the price recorded on the
     * PaymentIntent nor the course's price). Null for a paid order and for a refund the admin or Stripe's dashboard made.
     */
    refundReason: text("refund_reason"),
    /**
     * Where the buyer came from, as their browser tab kept it (app/server/analytics/attribution.server.ts): the
     * `utm_source` or `ref` of the visit's landing, else the referring site's host; its `utm_medium` and `utm_campaign`.
     * Null for a direct visit. Never a URL, never anything about the person.
     */
    source: text("source"),
    medium: text("medium"),
    campaign: text("campaign"),
    /** The coupon used, as typed by the owner (upper case); null without one. Kept even if the coupon is deleted. */
    couponCode: text("coupon_code"),
    /** What the coupon took off the price, in cents (0 without one): the price was `amount_cents + discount_cents`. */
    discountCents: integer("discount_cents").notNull().default(0),
    /**
     * How much of `amount_cents` went back, in cents: the admin's refunds (reserved here by one conditional UPDATE
     * before Stripe is asked, so racing refunds never exceed the payment) or Stripe's `amount_refunded`, whichever is
     * larger. `amount_cents` for a refunded order; below it for a partial refund (docs/payments.md, "Partial refunds").
     */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /**
     * A bundle's purchase (docs/payments.md, "Bundles"): set on the order row and on its other courses' rows. The
     * order row (`orderId` null) carries the amount paid and is the enrolment of the bundle's first course the
     * address did not own; each other course it opened is a row with `orderId` = the order's id, amount 0 and a
     * payment id `<payment intent>#course-<id>`, whose status and access follow the order's.
     */
    bundleId: integer("bundle_id").references(() => bundles.id),
    orderId: integer("order_id"),
    /** What was refunded at once for the bundle's courses the address already owned (pro rata of list prices). */
    creditCents: integer("credit_cents").notNull().default(0),
    /** The Stripe refund of `creditCents`, once Stripe made it (until then every recording of the payment retries it). */
    creditRefundId: text("credit_refund_id"),
    /**
     * A repeat purchase (the address already had the course: ADR 0008) is honoured as a paid order, and its receipt
     * carries a link to refund it: the SHA-256 of that link's token. Null for every other order.
     */
    refundLinkHash: text("refund_link_hash"),
  },
  (t) => [
    uniqueIndex("enrollments_payment_intent_uq").on(t.paymentIntentId),
    uniqueIndex("enrollments_refund_link_uq").on(t.refundLinkHash),
    index("enrollments_order_idx").on(t.orderId),
    index("enrollments_course_idx").on(t.courseId),
    index("enrollments_email_idx").on(t.email, t.courseId),
  ],
);

/**
 * A course bought as a gift (docs/payments.md, "Gifts"): its order (`enrollment_id`) carries the recipient's address,
 * so the recipient is the learner and the buyer never gets access. The cron e-mails the recipient an access link on
 * `send_on` (a UTC day, `YYYY-MM-DD`), claiming the row by setting `sent_at` (one send however many runs race). The
 * buyer manages the gift (resend, change the recipient) through the link in the receipt, whose token's SHA-256 is
 * `manage_token_hash`, until the recipient opens it (`redeemed_at`).
 */
export const gifts = sqliteTable(
  "gifts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    enrollmentId: integer("enrollment_id")
      .notNull()
      .references(() => enrollments.id),
    /** Who paid: the receipt and the manage link go here. Trimmed and lower-cased. */
    buyerEmail: text("buyer_email").notNull(),
    /** Who gets the course: always the same as the order's `email`. Trimmed and lower-cased. */
    recipientEmail: text("recipient_email").notNull(),
    recipientName: text("recipient_name").notNull().default(""),
    /** The buyer's words, shown in the gift e-mail as plain text. */
    message: text("message").notNull().default(""),
    /** The UTC day the gift e-mail is sent (the 5-minute cron after midnight UTC). */
    sendOn: text("send_on").notNull(),
    /** ISO UTC: when the gift e-mail was queued; null until then (and again after the recipient is changed). */
    sentAt: text("sent_at"),
    /** ISO UTC: when the recipient first opened the course with their link; no change after it. */
    redeemedAt: text("redeemed_at"),
    manageTokenHash: text("manage_token_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gifts_enrollment_uq").on(t.enrollmentId),
    uniqueIndex("gifts_manage_token_uq").on(t.manageTokenHash),
    index("gifts_due_idx").on(t.sentAt, t.sendOn),
    index("gifts_recipient_idx").on(t.recipientEmail),
  ],
);

/**
 * Courses sold together at one price (docs/payments.md, "Bundles"). Only a published bundle has a public page and
 * can be bought; `priceCents` is what the buyer pays, whatever they already own (the difference is refunded after
 * payment, so the price shown never depends on the address).
 */
export const bundles = sqliteTable("bundles", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  priceCents: integer("price_cents").notNull(),
  published: integer("published", { mode: "boolean" }).notNull().default(false),
  createdAt: createdAt(),
  updatedAt: text("updated_at"),
});

/** A bundle's courses, in the order its page lists them. A course in a bundle cannot be deleted (the FK). */
export const bundleCourses = sqliteTable(
  "bundle_courses",
  {
    bundleId: integer("bundle_id")
      .notNull()
      .references(() => bundles.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.courseId] }), index("bundle_courses_course_idx").on(t.courseId)],
);

/**
 * Discount codes (docs/payments.md, "Coupons"). `kind` "percent" takes `value` per cent off (1–100), "amount" takes
 * `value` cents off (never below zero). `courseIds` is a JSON array of course ids, or null for every course. The window
 * is [`startsAt`, `endsAt`) in ISO UTC, either end open when null. `maxUses` counts live redemptions (reserved or
 * redeemed); null means no limit. There is no limit per address (ADR 0008: no check against an unproven address can
 * enforce one without telling whoever typed it what the address bought).
 */
export const coupons = sqliteTable(
  "coupons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Upper case, letters, digits, `-` and `_` (app/lib/coupons.ts). */
    code: text("code").notNull(),
    kind: text("kind", { enum: ["percent", "amount"] }).notNull(),
    value: integer("value").notNull(),
    courseIds: text("course_ids"),
    startsAt: text("starts_at"),
    endsAt: text("ends_at"),
    maxUses: integer("max_uses"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("coupons_code_uq").on(t.code)],
);

/**
 * One use of a coupon, reserved when the PaymentIntent is created (one statement that counts the live uses, so the
 * last use cannot be taken twice), redeemed when the order is recorded, released when the payment fails, is
 * cancelled or its reservation expires. It keeps the coupon's terms at that moment: the webhook checks the amount
 * paid against `amountCents` here, not against the coupon as it is now.
 */
export const couponRedemptions = sqliteTable(
  "coupon_redemptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    /** The enrol-page attempt's idempotency key: a retried request reuses its reservation. */
    attemptKey: text("attempt_key").notNull(),
    /** Set once Stripe made the intent; `coupon-<id>` for a 100% coupon, which needs no payment. */
    paymentIntentId: text("payment_intent_id"),
    courseId: integer("course_id").notNull(),
    email: text("email").notNull(),
    priceCents: integer("price_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    /** What the buyer is charged: `priceCents - discountCents`. */
    amountCents: integer("amount_cents").notNull(),
    /** "reserved", "redeemed" or "released". */
    status: text("status", { enum: ["reserved", "redeemed", "released"] })
      .notNull()
      .default("reserved"),
    /** ISO UTC: a reservation still "reserved" after this no longer counts (the buyer left). */
    expiresAt: text("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupon_redemptions_attempt_uq").on(t.attemptKey),
    uniqueIndex("coupon_redemptions_intent_uq").on(t.paymentIntentId),
    index("coupon_redemptions_coupon_idx").on(t.couponId, t.status),
  ],
);

/**
 * Refunds Stripe told us about, per PaymentIntent (the largest amount refunded so far). Recorded before the
 * enrolment is updated, so that a refund event arriving before `payment_intent.succeeded` is applied by the
 * enrolment's own INSERT (app/server/payments/payments.server.ts): the end state does not depend on the events' order.
 */
export const paymentRefunds = sqliteTable("payment_refunds", {
  paymentIntentId: text("payment_intent_id").primaryKey(),
  refundId: text("refund_id"),
  refundedCents: integer("refunded_cents").notNull(),
  createdAt: createdAt(),
});

/**
 * The refunds of an order, for its page's history: each admin refund (full or partial, with its reason and who made
 * it) and each refund made in Stripe's dashboard (`created_by` "stripe"). `status` is "pending" while Stripe is asked
 * (its amount reserved in `enrollments.refunded_cents`), then "succeeded", or "failed" (the reservation released).
 */
export const orderRefunds = sqliteTable(
  "order_refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    enrollmentId: integer("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull().default(""),
    /** The admin's choice with this refund: the buyer's access to the course ends. */
    removeAccess: integer("remove_access", { mode: "boolean" }).notNull().default(false),
    status: text("status").notNull().default("pending"),
    /** Stripe's refund (`re_…`), once it answered. */
    stripeRefundId: text("stripe_refund_id"),
    /** The admin's e-mail address, or "stripe" for a refund made in Stripe's dashboard. */
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("order_refunds_enrollment_idx").on(t.enrollmentId), uniqueIndex("order_refunds_stripe_uq").on(t.stripeRefundId)],
);

/**
 * Succeeded payments that could not become an order because their course is unknown or deleted (an enrolment must
 * reference a course): refunded at once, kept here for the admin's Orders page. `status` is "refund-due" until
 * Stripe has the refund, then "refunded".
 */
export const unmatchedPayments = sqliteTable("unmatched_payments", {
  paymentIntentId: text("payment_intent_id").primaryKey(),
  /** The course id the PaymentIntent named (no reference: the course is gone or never existed). */
  courseId: integer("course_id"),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  email: text("email").notNull().default(""),
  reason: text("reason").notNull(),
  status: text("status").notNull().default("refund-due"),
  refundId: text("refund_id"),
  refundedAt: text("refunded_at"),
  createdAt: createdAt(),
});

/** Learner sessions: the cookie holds a random token; only its SHA-256 is stored. No account, no password. */
export const learnerSessions = sqliteTable(
  "learner_sessions",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    /**
     * Null: the inbox was proved (the session came from an e-mailed access link). A course id: the session started on
     * the payment-success page, unproven, and opens only that course; its progress and answers are kept under a key of
     * its own (`session:<id>`, app/server/learning/learner.server.ts), never under the address. No foreign key (SQLite's ALTER
     * TABLE cannot add one with ON DELETE): a session scoped to a deleted course opens nothing.
     */
    scopeCourseId: integer("scope_course_id"),
    /**
     * The order an unproven session was started from (the return page of its payment): it opens only what that order
     * grants while it is paid and not refunded (ADR 0008), never what the address owns through other orders. Null for a
     * proven session. No foreign key, as for the course.
     */
    enrollmentId: integer("enrollment_id"),
    createdAt: createdAt(),
    /** ISO timestamp. */
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("learner_sessions_expires_idx").on(t.expiresAt)],
);

/** Single-use access links, e-mailed to a buyer: only the token's SHA-256 is stored. */
export const accessTokens = sqliteTable(
  "access_tokens",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    /** Where the link lands (a course the address owns), or null for the learner's home. */
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("access_tokens_expires_idx").on(t.expiresAt)],
);

/** A learner's visits and completions, per lesson. The newest visit in a course is where it resumes. */
export const lessonProgress = sqliteTable(
  "lesson_progress",
  {
    email: text("email").notNull(),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    visitedAt: text("visited_at").notNull(),
    completedAt: text("completed_at"),
  },
  (t) => [primaryKey({ columns: [t.email, t.lessonId] }), index("lesson_progress_course_idx").on(t.email, t.courseId, t.visitedAt)],
);

/** A learner's answer to an assessment: the written text verbatim, or the latest quiz attempt and its grade. */
export const assessmentResponses = sqliteTable(
  "assessment_responses",
  {
    email: text("email").notNull(),
    assessmentId: integer("assessment_id")
      .notNull()
      .references(() => assessments.id, { onDelete: "cascade" }),
    answer: text("answer").notNull().default(""),
    /** JSON: the chosen index per question, in question order (quizzes only). */
    quizAnswers: text("quiz_answers", { mode: "json" }).$type<number[]>(),
    /** Percent of the last attempt (quizzes only). */
    score: integer("score"),
    passed: integer("passed", { mode: "boolean" }).notNull().default(false),
    attempts: integer("attempts").notNull().default(0),
    /**
     * The attempt on which the quiz was first passed (1 = first try); null until passed. `attempts` keeps counting
     * retries after a pass, so the learner insight's "attempts to pass" needs its own figure.
     */
    attemptsToPass: integer("attempts_to_pass"),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.assessmentId] })],
);

/** A completed course's certificate: its id is random and unguessable, so the link is the proof. */
export const certificates = sqliteTable(
  "certificates",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    issuedAt: createdAt(),
  },
  (t) => [uniqueIndex("certificates_email_course_uq").on(t.email, t.courseId)],
);

/**
 * Every transactional e-mail the site sends (app/server/mail/mail.server.ts): headers and metadata only. The body is
 * never stored: `data` is the template's input (names, amounts, a link), and the body is rendered from it when the
 * consumer delivers the mail and when the dev mailbox or the order page shows it (app/server/mail/templates).
 * Newsletter issues are not here: their per-recipient log is `newsletter_deliveries`.
 */
export const mailLog = sqliteTable(
  "mail_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    /** The template: "receipt", "access-link", … (`MailKind`). */
    kind: text("kind").notNull(),
    /**
     * The template's input as JSON (`MailDataByKind` in app/server/mail/render.server.ts), never the rendered body,
     * and without its credentials (single-use links: `MAIL_SECRET_FIELDS`): the consumer, the dev mailbox and the
     * order page render it again. Null on rows written before bodies stopped
     * being stored (the consumer fails those).
     */
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>(),
    /**
     * The credentials `data` leaves out (app/server/mail/credentials.server.ts): per field, the link without its token
     * and the token's SHA-256, so the consumer can issue a fresh link for a mail put back for the cron. Opens nothing.
     */
    credentials: text("credentials", { mode: "json" }).$type<Record<string, { url: string; tokenHash: string }>>(),
    /** Extra headers of the message as a JSON object (a newsletter's List-Unsubscribe pair), or null. */
    headers: text("headers", { mode: "json" }).$type<Record<string, string>>(),
    /** Which transport took it: "email-service" or "provider" (app/server/mail/transport.server.ts). */
    transport: text("transport"),
    /** "queued", "sent", "deferred" (a quota: waits for `deferredUntil`), "failed", "bounced" or "complained". */
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The transport's message id, once sent (the provider's webhooks name it). */
    providerId: text("provider_id"),
    /** A deferred mail is queued again by the cron once this time has passed. */
    deferredUntil: text("deferred_until"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
  },
  (t) => [
    index("mail_log_created_idx").on(t.createdAt),
    index("mail_log_to_idx").on(t.to),
    index("mail_log_deferred_idx").on(t.status, t.deferredUntil),
    index("mail_log_provider_idx").on(t.providerId),
  ],
);

/**
 * Newsletter subscribers, double opt-in (app/server/newsletter/subscriptions.server.ts): a signup is "pending" until its
 * e-mailed link is opened; only "confirmed" ones receive or count anywhere; "unsubscribed" ones are kept
 * for the undo window, then deleted by the daily retention job (app/server/site/retention.server.ts).
 */
export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Trimmed and lower-cased, so one address is stored once. */
    email: text("email").notNull().unique(),
    /** "pending", "confirmed" or "unsubscribed". */
    status: text("status").notNull().default("pending"),
    createdAt: createdAt(),
    /** The SHA-256 of the latest confirmation link's token (single use: only a pending row can be confirmed with it). */
    confirmTokenHash: text("confirm_token_hash"),
    /** When the latest confirmation link was sent, and when it stops working (7 days later). ISO timestamps. */
    confirmSentAt: text("confirm_sent_at"),
    confirmExpiresAt: text("confirm_expires_at"),
    confirmedAt: text("confirmed_at"),
    unsubscribedAt: text("unsubscribed_at"),
    /**
     * The random token of this subscriber's unsubscribe links, stored as is: every newsletter e-mail carries
     * it, so it must be readable at sending time, and it opens nothing but this subscription. The '' default
     * exists only because SQLite adds a NOT NULL column with one; every insert sets a token (the unique index
     * refuses a second '').
     */
    unsubscribeToken: text("unsubscribe_token").notNull().default(""),
    /** Why the address left: "unsubscribed" (by its link), "bounced", "complained" or "suppressed" (by the mail provider). */
    unsubscribeReason: text("unsubscribe_reason"),
    /** Where the signup came from, as for an enrolment (`enrollments.source`); null for a direct visit. */
    source: text("source"),
    medium: text("medium"),
    campaign: text("campaign"),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_confirm_token_uq").on(t.confirmTokenHash),
    uniqueIndex("newsletter_subscribers_unsubscribe_token_uq").on(t.unsubscribeToken),
    index("newsletter_subscribers_status_idx").on(t.status, t.createdAt),
  ],
);

/**
 * Newsletter issues (app/server/newsletter/issues.server.ts): a subject and a Markdown body, editable until
 * sent; `sentAt` set once, by the send that claims it, so an issue goes out once. Sent ones are the public
 * archive at /newsletter.
 */
/**
 * What is left of an issue's deleted delivery rows (`newsletter_issues.archived_counts`): how many were in each status,
 * how many subscribers unsubscribed after receiving it, and the failures (failed, bounced, complained) per reason code
 * (`error`, else the status). Names nobody: no subscriber id, no address.
 */
export type ArchivedDeliveryCounts = Record<NewsletterDeliveryStatus, number> & {
  unsubscribedSince: number;
  failures: Record<string, number>;
};

/** A newsletter delivery's statuses (`newsletter_deliveries.status`), in the order the admin counts them. */
export const NEWSLETTER_DELIVERY_STATUSES = ["queued", "handed", "sent", "failed", "bounced", "complained", "skipped"] as const;
export type NewsletterDeliveryStatus = (typeof NEWSLETTER_DELIVERY_STATUSES)[number];

export const newsletterIssues = sqliteTable(
  "newsletter_issues",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** The article it was started from, if any (kept as a plain id: deleting the article leaves the issue). */
    articleId: integer("article_id"),
    /** "full" (the whole body) or "excerpt" (an article's cover, first paragraphs and a "Continue reading" link). */
    format: text("format").notNull().default("full"),
    createdAt: createdAt(),
    updatedAt: text("updated_at"),
    /** When sending started (the owner pressed Send, or the schedule came due); the issue is then in the archive. */
    sentAt: text("sent_at"),
    /** The site origin at sending time, for the unsubscribe links the queue consumer puts in each mail. */
    sentOrigin: text("sent_origin"),
    /** A scheduled send (UTC ISO); the 5-minute cron starts it once due. */
    scheduledAt: text("scheduled_at"),
    /** Confirmed subscribers when sending started: "Sending to N subscribers". */
    recipientCount: integer("recipient_count"),
    /** The fan-out's progress: deliveries exist for every confirmed subscriber id up to this one. */
    fanoutCursor: integer("fanout_cursor").notNull().default(0),
    /** When the fan-out wrote its last page; null while it is still running. */
    fanoutDoneAt: text("fanout_done_at"),
    /** When the fan-out or a delivery last made progress: the cron resumes a send that stalled. */
    progressAt: text("progress_at"),
    /** A provider's daily quota paused the send until this time; the cron resumes it then. */
    pausedUntil: text("paused_until"),
    pauseReason: text("pause_reason"),
    /**
     * The counts of the deliveries the retention job deleted (13 months after they were written): added to the live
     * rows' counts by the admin's readers, so an issue's totals stay right forever. Null until the job first runs on it.
     */
    archivedCounts: text("archived_counts", { mode: "json" }).$type<ArchivedDeliveryCounts>(),
  },
  (t) => [index("newsletter_issues_sent_idx").on(t.sentAt), index("newsletter_issues_scheduled_idx").on(t.scheduledAt)],
);

/**
 * One row per recipient of a sent issue. UNIQUE (issue, subscriber) and the consumer's claim
 * (`queued` -> `handed`, one UPDATE) make sure nobody gets an issue twice, however often the queue redelivers.
 * The subscriber id is a plain integer (no foreign key): retention deletes unsubscribed addresses, and the
 * counts must outlive them, so `unsubscribedAt` is written on these rows when the subscriber unsubscribes.
 */
export const newsletterDeliveries = sqliteTable(
  "newsletter_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    issueId: integer("issue_id")
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id").notNull(),
    /**
     * "queued" (waiting for the consumer), "handed" (claimed by a consumer, being sent), "sent", "failed" (a
     * permanent error: see `error`), "bounced", "complained" (the provider's webhook) or "skipped" (no longer subscribed).
     */
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** The provider's message id, once sent. */
    providerId: text("provider_id"),
    /** Why it failed, as a short code ("suppressed", "invalid-address", "rejected"); shown in words on the issue page. */
    error: text("error"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
    unsubscribedAt: text("unsubscribed_at"),
  },
  (t) => [
    uniqueIndex("newsletter_deliveries_issue_subscriber_uq").on(t.issueId, t.subscriberId),
    index("newsletter_deliveries_subscriber_idx").on(t.subscriberId),
    index("newsletter_deliveries_issue_status_idx").on(t.issueId, t.status),
  ],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    handled: integer("handled", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

/** Bookkeeping for the idempotent seed. */
export const siteMeta = sqliteTable("site_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * The site's editable pages (app/lib/pages.ts): the home page's hero, poem and quote, About's mission and testimonials,
 * the four legal documents. `fields` is the page's fields as JSON, checked by its zod schema on every save and read.
 * A legal document shows `updated_at` as its "Last updated". Revisions go into content_revisions (content_type "page").
 */
export const pages = sqliteTable("pages", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  key: text("key").notNull().unique(),
  fields: text("fields").notNull(),
  updatedAt: text("updated_at").notNull(),
  /** The admin's username; null for the seed's rows. */
  updatedBy: text("updated_by"),
});

/** Admin sessions: the cookie holds a random token; only its SHA-256 hash is stored. */
export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    username: text("username").notNull(),
    createdAt: createdAt(),
    /** ISO timestamp. */
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("admin_sessions_expires_idx").on(t.expiresAt)],
);

/** Failed admin logins per client address, for the 5-in-15-minutes throttle. */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("login_attempts_ip_created_idx").on(t.ip, t.createdAt)],
);

/**
 * Abuse limits on the public writes (app/server/core/rate-limit.server.ts): one counter per bucket
 * ("newsletter", "contact", "payment-intent"), client address and fixed one-hour window.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    client: text("client").notNull(),
    /** Start of the window, in milliseconds since the epoch. */
    windowStart: integer("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.client, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

/**
 * Admin accounts (app/server/admin/accounts.server.ts): the owner manages accounts and sees orders, users and settings;
 * editors manage content, the newsletter and messages. `username` is the sign-in name (an editor's e-mail).
 */
export const adminAccounts = sqliteTable("admin_accounts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  username: text("username").notNull().unique(),
  /** pbkdf2_sha256$iterations$salt$hash (app/server/admin/password.server.ts). */
  passwordHash: text("password_hash").notNull(),
  /** "owner" | "editor" | "contributor" (app/lib/route-policy.ts, ADMIN_ROLES). */
  role: text("role").notNull(),
  createdAt: createdAt(),
});

/** Editor invitations: the link carries a random token; only its SHA-256 hash is stored. Single use, expiring. */
export const adminInvites = sqliteTable(
  "admin_invites",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    invitedBy: text("invited_by").notNull(),
    /** The role the account gets: "editor" or "contributor" (the owner chooses; an owner is never invited). */
    role: text("role").notNull().default("editor"),
    createdAt: createdAt(),
    /** ISO timestamp. */
    expiresAt: text("expires_at").notNull(),
    /** ISO timestamp; set when the invitation was accepted (or withdrawn). */
    usedAt: text("used_at"),
  },
  (t) => [index("admin_invites_email_idx").on(t.email)],
);

/** Who did what, when: one row per successful admin write (app/server/admin/audit.server.ts). */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actor: text("actor").notNull(),
    /** What was done, e.g. "refund" or "update". */
    action: text("action").notNull(),
    /** What it was done to: the admin path written to, e.g. "/admin/orders/12". */
    target: text("target").notNull(),
    /** Which thing it was done to, named: "editor@example.com", "photo.png (/media/ab….png)", "site settings". */
    object: text("object").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * The media library: images and audio uploaded from the admin, stored in R2 (binding MEDIA) under `key` and served at
 * /media/<key>. The key is the SHA-256 of the bytes plus an extension, so a file never changes under its URL.
 */
export const media = sqliteTable(
  "media",
  {
    key: text("key").primaryKey(),
    kind: text("kind", { enum: ["image", "audio"] }).notNull(),
    /** Sniffed from the bytes, never taken from the upload's name or declared type. */
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** Seconds, read from the container's headers, or entered by the admin when the format does not say. */
    durationSeconds: integer("duration_seconds"),
    /** Images: the default alt text offered when the file is picked for a field. */
    altText: text("alt_text").notNull().default(""),
    originalFilename: text("original_filename").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    uploadedAt: text("uploaded_at").notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [index("media_uploaded_at_idx").on(t.uploadedAt)],
);

/**
 * The history of the content types' items (app/server/content/revisions.server.ts): one row per save that changed
 * something, written in the same batch as the save. `snapshot` holds the item's form fields as JSON (the
 * registry's field list); `extra` what else the edit page saves (a course's outline), or null.
 */
export const contentRevisions = sqliteTable(
  "content_revisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The registry's key: "article", "practice", "resource" or "course". */
    contentType: text("content_type").notNull(),
    contentId: integer("content_id").notNull(),
    /** 1, 2, 3... per item; a revision keeps its number when older ones are pruned. */
    number: integer("number").notNull(),
    snapshot: text("snapshot").notNull(),
    extra: text("extra"),
    /** The admin account at the time of the save (null: the state the item had before history was kept). */
    savedById: integer("saved_by_id"),
    savedBy: text("saved_by"),
    /** What changed, e.g. "title, content" or "created" or "restored #3: title". */
    summary: text("summary").notNull(),
    createdAt: createdAt(),
    /**
     * "save": a revision of the history. "autosave": the editor's unsaved form as it was last autosaved, one row per
     * item and account (number 0, replaced in place; a real save by that account deletes it), never the live item.
     */
    kind: text("kind", { enum: ["save", "autosave"] })
      .notNull()
      .default("save"),
    /** An autosave's version of the item it was edited from (its updatedAt; "" never saved); null for a save. */
    baseVersion: text("base_version"),
  },
  (t) => [
    uniqueIndex("content_revisions_item_number_idx").on(t.contentType, t.contentId, t.number).where(sql`kind = 'save'`),
    uniqueIndex("content_revisions_autosave_idx").on(t.contentType, t.contentId, t.savedBy).where(sql`kind = 'autosave'`),
  ],
);

// ---------------------------------------------------------------- analytics (docs/analytics.md)
// Daily aggregates only: no row names a person, a device or an address. Days are UTC dates (YYYY-MM-DD).

/**
 * Page views and unique visitors per day and page: the route's pattern ("/articles/:id") and the content id its URL
 * names ('' for a page without one). `visitors` counts the day's distinct visitors of that page (a daily salted hash,
 * forgotten with the day: `analytics_seen`).
 */
export const analyticsPages = sqliteTable(
  "analytics_pages",
  {
    day: text("day").notNull(),
    pattern: text("pattern").notNull(),
    contentId: text("content_id").notNull().default(""),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.pattern, t.contentId] })],
);

/**
 * The same counts per day along one dimension of the visit: "site" (value '': the whole site), "referrer" (the
 * referring site's host), "source" (`utm_source` or `ref`), "medium", "campaign", "country" (ISO code) and "device"
 * ("mobile", "tablet", "desktop"). `visitors` of a dimension's value counts the day's visitors who came with it.
 */
export const analyticsDimensions = sqliteTable(
  "analytics_dimensions",
  {
    day: text("day").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    views: integer("views").notNull().default(0),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.value] })],
);

/** Plays of a practice's recording per day: started, reached half way, completed, and the seconds listened. */
export const analyticsPlays = sqliteTable(
  "analytics_plays",
  {
    day: text("day").notNull(),
    practiceId: integer("practice_id").notNull(),
    plays: integer("plays").notNull().default(0),
    halves: integer("halves").notNull().default(0),
    completions: integer("completions").notNull().default(0),
    secondsListened: integer("seconds_listened").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.practiceId] })],
);

/**
 * The day's salt for the unique-visitor hash (app/server/analytics/visitor-hash.server.ts): one random value per UTC
 * day, deleted once the day is over, after which no hash of that day can be recomputed.
 */
export const analyticsSalts = sqliteTable("analytics_salts", {
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
});

/**
 * The day's counted views per client (a hash of its address alone, salted with the day's salt), so that one client
 * counts at most MAX_VIEWS_PER_CLIENT_DAY views a day (app/server/analytics/aggregate.server.ts). Deleted with the
 * day's salt, and never in a backup.
 */
export const analyticsClients = sqliteTable(
  "analytics_clients",
  {
    day: text("day").notNull(),
    client: text("client").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.client] })],
);

/**
 * The day's bookkeeping for counting things once: a visitor's hash per scope ("v:<hash>" for the site,
 * "p:<page>:<hash>" for a page) and each play event ("play:<play id>:<event>"). Deleted with the day's salt.
 */
export const analyticsSeen = sqliteTable(
  "analytics_seen",
  {
    day: text("day").notNull(),
    key: text("key").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.key] })],
);

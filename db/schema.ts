/**
 * The whole database, one file. Drizzle reads it for queries and drizzle-kit
 * generates the SQL migrations in db/migrations from it.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`);

export const articles = sqliteTable(
  "articles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    /** Markdown. Empty means "use the spec's static body for this category". */
    content: text("content").notNull(),
    imageUrl: text("image_url").notNull(),
    category: text("category").notNull(),
    readingTime: integer("reading_time").notNull(),
    author: text("author").notNull(),
    featured: integer("featured", { mode: "boolean" }).notNull().default(false),
    /** ISO date, YYYY-MM-DD. */
    publishedDate: text("published_date").notNull(),
    createdAt: createdAt(),
    updatedAt: text("updated_at"),
  },
  (t) => [
    index("articles_published_idx").on(t.publishedDate, t.id),
    index("articles_featured_idx").on(t.featured, t.publishedDate),
    index("articles_category_idx").on(t.category),
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
    createdAt: createdAt(),
    updatedAt: text("updated_at"),
  },
  (t) => [index("practices_featured_idx").on(t.featured, t.id)],
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
});

export const courses = sqliteTable("courses", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  title: text("title").notNull(),
  description: text("description").notNull(),
  imageUrl: text("image_url").notNull(),
  level: text("level").notNull(),
  /** Hours. */
  duration: integer("duration").notNull(),
  /** US cents: money is never a float in the database. */
  priceCents: integer("price_cents").notNull(),
  createdAt: createdAt(),
});

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
  },
  (t) => [index("lessons_module_idx").on(t.moduleId, t.position)],
);

export const assessments = sqliteTable(
  "assessments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    kind: text("kind").notNull(),
  },
  (t) => [index("assessments_lesson_idx").on(t.lessonId)],
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("enrollments_payment_intent_uq").on(t.paymentIntentId),
    index("enrollments_course_idx").on(t.courseId),
  ],
);

export const newsletterSubscribers = sqliteTable("newsletter_subscribers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** Trimmed and lower-cased, so one address is stored once. */
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

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
 * Abuse limits on the public writes (app/server/rate-limit.server.ts): one counter per bucket
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

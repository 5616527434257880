/**
 * The media library: files in R2 (binding MEDIA), one row each in D1's `media` table.
 * - Upload: the request body is the file. Its first bytes say what it is (media-formats.server.ts); the rest streams
 *   to R2 (never held whole in memory) while it is hashed; the object is then stored under the SHA-256 of its bytes,
 *   so a URL always names the same bytes and is cached for a year. The same file uploaded twice is one item.
 * - Serving: /media/<key> (workers/app.ts, with byte ranges for audio seeking), except a lesson's recording, which only
 *   the lesson's recording route serves, to whoever may read the lesson (`isLessonRecording`; docs/http.md).
 * - Delete: refused while anything the site shows names the file: any text column of the tables staff write
 *   (USAGE_TABLES; every other table is in TABLES_NAMING_NO_FILE, and a test walks D1's schema for both).
 * - Image sizes: after an upload the admin's browser draws the image at each of IMAGE_WIDTHS narrower than it and sends
 *   each (`storeImageVariant`, kept under `variantKey`); /media/<key>?w=<width> serves it, and `withImageWidths` gives
 *   a page's images their width for their srcset (docs/content-and-markdown.md, "Image sizes").
 * - Who sees it: owners and editors the whole library; a contributor their own uploads and the images already public
 *   (`listMediaFor`).
 */
import { env } from "cloudflare:workers";
import { and, desc, eq, exists, getTableColumns, inArray, or, type SQL, sql } from "drizzle-orm";
import { getTableConfig, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  articleCategories,
  articles,
  assessments,
  authors,
  bundles,
  courseModules,
  courses,
  lessons,
  media,
  newsletterIssues,
  pages,
  practices,
  quizQuestions,
  recommendedBooks,
  resourceCategories,
  resources,
  siteMeta,
} from "../../../db/schema";
import type { AdminRole } from "~/lib/route-policy";
import { MEDIA_MAX_BYTES, type MediaKind, type mediaUploadSchema } from "~/lib/media-schemas";
import type { z } from "zod";
import type { Block, GalleryImage, Inline } from "~/lib/markdown";
import { IMAGE_WIDTHS, type ImageWidth, isResizableKey, variantKey } from "~/lib/image-sizes";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";
import { toHex } from "../core/session-tokens.server";
import { audioDuration, imageDimensions, sniffFormat } from "./media-formats.server";

export type MediaItem = typeof media.$inferSelect;
type UploadFields = z.infer<typeof mediaUploadSchema>;

/** The bucket of wrangler.toml's MEDIA binding. */
export const mediaBucket = (): R2Bucket => env.MEDIA;

/** workerd's crypto, with its DigestStream (the DOM's Crypto type, which the project also loads, lacks it). */
const WorkersCrypto = crypto as Crypto & { DigestStream: typeof DigestStream };

/** How much of the start of a file is read before streaming the rest: the type, and the headers with its size. */
const HEAD_BYTES = 256 * 1024;
/** How much of the end of an Ogg file is read for its last granule position. */
const TAIL_BYTES = 64 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const UNKNOWN_TYPE =
  "This file is not an image or a recording the library takes (JPEG, PNG, WebP, AVIF, GIF; Ogg/Opus, MP3, M4A, AAC, WAV).";

/**
 * Stores an upload. `body` is the file, `declaredLength` its Content-Length (required: R2 takes a stream of known length).
 * Refuses with 411 (no length), 413 (too large for its kind), 415 (not a format the library takes), 400 (empty, or an
 * audio file whose duration cannot be read and none was given).
 */
export async function uploadMedia(
  db: Database,
  bucket: R2Bucket,
  upload: { body: ReadableStream<Uint8Array> | null; declaredLength: number | null; fields: UploadFields; uploadedBy: string },
): Promise<MediaItem> {
  const { body, declaredLength, fields } = upload;
  if (declaredLength === null || !Number.isSafeInteger(declaredLength)) throw new HttpError(411, "Send the file with its Content-Length.");
  if (declaredLength === 0 || !body) throw new HttpError(400, "The file is empty.");
  if (declaredLength > MEDIA_MAX_BYTES.audio) throw new HttpError(413, `This file is larger than ${megabytes(MEDIA_MAX_BYTES.audio)}.`);

  const reader = body.getReader();
  const head = await readHead(reader, Math.min(HEAD_BYTES, declaredLength));
  const format = sniffFormat(head);
  if (!format) {
    await reader.cancel();
    throw new HttpError(415, UNKNOWN_TYPE);
  }
  const limit = MEDIA_MAX_BYTES[format.kind];
  if (declaredLength > limit) {
    await reader.cancel();
    throw new HttpError(413, `An ${format.kind} can be at most ${megabytes(limit)}; this one is ${megabytes(declaredLength)}.`);
  }

  // Stream to a temporary object while hashing, then move it under its hash (R2 has no rename: a streamed copy).
  const temporaryKey = `uploads/${crypto.randomUUID()}`;
  const digest = new WorkersCrypto.DigestStream("SHA-256");
  const sized = new FixedLengthStream(declaredLength);
  const pump = pumpInto(sized.writable, digest, head, reader);
  try {
    await Promise.all([bucket.put(temporaryKey, sized.readable), pump]);
  } catch {
    await bucket.delete(temporaryKey);
    throw new HttpError(400, "The upload was cut short or longer than its Content-Length. Try again.");
  }
  const hash = toHex(await digest.digest);
  const key = `${hash}.${format.extension}`;

  try {
    let duration: number | null = null;
    if (format.kind === "audio") {
      const tail = format.contentType === "audio/ogg" ? await readRange(bucket, temporaryKey, { suffix: TAIL_BYTES }) : new Uint8Array(0);
      duration = audioDuration(head, tail, declaredLength, format.contentType) ?? fields.duration;
      if (duration === null) {
        throw new HttpError(
          400,
          "The length of this recording cannot be read from the file: enter its duration in seconds and upload it again.",
        );
      }
    }
    const dimensions = format.kind === "image" ? imageDimensions(head, format.contentType) : null;
    if (format.kind === "image" && !dimensions) throw new HttpError(415, "This image's dimensions cannot be read: it may be damaged.");

    const existing = await getMedia(db, key);
    if (existing) return existing;
    const stored = await bucket.get(temporaryKey);
    if (!stored) throw new Error("The uploaded object vanished before it was moved.");
    await bucket.put(key, stored.body, { httpMetadata: { contentType: format.contentType } });
    const [row] = await db
      .insert(media)
      .values({
        key,
        kind: format.kind,
        contentType: format.contentType,
        bytes: declaredLength,
        width: dimensions?.width ?? null,
        height: dimensions?.height ?? null,
        durationSeconds: duration,
        altText: format.kind === "image" ? fields.alt : "",
        originalFilename: fields.filename,
        uploadedBy: upload.uploadedBy,
      })
      .onConflictDoNothing()
      .returning();
    return row ?? (await getMedia(db, key)) ?? Promise.reject(new Error("The media row was not stored."));
  } finally {
    await bucket.delete(temporaryKey);
  }
}

/** Reads from `reader` until `size` bytes (or the end), and returns them. */
async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>, size: number) {
  const head = new Uint8Array(size);
  let filled = 0;
  while (filled < size) {
    const { done, value } = await reader.read();
    if (done) break;
    const take = Math.min(value.byteLength, size - filled);
    head.set(value.subarray(0, take), filled);
    filled += take;
    // A read that goes past the head's size: the head takes the whole read (a stream cannot be pushed back).
    if (take < value.byteLength) return concat(head.subarray(0, filled), value.subarray(take));
  }
  return head.subarray(0, filled);
}

function concat(a: Uint8Array, b: Uint8Array) {
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a);
  joined.set(b, a.byteLength);
  return joined;
}

/** Writes `head` then the rest of `reader` to both the R2 stream and the hash. */
async function pumpInto(target: WritableStream, digest: DigestStream, head: Uint8Array, reader: ReadableStreamDefaultReader<Uint8Array>) {
  const out = target.getWriter();
  const hash = digest.getWriter();
  try {
    await Promise.all([out.write(head), hash.write(head)]);
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      await Promise.all([out.write(part.value), hash.write(part.value)]);
    }
    await Promise.all([out.close(), hash.close()]);
  } catch (error) {
    await out.abort(error).catch(() => {});
    throw error;
  }
}

async function readRange(bucket: R2Bucket, key: string, range: R2Range) {
  const object = await bucket.get(key, { range });
  return object ? new Uint8Array(await object.arrayBuffer()) : new Uint8Array(0);
}

export async function getMedia(db: Database, key: string): Promise<MediaItem | null> {
  return (await db.select().from(media).where(eq(media.key, key)).get()) ?? null;
}

/**
 * Whether a file is a lesson's recording (a paid lesson's, or a free preview's) and no practice's: then `/media/<key>`
 * does not serve it, and only the lesson's recording route does (app/routes/learn/recording.ts), to whoever may read
 * the lesson. A file a practice plays is public through the practice anyway.
 */
export async function isLessonRecording(db: Database, key: string): Promise<boolean> {
  const hash = key.slice(0, 64).toLowerCase();
  const [lessonRows, practiceRows] = await db.batch([
    db.select({ id: lessons.id }).from(lessons).where(sql`instr(lower(${lessons.audioUrl}), ${hash}) > 0`).limit(1),
    db.select({ id: practices.id }).from(practices).where(sql`instr(lower(${practices.audioUrl}), ${hash}) > 0`).limit(1),
  ]);
  return lessonRows.length > 0 && practiceRows.length === 0;
}

/** The library, newest first. */
export function listMedia(db: Database, kind?: "image" | "audio"): Promise<MediaItem[]> {
  const query = db.select().from(media);
  return (kind ? query.where(eq(media.kind, kind)) : query).orderBy(desc(media.uploadedAt)).limit(500);
}

export async function updateMediaAlt(db: Database, key: string, alt: string) {
  const [row] = await db.update(media).set({ altText: alt }).where(eq(media.key, key)).returning({ key: media.key });
  if (!row) throw new HttpError(404, "This file is not in the library.");
}

type UsageTable = {
  /** What the refusal calls a row: "Article", or a name made from the row's title (a setting's key). */
  name: string | ((title: string) => string);
  table: SQLiteTable;
  /** The column that names a row in the refusal. */
  title: SQLiteColumn;
  /** Where the row is on the public site (published), if it ever is: its images are every writer's to pick. */
  public?: SQL | "always";
};

/**
 * Every table whose text staff write for the site: a file is in use when any text column of any of their rows mentions
 * it (JSON columns too: a page's fields, an author's links, a quiz's choices), so a new column is covered without code
 * of its own. A new table must be listed here or in TABLES_NAMING_NO_FILE: media.server.test.ts walks D1's own schema
 * and fails on a table in neither.
 */
const USAGE_TABLES: UsageTable[] = [
  { name: "Article", table: articles, title: articles.title, public: eq(articles.status, "published") },
  { name: "Article category", table: articleCategories, title: articleCategories.name, public: "always" },
  { name: "Practice", table: practices, title: practices.title, public: eq(practices.status, "published") },
  { name: "Resource", table: resources, title: resources.title, public: "always" },
  { name: "Resource category", table: resourceCategories, title: resourceCategories.name, public: "always" },
  { name: "Recommended book", table: recommendedBooks, title: recommendedBooks.title, public: "always" },
  { name: "Author", table: authors, title: authors.name, public: "always" },
  { name: "Page", table: pages, title: pages.key, public: "always" },
  { name: "Course", table: courses, title: courses.title, public: eq(courses.status, "published") },
  { name: "Bundle", table: bundles, title: bundles.title, public: eq(bundles.published, true) },
  { name: "Module", table: courseModules, title: courseModules.title },
  { name: "Lesson", table: lessons, title: lessons.title },
  { name: "Assessment", table: assessments, title: assessments.title },
  { name: "Quiz question", table: quizQuestions, title: quizQuestions.prompt },
  { name: "Newsletter issue", table: newsletterIssues, title: newsletterIssues.subject },
  // Settings: the welcome e-mail's subject and body (welcome.*), the site's own (setting.*).
  {
    name: (key) => (key.startsWith("welcome.") ? "Welcome e-mail" : `Setting “${key}”`),
    table: siteMeta,
    title: siteMeta.key,
  },
];

/**
 * The tables no text of which names a file the site shows, and why. Together with USAGE_TABLES this is every table of
 * the database (media.server.test.ts). Visitors' and learners' own words are here on purpose: what someone outside the
 * staff types must not be able to keep a file from being deleted.
 */
export const TABLES_NAMING_NO_FILE: Record<string, string> = {
  media: "the library itself: keys, types, alt texts, file names",
  content_revisions: "past versions: restoring one whose file was deleted shows the fallback image",
  audit_log: "names the files it logged (an upload, a deletion); must not keep them",
  mail_log: "what past e-mails were made from, not what the site shows",
  coupons: "codes, kinds, courses and dates",
  coupon_redemptions: "orders' use of codes",
  enrollments: "orders: addresses, names, payment ids",
  gifts: "a buyer's message and addresses: a visitor's words",
  bundle_courses: "ids only",
  order_refunds: "refunds: amounts and reasons",
  payment_refunds: "refunds: ids and amounts",
  unmatched_payments: "payments Stripe took: ids",
  drip_notices: "addresses and module ids",
  learner_sessions: "sessions: hashes and addresses",
  access_tokens: "access links: hashes",
  lesson_progress: "a learner's progress",
  assessment_responses: "a learner's own answers",
  certificates: "a learner's name on a certificate",
  newsletter_subscribers: "addresses and tokens",
  newsletter_deliveries: "deliveries: addresses and statuses",
  contact_messages: "visitors' messages",
  admin_accounts: "accounts: names and password hashes",
  admin_invites: "invitations: hashes and addresses",
  admin_sessions: "sessions: hashes",
  login_attempts: "sign-in failures: clients",
  rate_limits: "counters: clients",
  analytics_pages: "aggregates: paths",
  analytics_dimensions: "aggregates: referrers and campaign tags",
  analytics_plays: "aggregates: plays",
  analytics_salts: "the day's salt",
  analytics_seen: "the day's visitor keys",
  analytics_clients: "the day's per-client view counts (salted hashes)",
};

/** The tables the in-use check reads, by their SQL name (for the schema walk). */
export const USAGE_TABLE_NAMES = USAGE_TABLES.map(({ table }) => getTableConfig(table).name);

/** A table's text columns, JSON ones included (Drizzle calls those "SQLiteTextJson"; SQLite has one type, text). */
const textColumnsOf = (table: SQLiteTable) => Object.values(getTableColumns(table)).filter((column) => column.getSQLType() === "text");

/** Where any text column of `table` contains the hash (lower-cased; `hash` an SQL expression or a value). */
const mentionsIn = (table: SQLiteTable, hash: SQL | string) =>
  or(...textColumnsOf(table).map((column) => sql`instr(lower(${column}), ${hash}) > 0`));

/**
 * What uses a file: "Article “Title”" and the like, for the delete refusal. A file's address can be written many ways
 * (`/media/<key>`, with `?v=2` or `#x` after it, `https://<site>/media/<key>`, in Markdown, a gallery, a resource's
 * URL, JSON, upper-case hex), but each holds the key's SHA-256, 64 hex digits no other file shares: any text column that
 * contains it, in any case, uses the file.
 */
export async function mediaUsage(db: Database, key: string): Promise<string[]> {
  const hash = key.slice(0, 64).toLowerCase();
  // instr rather than LIKE: D1 caps LIKE patterns, and a hash needs no wildcards.
  const queries = USAGE_TABLES.map(({ table, title }) =>
    db
      .select({ title: sql<string>`${title}` })
      .from(table)
      .where(mentionsIn(table, hash)),
  );
  const [first, ...rest] = queries;
  if (!first) return [];
  const results = await db.batch([first, ...rest]);
  return USAGE_TABLES.flatMap(({ name }, index) =>
    (results[index] ?? []).map((row) => (typeof name === "string" ? `${name} “${row.title}”` : name(row.title))),
  );
}

/**
 * The library as a contributor sees it in the pickers: their own uploads, and the images already public on the site
 * (named by published content), without who uploaded those or under what file name. Owners and editors see it all.
 */
export async function listMediaFor(db: Database, viewer: { role: AdminRole; username: string }, kind?: MediaKind) {
  if (viewer.role !== "contributor") return listMedia(db, kind);
  const hash = sql`substr(${media.key}, 1, 64)`;
  const onTheSite = or(
    ...USAGE_TABLES.flatMap(({ table, public: isPublic }) =>
      isPublic
        ? [
            exists(
              db
                .select({ one: sql`1` })
                .from(table)
                .where(and(isPublic === "always" ? undefined : isPublic, mentionsIn(table, hash))),
            ),
          ]
        : [],
    ),
  );
  const rows = await db
    .select()
    .from(media)
    .where(and(kind ? eq(media.kind, kind) : undefined, or(eq(media.uploadedBy, viewer.username), and(eq(media.kind, "image"), onTheSite))))
    .orderBy(desc(media.uploadedAt))
    .limit(500);
  // Someone else's image: its address, size and alt text (the page shows those anyway), not its uploader nor file name.
  return rows.map((row) =>
    row.uploadedBy === viewer.username ? row : { ...row, uploadedBy: "", originalFilename: `Image on the site (${row.key.slice(0, 8)})` },
  );
}

/** Deletes a file no content uses; 409 naming what uses it otherwise. */
export async function deleteMedia(db: Database, bucket: R2Bucket, key: string) {
  const item = await getMedia(db, key);
  if (!item) throw new HttpError(404, "This file is not in the library.");
  const usage = await mediaUsage(db, key);
  if (usage.length > 0) throw new HttpError(409, `This file is still used by ${usage.join(", ")}. Remove it there first.`);
  await db.delete(media).where(eq(media.key, key));
  await bucket.delete([key, ...(item.kind === "image" ? IMAGE_WIDTHS.map((width) => variantKey(key, width)) : [])]);
  return item;
}

/** The formats a variant may be: what a browser's canvas encodes (WebP, or JPEG where it cannot). */
const VARIANT_TYPES = new Set(["image/webp", "image/jpeg"]);

/**
 * Stores the admin's browser's drawing of the image `key` at `width` pixels wide (POST
 * /api/admin/media/<key>/variants/<width>). 404 for a file not in the library, not a still image, or (to a contributor)
 * not theirs; 400 for a width not in IMAGE_WIDTHS or not narrower than the original, or bytes of another width or shape;
 * 415 for bytes that are not WebP or JPEG; 411/413 as for uploads. A variant already stored is kept (its URL is cached).
 */
export async function storeImageVariant(
  db: Database,
  bucket: R2Bucket,
  variant: {
    key: string;
    width: number;
    body: ReadableStream<Uint8Array> | null;
    declaredLength: number | null;
    viewer: { role: AdminRole; username: string };
  },
): Promise<{ width: ImageWidth; stored: boolean }> {
  const { key, width, declaredLength, viewer } = variant;
  const item = isResizableKey(key) ? await getMedia(db, key) : null;
  const theirs = item && (viewer.role !== "contributor" || item.uploadedBy === viewer.username);
  if (!theirs || item.kind !== "image" || !item.width || !item.height) {
    throw new HttpError(404, "This image is not in the library.");
  }
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) throw new HttpError(400, `The width is one of ${IMAGE_WIDTHS.join(", ")}.`);
  if (width >= item.width) throw new HttpError(400, `This image is only ${item.width} pixels wide: no ${width}-pixel copy is needed.`);
  if (declaredLength === null || !Number.isSafeInteger(declaredLength)) throw new HttpError(411, "Send the file with its Content-Length.");
  if (declaredLength === 0 || !variant.body) throw new HttpError(400, "The file is empty.");
  if (declaredLength > MEDIA_MAX_BYTES.image) throw new HttpError(413, `An image can be at most ${megabytes(MEDIA_MAX_BYTES.image)}.`);
  const bytes = new Uint8Array(await new Response(variant.body).arrayBuffer());
  if (bytes.byteLength !== declaredLength)
    throw new HttpError(400, "The upload was cut short or longer than its Content-Length. Try again.");
  const format = sniffFormat(bytes);
  if (!format || !VARIANT_TYPES.has(format.contentType)) throw new HttpError(415, "A resized copy is a WebP or JPEG image.");
  const dimensions = imageDimensions(bytes, format.contentType);
  const height = Math.round((item.height * width) / item.width);
  if (!dimensions || dimensions.width !== width || Math.abs(dimensions.height - height) > 1) {
    throw new HttpError(400, `A ${width}-pixel copy of this image is ${width} × ${height} pixels.`);
  }
  const target = variantKey(key, width as ImageWidth);
  if (await bucket.head(target)) return { width: width as ImageWidth, stored: false };
  await bucket.put(target, bytes, { httpMetadata: { contentType: format.contentType } });
  return { width: width as ImageWidth, stored: true };
}

/**
 * `blocks` with each library image's own width (from D1, one query), which its srcset needs: a variant is only made
 * narrower than its original, and a srcset that promised a width the file has not would show it at the wrong size.
 * A copy: the parsed trees are shared (markdown.server.ts), never changed.
 */
export async function withImageWidths(db: Database, blocks: Block[]): Promise<Block[]> {
  const keys = new Set<string>();
  const keyOf = (src: string) =>
    src.startsWith(MEDIA_PREFIX) && isResizableKey(src.slice(MEDIA_PREFIX.length)) ? src.slice(MEDIA_PREFIX.length) : null;
  mapImages(blocks, (image) => {
    const key = keyOf(image.src);
    if (key) keys.add(key);
    return image;
  });
  if (keys.size === 0) return blocks;
  // D1 binds at most 100 parameters a query.
  const all = [...keys];
  const chunks = Array.from({ length: Math.ceil(all.length / 90) }, (_, i) => all.slice(i * 90, i * 90 + 90));
  const rows = await Promise.all(
    chunks.map((chunk) => db.select({ key: media.key, width: media.width }).from(media).where(inArray(media.key, chunk))),
  );
  const widths = new Map(rows.flat().map((row) => [row.key, row.width]));
  return mapImages(blocks, (image) => {
    const width = widths.get(keyOf(image.src) ?? "");
    return width ? { ...image, width } : image;
  });
}

type AnyImage = Extract<Inline, { type: "image" }> | GalleryImage;

/** The tree with each image replaced by `change(image)`; unchanged parts are the same objects. */
function mapImages(blocks: Block[], change: <T extends AnyImage>(image: T) => T): Block[] {
  const inline = (items: Inline[]): Inline[] =>
    items.map((item) => (item.type === "image" ? change(item) : "children" in item ? { ...item, children: inline(item.children) } : item));
  return blocks.map((block): Block => {
    switch (block.type) {
      case "paragraph":
      case "heading":
        return { ...block, children: inline(block.children) };
      case "list":
        return { ...block, items: block.items.map((entry) => mapImages(entry, change)) };
      case "blockquote":
        return { ...block, children: mapImages(block.children, change) };
      case "gallery":
        return { ...block, images: block.images.map((image) => change(image)) };
      default:
        return block;
    }
  });
}

const MEDIA_PREFIX = "/media/";

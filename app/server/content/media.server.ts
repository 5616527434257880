/**
 * The media library: files in R2 (binding MEDIA), one row each in D1's `media` table.
 * - Upload: the request body is the file. Its first bytes say what it is (media-formats.server.ts); the rest streams
 *   to R2 (never held whole in memory) while it is hashed; the object is then stored under the SHA-256 of its bytes,
 *   so a URL always names the same bytes and is cached for a year. The same file uploaded twice is one item.
 * - Serving: /media/<key> (workers/app.ts, with byte ranges for audio seeking), except a lesson's recording, which only
 *   the lesson's recording route serves, to whoever may read the lesson (`isLessonRecording`; docs/http.md).
 * - Delete: refused while an article, practice, course, lesson or newsletter issue uses the file.
 */
import { env } from "cloudflare:workers";
import { desc, eq, getTableColumns, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  articles,
  assessments,
  courseModules,
  courses,
  lessons,
  media,
  newsletterIssues,
  practices,
  quizQuestions,
  recommendedBooks,
  resources,
} from "../../../db/schema";
import { MEDIA_MAX_BYTES, type mediaUploadSchema } from "~/lib/media-schemas";
import type { z } from "zod";
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

/**
 * Every table whose text an editor writes, with the column that names a row: a file is in use when any text column
 * of any of their rows mentions it, so a new column or field is covered without code of its own.
 */
const CONTENT_TABLES = [
  ["Article", articles, articles.title],
  ["Practice", practices, practices.title],
  ["Resource", resources, resources.title],
  ["Recommended book", recommendedBooks, recommendedBooks.title],
  ["Course", courses, courses.title],
  ["Module", courseModules, courseModules.title],
  ["Lesson", lessons, lessons.title],
  ["Assessment", assessments, assessments.title],
  ["Quiz question", quizQuestions, quizQuestions.prompt],
  ["Newsletter issue", newsletterIssues, newsletterIssues.subject],
] as const;

/**
 * What uses a file: "Article “Title”" and the like, for the delete refusal. A file's address can be written many ways
 * (`/media/<key>`, with `?v=2` or `#x` after it, `https://<site>/media/<key>`, in Markdown, a gallery, a resource's
 * URL, upper-case hex), but each holds the key's SHA-256, 64 hex digits no other file shares: any text column that
 * contains it, in any case, uses the file.
 */
export async function mediaUsage(db: Database, key: string): Promise<string[]> {
  const hash = key.slice(0, 64).toLowerCase();
  // instr rather than LIKE: D1 caps LIKE patterns, and a hash needs no wildcards.
  const mentions = (column: SQLiteColumn) => sql`instr(lower(${column}), ${hash}) > 0`;
  const queries = CONTENT_TABLES.map(([, table, title]) => {
    const textColumns = Object.values(getTableColumns(table)).filter((column) => column.columnType === "SQLiteText");
    return db
      .select({ title })
      .from(table)
      .where(or(...textColumns.map(mentions)));
  });
  const [first, ...rest] = queries;
  if (!first) return [];
  const results = await db.batch([first, ...rest]);
  return CONTENT_TABLES.flatMap(([name], index) => (results[index] ?? []).map((row) => `${name} “${row.title}”`));
}

/** Deletes a file no content uses; 409 naming what uses it otherwise. */
export async function deleteMedia(db: Database, bucket: R2Bucket, key: string) {
  const item = await getMedia(db, key);
  if (!item) throw new HttpError(404, "This file is not in the library.");
  const usage = await mediaUsage(db, key);
  if (usage.length > 0) throw new HttpError(409, `This file is still used by ${usage.join(", ")}. Remove it there first.`);
  await db.delete(media).where(eq(media.key, key));
  await bucket.delete(key);
  return item;
}

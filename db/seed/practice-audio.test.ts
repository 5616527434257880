/**
 * Every practice's recording lasts the duration the site states, within 5%. The recordings are read through
 * Vite's `?inline` import (workerd tests have no file system): each is a data: URL of the file in public/audio (a
 * practice's) or db/seed/recordings (a lesson's, which is no static file: it is paid content).
 */
import { eq, like } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import * as schema from "../schema";
import { seedDatabase, seedRecordings } from "./index";
import { seedPractices } from "./practices";
import { seedTestDb, testDb } from "../../tests/support/db";

const recordings = import.meta.glob<string>(["/public/audio/*.ogg", "/db/seed/recordings/*.ogg"], {
  query: "?inline",
  import: "default",
  eager: true,
});

/** A file's bytes by its path from the project's root (`/public/audio/practice-1.ogg`). */
function fileBytes(path: string): Uint8Array<ArrayBuffer> {
  const dataUrl = recordings[path];
  if (!dataUrl) throw new Error(`no file ${path}`);
  const binary = atob(dataUrl.slice(dataUrl.indexOf(",") + 1));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A practice's recording, a static file of public/. */
const recordingBytes = (audioUrl: string) => fileBytes(`/public${audioUrl}`);
const lessonRecordingBytes = (file: string) => fileBytes(`/db/seed/recordings/${file}`);

/**
 * The playing time of an Ogg Opus file, in seconds (RFC 7845): the granule position of the last page
 * (in 48 kHz samples) minus the pre-skip that the OpusHead packet of the first page declares.
 */
function oggOpusSeconds(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const isPageAt = (i: number) => bytes[i] === 0x4f && bytes[i + 1] === 0x67 && bytes[i + 2] === 0x67 && bytes[i + 3] === 0x53;
  if (!isPageAt(0)) throw new Error("not an Ogg file");
  const firstPayload = 27 + view.getUint8(26);
  const head = new TextDecoder().decode(bytes.subarray(firstPayload, firstPayload + 8));
  if (head !== "OpusHead") throw new Error("not an Ogg Opus file");
  const preSkip = view.getUint16(firstPayload + 10, true);

  let last = bytes.length - 27;
  while (last > 0 && !isPageAt(last)) last--;
  if (!(view.getUint8(last + 5) & 0x04)) throw new Error("the last Ogg page is not an end-of-stream page (truncated file?)");
  const granule = view.getBigInt64(last + 6, true);
  return (Number(granule) - preSkip) / 48_000;
}

describe("lesson recordings are not static files", () => {
  it("each seeded lesson names its file by the file's SHA-256 in the media bucket, and no such file is in public/", async () => {
    const recorded = seedRecordings();
    expect(recorded.length).toBeGreaterThanOrEqual(3);
    const publicFiles = Object.keys(recordings).filter((path) => path.startsWith("/public/"));
    for (const { file, audioUrl } of recorded) {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", lessonRecordingBytes(file)));
      const hash = [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
      expect(audioUrl).toBe(`/media/${hash}.ogg`);
      expect(publicFiles.filter((path) => path.endsWith(`/${file}`))).toEqual([]);
    }
  });

  it("a database seeded at version 6 has its lessons' /audio/ recordings renamed to the bucket's", async () => {
    const db = await seedTestDb();
    const [first] = seedRecordings();
    assert(first, "a recording");
    await db
      .update(schema.lessons)
      .set({ audioUrl: `/audio/${first.file}` })
      .where(eq(schema.lessons.audioUrl, first.audioUrl));
    await db.update(schema.siteMeta).set({ value: "6" }).where(eq(schema.siteMeta.key, "seed_version"));
    expect(await seedDatabase(testDb())).toEqual({ seeded: true });
    const rows = await db
      .select({ audioUrl: schema.lessons.audioUrl })
      .from(schema.lessons)
      .where(like(schema.lessons.audioUrl, "/audio/%"));
    expect(rows).toEqual([]);
  });
});

describe("practice recordings", () => {
  it("the Ogg Opus reader agrees with opusinfo on a recording it does not otherwise check", () => {
    // `opusinfo db/seed/recordings/lesson-grounding-senses.ogg`: "Playback length: 2m:57.650s".
    expect(oggOpusSeconds(lessonRecordingBytes("lesson-grounding-senses.ogg"))).toBeCloseTo(177.65, 2);
    expect(() => oggOpusSeconds(lessonRecordingBytes("lesson-grounding-senses.ogg").subarray(0, 5000))).toThrow(/end-of-stream/);
  });

  it("every practice's recording lasts its stated duration, within 5%", async () => {
    const db = await seedTestDb();
    const practices = await db.select().from(schema.practices).all();
    expect(practices.length).toBe(seedPractices.length);
    const found = practices.map((p) => ({ id: p.id, minutes: p.duration, seconds: oggOpusSeconds(recordingBytes(p.audioUrl)) }));
    for (const { id, minutes, seconds } of found) {
      expect(
        Math.abs(seconds - minutes * 60) / (minutes * 60),
        `practice ${id}: ${seconds.toFixed(1)} s for ${minutes} min`,
      ).toBeLessThanOrEqual(0.05);
    }
  });

  it("every transcript marks its guided silences, which the recording renders", () => {
    for (const practice of seedPractices) {
      expect(practice.transcript, `practice ${practice.id}`).toMatch(/\[(\d+|one|two|three|four|five|ten) (minutes?|seconds) of silence\]/);
    }
  });

  it("a database seeded at an older version receives the current transcripts", async () => {
    const db = await seedTestDb();
    await db.update(schema.practices).set({ transcript: "old" }).where(eq(schema.practices.id, 1));
    await db
      .update(schema.siteMeta)
      // Version 2 had the transcripts without guided silences.
      .set({ value: "2" })
      .where(eq(schema.siteMeta.key, "seed_version"));
    expect(await seedDatabase(testDb())).toEqual({ seeded: true });
    const practice = await db.select().from(schema.practices).where(eq(schema.practices.id, 1)).get();
    expect(practice?.transcript).toBe(seedPractices[0]?.transcript);
  });
});

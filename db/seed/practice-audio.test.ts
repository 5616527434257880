/**
 * Every practice's recording lasts the duration the site states, within 5%. The recordings are read through
 * Vite's `?inline` import (workerd tests have no file system): each is a data: URL of the file in public/audio.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../schema";
import { seedDatabase } from "./index";
import { seedPractices } from "./practices";
import { seedTestDb, testDb } from "../../tests/support/db";

const recordings = import.meta.glob<string>("/public/audio/*.ogg", { query: "?inline", import: "default", eager: true });

function recordingBytes(audioUrl: string): Uint8Array {
  const dataUrl = recordings[`/public${audioUrl}`];
  if (!dataUrl) throw new Error(`no file public${audioUrl}`);
  const binary = atob(dataUrl.slice(dataUrl.indexOf(",") + 1));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

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

describe("practice recordings", () => {
  it("the Ogg Opus reader agrees with opusinfo on a recording it does not otherwise check", () => {
    // `opusinfo public/audio/lesson-grounding-senses.ogg`: "Playback length: 2m:57.650s".
    expect(oggOpusSeconds(recordingBytes("/audio/lesson-grounding-senses.ogg"))).toBeCloseTo(177.65, 2);
    expect(() => oggOpusSeconds(recordingBytes("/audio/lesson-grounding-senses.ogg").subarray(0, 5000))).toThrow(/end-of-stream/);
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

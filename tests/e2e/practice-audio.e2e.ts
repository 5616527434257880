import { describe, expect, it } from "vitest";
import { seedPractices } from "../../db/seed/practices";
import { baseURL, gotoHydrated, openPagePerTest } from "./browser";

const t = openPagePerTest();
const longest = seedPractices.reduce((a, b) => (b.duration > a.duration ? b : a));

describe("a long practice recording in the browser", () => {
  it(`the ${longest.duration}-minute practice plays a recording of that length and seeks to its last minute`, async () => {
    await gotoHydrated(t.page, `/practices/${longest.id}`);
    const seconds = await t.page.evaluate(async () => {
      const audio = document.querySelector("audio")!;
      if (!(audio.duration > 0)) await new Promise((resolve) => audio.addEventListener("loadedmetadata", resolve, { once: true }));
      return audio.duration;
    });
    expect(Math.abs(seconds - longest.duration * 60) / (longest.duration * 60)).toBeLessThanOrEqual(0.05);

    // Seeking far into the file plays from there: the playhead moves on from the seek target.
    const target = seconds - 60;
    await t.page.evaluate(async (target) => {
      const audio = document.querySelector("audio")!;
      audio.muted = true;
      audio.currentTime = target;
      await new Promise((resolve) => audio.addEventListener("seeked", resolve, { once: true }));
      await audio.play();
    }, target);
    await t.page.waitForFunction((target) => (document.querySelector("audio")?.currentTime ?? 0) > target + 0.5, target, {
      timeout: 15_000,
    });
    const position = await t.page.evaluate(() => {
      const audio = document.querySelector("audio")!;
      audio.pause();
      return audio.currentTime;
    });
    expect(position).toBeGreaterThan(target + 0.5);
    expect(position).toBeLessThanOrEqual(seconds);

    // A player that has not downloaded the whole file asks for its end by a range, and gets just that.
    const tail = await fetch(`${baseURL}${longest.audioUrl}`, { headers: { Range: "bytes=-4096" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("Content-Range")).toMatch(/^bytes \d+-\d+\/\d+$/);
    expect((await tail.arrayBuffer()).byteLength).toBe(4096);
  });
});

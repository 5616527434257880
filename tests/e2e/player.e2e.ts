import { describe, expect, it } from "vitest";
import { gotoHydrated, openPagePerTest } from "./browser";

const t = openPagePerTest();

const clockSeconds = (text: string | null) => {
  const [m, s] = (text ?? "")
    .replace(/[^\d:]/g, "")
    .split(":")
    .map(Number);
  return m * 60 + s;
};
const elapsed = async () => clockSeconds(await t.page.getByTestId("elapsed").textContent());

describe("practice player", () => {
  it("plays the real audio: time advances, the bar seeks by keyboard, pause stops it", async () => {
    await gotoHydrated(t.page, "/practices/1");
    const audioDuration = await t.page.evaluate(async () => {
      const audio = document.querySelector("audio")!;
      if (!(audio.duration > 0)) await new Promise((resolve) => audio.addEventListener("loadedmetadata", resolve, { once: true }));
      return audio.duration;
    });
    expect(audioDuration).toBeGreaterThan(30);
    // Remaining time follows the recording, not the stated duration.
    expect(clockSeconds(await t.page.getByTestId("remaining").textContent())).toBe(Math.floor(audioDuration));

    await t.page.getByRole("button", { name: "Play" }).click();
    await t.page.waitForFunction(() => (document.querySelector("audio")?.currentTime ?? 0) > 1.2);
    expect(await elapsed()).toBeGreaterThanOrEqual(1);

    const bar = t.page.getByLabel("Position in the practice");
    await bar.focus();
    await t.page.keyboard.press("PageUp");
    await t.page.keyboard.press("PageUp");
    await t.page.waitForFunction(() => (document.querySelector("audio")?.currentTime ?? 0) > 8);

    await t.page.getByRole("button", { name: "Pause" }).click();
    expect(await t.page.evaluate(() => document.querySelector("audio")!.paused)).toBe(true);
  });

  it("mute really mutes the audio", async () => {
    await gotoHydrated(t.page, "/practices/2");
    await t.page.getByRole("button", { name: "Mute" }).click();
    expect(await t.page.evaluate(() => document.querySelector("audio")!.muted)).toBe(true);
    await t.page.getByRole("button", { name: "Unmute" }).click();
    expect(await t.page.evaluate(() => document.querySelector("audio")!.muted)).toBe(false);
  });

  it("leaving the practice pauses it", async () => {
    await gotoHydrated(t.page, "/practices/1");
    await t.page.getByRole("button", { name: "Play" }).click();
    await t.page.waitForFunction(() => !document.querySelector("audio")!.paused);
    await t.page.evaluate(() => {
      (window as unknown as { playerAudio: HTMLAudioElement }).playerAudio = document.querySelector("audio")!;
    });
    await t.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await t.page.waitForURL(/\/about$/);
    await t.page.waitForFunction(() => (window as unknown as { playerAudio: HTMLAudioElement }).playerAudio.paused, undefined, {
      timeout: 3000,
    });
    expect(await t.page.locator("audio").count()).toBe(0);
  });

  it("without its recording it runs as a silent timer over the stated duration and says so", async () => {
    await t.page.route("**/audio/**", (route) => route.fulfill({ status: 404, body: "" }));
    await gotoHydrated(t.page, "/practices/1");
    await t.page.getByText(/recording could not be loaded/).waitFor();
    const stated = Number(/(\d+) minute/.exec((await t.page.locator("main header").textContent()) ?? "")![1]);
    expect(clockSeconds(await t.page.getByTestId("remaining").textContent())).toBe(stated * 60);
    await t.page.getByRole("button", { name: "Play" }).click();
    await t.page.waitForFunction(() => document.querySelector('[data-testid="elapsed"]')?.textContent?.includes("0:02"), undefined, {
      timeout: 5000,
    });
    await t.page.getByRole("button", { name: "Pause" }).click();
  });

  it("the transcript is shown under the player", async () => {
    await gotoHydrated(t.page, "/practices/1");
    const transcript = await t.page.locator("section", { has: t.page.getByRole("heading", { name: "Transcript" }) }).textContent();
    expect((transcript ?? "").length).toBeGreaterThan(200);
    expect(transcript).not.toMatch(/\[(pause|long pause|bell)\]/);
  });
});

describe("saved practices", () => {
  it("saving persists across reloads and shows on the card; saving again un-saves", async () => {
    await gotoHydrated(t.page, "/practices/2");
    const save = t.page.getByRole("button", { name: "Save practice" });
    await save.click();
    await t.page.getByRole("button", { name: "Saved" }).waitFor();
    await t.page.reload();
    await t.page.waitForSelector("html[data-hydrated]");
    expect(await t.page.getByRole("button", { name: "Saved" }).getAttribute("aria-pressed")).toBe("true");

    await gotoHydrated(t.page, "/practices");
    const cardButton = t.page.locator('[data-testid="practice-list"] a[href="/practices/2"] ~ button');
    expect(await cardButton.getAttribute("aria-pressed")).toBe("true");
    await cardButton.click();
    expect(await cardButton.getAttribute("aria-pressed")).toBe("false");
    await gotoHydrated(t.page, "/practices/2");
    await t.page.getByRole("button", { name: "Save practice" }).waitFor();
  });
});

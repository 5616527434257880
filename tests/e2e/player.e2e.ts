import { describe, expect, it } from "vitest";
import { gotoHydrated, openPagePerTest } from "./browser";

const t = openPagePerTest();

const clockSeconds = (text: string | null) => {
  const [m = Number.NaN, s = Number.NaN] = (text ?? "")
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
    // Remaining time follows the recording, not the stated duration (once React has drawn the metadata's event).
    await expect.poll(async () => clockSeconds(await t.page.getByTestId("remaining").textContent())).toBe(Math.floor(audioDuration));

    await t.page.getByRole("button", { name: "Play" }).click();
    await t.page.waitForFunction(() => (document.querySelector("audio")?.currentTime ?? 0) > 1.2);
    // The elapsed clock is drawn on the audio's next timeupdate event (up to ~250 ms later): wait for it.
    await expect.poll(elapsed).toBeGreaterThanOrEqual(1);

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
    // Rendered from the script's Markdown, with no stage direction left ("[pause]", "[2 minutes of silence]").
    expect(transcript).toContain("Take three slow breaths.");
    expect(transcript).not.toMatch(/\[[^\]]*\]/);
  });
});

describe("saved practices", () => {
  it("saving persists across reloads and shows on the card; saving again un-saves", async () => {
    await gotoHydrated(t.page, "/practices/2");
    const save = t.page.getByRole("button", { name: "Save for offline" });
    await save.click();
    await t.page.getByRole("button", { name: "Remove" }).waitFor();
    await t.page.reload();
    await t.page.waitForSelector("html[data-hydrated]");
    await t.page.getByRole("button", { name: "Remove" }).waitFor();
    expect(await t.page.locator("[data-saved]").first().textContent()).toContain("Saved");

    await gotoHydrated(t.page, "/practices");
    const cardButton = t.page.locator('[data-testid="practice-list"] a[href="/practices/2"] ~ button');
    expect(await cardButton.getAttribute("aria-pressed")).toBe("true");
    await cardButton.click();
    expect(await cardButton.getAttribute("aria-pressed")).toBe("false");
    await gotoHydrated(t.page, "/practices/2");
    await t.page.getByRole("button", { name: "Save for offline" }).waitFor();
  });
});

/** Waits for the recording's length and returns the audio's current position. */
const audioTime = () => t.page.evaluate(() => document.querySelector("audio")!.currentTime);
async function openWithMetadata(path: string) {
  await gotoHydrated(t.page, path);
  return t.page.evaluate(async () => {
    const audio = document.querySelector("audio")!;
    if (!(audio.duration > 0)) await new Promise((resolve) => audio.addEventListener("loadedmetadata", resolve, { once: true }));
    return audio.duration;
  });
}
/** Clicks the button named `name`, waits for the audio to play, and pauses it; gives the time it was at before the pause. */
async function playThenPause(name: string) {
  await t.page.getByRole("button", { name }).click();
  await t.page.waitForFunction(() => !document.querySelector("audio")!.paused);
  const time = await audioTime();
  await t.page.getByRole("button", { name: "Pause" }).click();
  return time;
}
const hint = () => t.page.getByTestId("player-hint");

describe("practice player controls", () => {
  it("the skip buttons move 15 s, arrow keys 5 s, J and L 15 s, Home and End to the ends", async () => {
    const duration = await openWithMetadata("/practices/1");
    await t.page.getByRole("button", { name: "Forward 15 seconds" }).click();
    await expect.poll(audioTime).toBeCloseTo(15, 0);
    await t.page.getByRole("button", { name: "Forward 15 seconds" }).click();
    await expect.poll(audioTime).toBeCloseTo(30, 0);
    await t.page.getByRole("button", { name: "Back 15 seconds" }).click();
    await expect.poll(audioTime).toBeCloseTo(15, 0);

    await t.page.getByLabel("Position in the practice").focus();
    await t.page.keyboard.press("ArrowRight");
    await expect.poll(audioTime).toBeCloseTo(20, 0);
    await t.page.keyboard.press("ArrowLeft");
    await t.page.keyboard.press("ArrowLeft");
    await expect.poll(audioTime).toBeCloseTo(10, 0);
    await t.page.keyboard.press("l");
    await expect.poll(audioTime).toBeCloseTo(25, 0);
    await t.page.keyboard.press("j");
    await expect.poll(audioTime).toBeCloseTo(10, 0);
    await t.page.keyboard.press("End");
    await expect.poll(audioTime).toBeGreaterThan(duration - 1);
    await t.page.keyboard.press("Home");
    await expect.poll(audioTime).toBe(0);
  });

  it("the speed buttons set the playback rate and say which is on", async () => {
    await openWithMetadata("/practices/1");
    const speeds = t.page.getByRole("group", { name: "Speed" });
    expect(await speeds.getByRole("button", { name: "1×", exact: true }).getAttribute("aria-pressed")).toBe("true");
    await speeds.getByRole("button", { name: "1.25×" }).click();
    await expect.poll(() => t.page.evaluate(() => document.querySelector("audio")!.playbackRate)).toBe(1.25);
    expect(await speeds.getByRole("button", { name: "1.25×" }).getAttribute("aria-pressed")).toBe("true");
    expect(await speeds.getByRole("button", { name: "1×", exact: true }).getAttribute("aria-pressed")).toBe("false");
    await speeds.getByRole("button", { name: "0.75×" }).click();
    await expect.poll(() => t.page.evaluate(() => document.querySelector("audio")!.playbackRate)).toBe(0.75);
  });

  it("coming back offers to resume from the saved position, and Start over resets it", async () => {
    await openWithMetadata("/practices/1");
    await t.page.getByRole("button", { name: "Play" }).click();
    await t.page.waitForFunction(() => !document.querySelector("audio")!.paused);
    await t.page.evaluate(() => {
      document.querySelector("audio")!.currentTime = 252;
    });
    await t.page.getByRole("button", { name: "Pause" }).click();

    await t.page.reload();
    await t.page.waitForSelector("html[data-hydrated]");
    expect(await playThenPause("Resume from 4:12")).toBeGreaterThanOrEqual(252);

    await t.page.reload();
    await t.page.waitForSelector("html[data-hydrated]");
    await t.page.getByRole("button", { name: /^Resume from 4:1\d$/ }).waitFor();
    expect(await playThenPause("Start over")).toBeLessThan(3);

    await t.page.reload();
    await t.page.waitForSelector("html[data-hydrated]");
    await hint()
      .getByText(/press play/)
      .waitFor();
    expect(await t.page.getByRole("button", { name: /^Resume from/ }).count()).toBe(0);
    // The offer is per practice: another practice starts fresh.
    await gotoHydrated(t.page, "/practices/2");
    expect(await t.page.getByRole("button", { name: /^Resume from/ }).count()).toBe(0);
  });

  it("the hint follows the state: ready, playing, paused, finished with the next practice; never -0:00", async () => {
    const duration = await openWithMetadata("/practices/1");
    expect(await hint().textContent()).toMatch(/press play/);
    await t.page.getByRole("button", { name: "Play" }).click();
    await hint()
      .getByText(/^Playing/)
      .waitFor();
    await t.page.getByRole("button", { name: "Pause" }).click();
    await hint()
      .getByText(/^Paused at 0:0\d/)
      .waitFor();

    await t.page.evaluate((end) => {
      document.querySelector("audio")!.currentTime = end;
    }, duration - 1.5);
    await t.page.getByRole("button", { name: "Play" }).click();
    await hint()
      .getByText(/^Finished/)
      .waitFor({ timeout: 5000 });
    const next = hint().getByRole("link", { name: "Returning to the Breath" });
    expect(await next.getAttribute("href")).toBe("/practices/2");
    expect(await t.page.getByTestId("remaining").textContent()).not.toMatch(/-\s*0:00/);
    expect(await t.page.getByTestId("remaining").textContent()).toMatch(/0:00/);
    expect(await t.page.getByRole("button", { name: "Play" }).count()).toBe(1);
  });

  it("sets the Media Session: title, artwork, play/pause, seek backward/forward and the position", async () => {
    await t.page.addInitScript(() => {
      const session = navigator.mediaSession;
      const handlers: Record<string, ((details: object) => void) | null> = {};
      const positions: MediaPositionState[] = [];
      Object.assign(window, { mediaHandlers: handlers, mediaPositions: positions });
      const setActionHandler = session.setActionHandler.bind(session);
      session.setActionHandler = (action, handler) => {
        handlers[action] = handler as ((details: object) => void) | null;
        setActionHandler(action, handler);
      };
      const setPositionState = session.setPositionState.bind(session);
      session.setPositionState = (state) => {
        if (state) positions.push(state);
        setPositionState(state);
      };
    });
    type Recorded = { mediaHandlers: Record<string, ((details: object) => void) | null>; mediaPositions: MediaPositionState[] };
    await openWithMetadata("/practices/1");
    await t.page.getByRole("button", { name: "Play" }).click();
    await t.page.waitForFunction(() => !document.querySelector("audio")!.paused && navigator.mediaSession.metadata !== null);
    const session = await t.page.evaluate(() => {
      const metadata = navigator.mediaSession.metadata;
      const { mediaHandlers } = window as unknown as Recorded;
      return {
        title: metadata?.title,
        artwork: metadata?.artwork.map((image) => image.src) ?? [],
        actions: Object.keys(mediaHandlers).filter((action) => mediaHandlers[action]),
      };
    });
    expect(session.title).toBe("The View From Above");
    expect(session.artwork.some((src) => src.endsWith("/images/practices/practice-1.svg"))).toBe(true);
    expect(session.actions).toEqual(expect.arrayContaining(["play", "pause", "seekbackward", "seekforward", "seekto"]));

    await t.page.evaluate(() => (window as unknown as Recorded).mediaHandlers.pause!({ action: "pause" }));
    await t.page.waitForFunction(() => document.querySelector("audio")!.paused);
    const before = await audioTime();
    await t.page.evaluate(() => (window as unknown as Recorded).mediaHandlers.seekforward!({ action: "seekforward" }));
    await expect.poll(audioTime).toBeCloseTo(before + 15, 0);
    await expect
      .poll(() => t.page.evaluate(() => (window as unknown as Recorded).mediaPositions.at(-1)?.position ?? -1))
      .toBeCloseTo(before + 15, 0);
    const last = await t.page.evaluate(() => (window as unknown as Recorded).mediaPositions.at(-1)!);
    expect(last.duration).toBeGreaterThan(60);
    expect(last.playbackRate).toBe(1);
  });

  it("the pause icon draws two bars with a gap between them, not a solid block", async () => {
    await openWithMetadata("/practices/1");
    await t.page.getByRole("button", { name: "Play" }).click();
    const pixels = await t.page.getByRole("button", { name: "Pause" }).evaluate(async (button) => {
      const svg = button.querySelector("svg")!.cloneNode(true) as SVGSVGElement;
      svg.setAttribute("width", "48");
      svg.setAttribute("height", "48");
      svg.setAttribute("color", "#000");
      const image = new Image();
      image.src = `data:image/svg+xml,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = 48;
      canvas.height = 48;
      const context = canvas.getContext("2d")!;
      context.drawImage(image, 0, 0);
      const alphaAt = (x: number, y: number) => context.getImageData(x, y, 1, 1).data[3];
      // Middle column (x = 12 of the 24-unit box) and each bar's middle, at mid height.
      return { gap: alphaAt(24, 24), left: alphaAt(18, 24), right: alphaAt(30, 24) };
    });
    expect(pixels.left).toBeGreaterThan(200);
    expect(pixels.right).toBeGreaterThan(200);
    expect(pixels.gap).toBe(0);
  });
});

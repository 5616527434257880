/**
 * Issue #37, §3.12: a practice skipped to its end was reported as completed. The player's play reports (the controller's
 * `reportPlays`) now need listening: "half" after half the recording heard in the play, "complete" after 90%, never a
 * position reached by seeking. In happy-dom, with the audio element's clock driven by hand.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPlayerController, type LivePlayer } from "./practice-player-controller";

type Beacon = { practiceId: number; playId: string; event: string; seconds: number };
let sent: Beacon[] = [];

beforeEach(() => {
  sent = [];
  Object.defineProperty(navigator, "sendBeacon", {
    configurable: true,
    value: (_url: string, body: string) => {
      sent.push(JSON.parse(body) as Beacon);
      return true;
    },
  });
});
afterEach(() => vi.restoreAllMocks());

/** An audio element of a 100-second recording whose clock and paused state the test sets, and a controller on it. */
function player() {
  const audio = document.createElement("audio");
  let time = 0;
  let paused = true;
  Object.defineProperty(audio, "duration", { configurable: true, get: () => 100 });
  Object.defineProperty(audio, "currentTime", {
    configurable: true,
    get: () => time,
    set: (t: number) => {
      time = t;
    },
  });
  Object.defineProperty(audio, "paused", { configurable: true, get: () => paused });
  const state = { position: 0, playing: false, finished: false, failed: false } as LivePlayer["state"];
  const live = { current: { state, seek: () => {}, togglePlay: () => {}, set: () => {}, formatClock: String } as LivePlayer };
  const controller = createPlayerController(audio, live, { timerDuration: 100, practiceId: 7 });
  const play = () => {
    paused = false;
    audio.dispatchEvent(new Event("play"));
  };
  /** Plays from here to `to`, one second at a time (listening). */
  const listenTo = (to: number) => {
    while (time < to) {
      time += 1;
      audio.dispatchEvent(new Event("timeupdate"));
    }
  };
  /** Jumps to `to` (a seek or a skip: not listening). */
  const seekTo = (to: number) => {
    time = to;
    audio.dispatchEvent(new Event("timeupdate"));
  };
  const end = () => {
    paused = true;
    audio.dispatchEvent(new Event("ended"));
  };
  return { controller, play, listenTo, seekTo, end };
}

describe("a practice's play reports", () => {
  it("a play skipped to its end reports its start only: no half-way point, no completion", () => {
    const p = player();
    p.play();
    p.listenTo(5);
    p.seekTo(99);
    p.listenTo(100);
    p.end();
    expect(sent.map((b) => b.event)).toEqual(["start"]);
    p.controller.dispose();
  });

  it("a play heard through reports start, half and complete, with the seconds heard", () => {
    const p = player();
    p.play();
    p.listenTo(50);
    expect(sent.map((b) => b.event)).toEqual(["start", "half"]);
    // A short skip does not cost the completion: 90% heard is enough.
    p.seekTo(58);
    p.listenTo(100);
    p.end();
    expect(sent.map((b) => b.event)).toEqual(["start", "half", "complete"]);
    expect(sent.reduce((total, b) => total + b.seconds, 0)).toBe(92);
  });
});

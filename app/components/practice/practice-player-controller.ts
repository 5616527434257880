/**
 * The practice player's enhancements, loaded by a dynamic import() when the visitor first touches or focuses the
 * player (app/components/practice/practice-player.tsx), so a first visit does not download them: skipping, keys, speed,
 * the hint after the first play, the lock-screen and hardware controls (Media Session), saving the
 * position for "Resume from…", the silent timer that stands in for a recording that cannot load, and a practice's
 * play reports to the site's own analytics (docs/analytics.md: the only analytics code any public page runs, and only
 * here).
 */
import type { KeyboardEvent, RefObject } from "react";
import type { PlayEvent } from "~/lib/analytics";
import { PLAY_BEACON_PATH } from "~/lib/play-beacon";
import type { PlayerState } from "./practice-player";

/** What the controller reads of the player: its latest state and handlers (through a ref the player keeps current). */
export type LivePlayer = {
  state: PlayerState;
  seek: (seconds: number) => void;
  togglePlay: () => void;
  set: (patch: Partial<PlayerState>) => void;
  /** "4:12": passed in, so that this chunk imports nothing and its import() needs no preload list. */
  formatClock: (seconds: number) => string;
};

export type PlayerController = ReturnType<typeof createPlayerController>;

/**
 * The lock screen's title and artwork, where the position is saved (none: not saved), the silent timer's length, and
 * the practice whose plays are reported (none: a lesson's recording, not reported).
 */
export type ControllerOptions = { title?: string; artworkUrl?: string; storageKey?: string; timerDuration: number; practiceId?: number };

/** How far the skip buttons, J and L, and the lock screen's skip (when it does not say) move. */
const SKIP_SECONDS = 15;
/** Keys the player answers while focus is inside it: seconds to move by (Home and End go to the ends). */
const KEY_MOVES: Record<string, number> = {
  ArrowLeft: -5,
  ArrowRight: 5,
  j: -SKIP_SECONDS,
  l: SKIP_SECONDS,
  Home: Number.NEGATIVE_INFINITY,
  End: Number.POSITIVE_INFINITY,
};
/** The shares of a recording a play must have heard to report its half-way point and its completion. */
const HALF_SHARE = 0.5;
const COMPLETE_SHARE = 0.9;
/** A position closer than this to either end is not worth offering to resume. */
const RESUME_MARGIN_SECONDS = 5;

/** Registers a cleanup for `dispose`, and an event listener on the audio removed then. */
type Lifetime = { onDispose: (cleanup: () => void) => void; listen: (type: string, handler: () => void) => void };

export function createPlayerController(audio: HTMLAudioElement, live: RefObject<LivePlayer>, options: ControllerOptions) {
  const cleanups: (() => void)[] = [];
  const onDispose = (cleanup: () => void) => void cleanups.push(cleanup);
  const listen = (type: string, handler: () => void) => {
    audio.addEventListener(type, handler);
    onDispose(() => audio.removeEventListener(type, handler));
  };
  const lifetime = { onDispose, listen };

  const seek = (seconds: number) => live.current.seek(seconds);
  const skip = (seconds: number) => seek(live.current.state.position + seconds);

  savePositionWhilePlaying(audio, options.storageKey, lifetime);
  const session = "mediaSession" in navigator ? navigator.mediaSession : null;
  if (session) connectMediaSession(session, audio, live, { ...options, seek, skip }, lifetime);
  const toggleTimer = silentTimer(live, options.timerDuration, lifetime);
  if (options.practiceId) reportPlays(audio, options.practiceId, lifetime);

  return {
    seek,
    skip,
    onKey(event: KeyboardEvent<HTMLElement>) {
      const move = KEY_MOVES[event.key];
      if (event.altKey || event.ctrlKey || event.metaKey || (move === undefined && event.key !== "k")) return;
      event.preventDefault();
      if (move === undefined) live.current.togglePlay();
      else skip(move);
    },
    setRate(rate: number) {
      audio.playbackRate = rate;
    },
    /** The status line once the visitor has used the player (before, the player says how to start). */
    hint({ finished, playing, position }: PlayerState) {
      if (finished) return "Finished. Take a moment before moving on.";
      if (playing) return "Playing. Arrow keys move 5 s, J and L 15 s, K pauses.";
      return position > 0 ? `Paused at ${live.current.formatClock(position)}. Press play to continue.` : null;
    },
    /** Silent-timer mode: starts or stops the timer (`start` also switches the player into that mode). */
    toggleTimer,
    dispose() {
      for (const cleanup of cleanups) cleanup();
    },
  };
}

/** The position, saved per recording (under `storageKey`; none: not saved) on every new second and on pause; forgotten near either end. */
function savePositionWhilePlaying(audio: HTMLAudioElement, storageKey: string | undefined, { listen }: Lifetime) {
  let savedSecond = -1;
  const savePosition = () => {
    const { currentTime, duration } = audio;
    if (!storageKey || Math.floor(currentTime) === savedSecond) return;
    savedSecond = Math.floor(currentTime);
    if (currentTime < RESUME_MARGIN_SECONDS || currentTime > duration - RESUME_MARGIN_SECONDS) localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, currentTime.toFixed(1));
  };
  listen("timeupdate", savePosition);
  listen("pause", savePosition);
}

/** The lock screen and hardware keys (Media Session): the title and artwork, play, pause and seek, and the position shown there. */
function connectMediaSession(
  session: MediaSession,
  audio: HTMLAudioElement,
  live: RefObject<LivePlayer>,
  options: ControllerOptions & { seek: (seconds: number) => void; skip: (seconds: number) => void },
  { onDispose, listen }: Lifetime,
) {
  const { seek, skip } = options;
  if (options.title) {
    session.metadata = new MediaMetadata({
      title: options.title,
      artwork: options.artworkUrl ? [{ src: new URL(options.artworkUrl, location.href).href }] : [],
    });
  }
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ["play", () => live.current.state.playing || live.current.togglePlay()],
    ["pause", () => live.current.state.playing && live.current.togglePlay()],
    ["seekbackward", (details) => skip(-(details.seekOffset ?? SKIP_SECONDS))],
    ["seekforward", (details) => skip(details.seekOffset ?? SKIP_SECONDS)],
    ["seekto", (details) => seek(details.seekTime ?? 0)],
  ];
  for (const [name, handler] of handlers) {
    try {
      session.setActionHandler(name, handler);
      onDispose(() => session.setActionHandler(name, null));
    } catch {
      // A browser that does not know an action throws; the others still work.
    }
  }
  const updatePosition = () => {
    if (live.current.state.failed || !(audio.duration > 0)) return;
    session.setPositionState({
      duration: audio.duration,
      playbackRate: audio.playbackRate,
      position: Math.min(audio.currentTime, audio.duration),
    });
  };
  for (const type of ["timeupdate", "seeked", "ratechange", "durationchange"]) listen(type, updatePosition);
  const updatePlaybackState = () => {
    session.playbackState = audio.paused ? "paused" : "playing";
  };
  listen("play", updatePlaybackState);
  listen("pause", updatePlaybackState);
  updatePosition();
  onDispose(() => {
    session.metadata = null;
    session.playbackState = "none";
  });
}

/** Silent-timer mode, for a recording that cannot load: one tick a second while "playing". Gives its start/stop switch. */
function silentTimer(live: RefObject<LivePlayer>, timerDuration: number, { onDispose }: Lifetime) {
  let tick: number | undefined;
  const stopTimer = () => {
    window.clearInterval(tick);
    tick = undefined;
    live.current.set({ playing: false });
  };
  onDispose(stopTimer);
  return (start = false) => {
    if (tick !== undefined && !start) return stopTimer();
    const { position } = live.current.state;
    live.current.set({ failed: true, playing: true, finished: false, position: position >= timerDuration ? 0 : position });
    window.clearInterval(tick);
    tick = window.setInterval(() => {
      const next = Math.min(live.current.state.position + 1, timerDuration);
      live.current.set({ position: next });
      if (next >= timerDuration) {
        stopTimer();
        live.current.set({ finished: true });
      }
    }, 1000);
  };
}

/**
 * A practice's plays, reported to the site's own analytics (POST PLAY_BEACON_PATH, app/server/analytics/plays.server.ts)
 * with `navigator.sendBeacon`, which survives the page being closed: the start, the half-way point and the end of each
 * play, each once, with the seconds of the recording heard since the play's previous report (a seek is not listening).
 * "half" and "complete" need that much listening, not a position: half and 90% of the recording heard in the play, so a
 * play skipped to its end is no completion (the server bounds the seconds too: app/server/analytics/plays.server.ts).
 * A play gets a random id, kept in memory only, so the same report sent twice is counted once; ending starts a new play.
 * Nothing is stored on the device, and the silent timer (no recording) reports nothing.
 */
function reportPlays(audio: HTMLAudioElement, practiceId: number, { listen }: Lifetime) {
  let play: { id: string; sent: Set<PlayEvent>; heard: number } | null = null;
  let heard = 0;
  let last = audio.currentTime;
  const report = (event: PlayEvent) => {
    if (!play || play.sent.has(event)) return;
    play.sent.add(event);
    const beacon = { practiceId, playId: play.id, event, seconds: Math.round(heard) };
    heard = 0;
    navigator.sendBeacon?.(PLAY_BEACON_PATH, JSON.stringify(beacon));
  };
  /** Whether this play has heard `share` of the recording (seeks and skips are not listening). */
  const listenedTo = (share: number) => play !== null && Number.isFinite(audio.duration) && play.heard >= audio.duration * share;
  const start = () => {
    if (play || !crypto.randomUUID) return;
    play = { id: crypto.randomUUID(), sent: new Set(), heard: 0 };
    heard = 0;
    report("start");
  };
  listen("play", start);
  listen("timeupdate", () => {
    const step = audio.currentTime - last;
    last = audio.currentTime;
    if (!audio.paused && step > 0 && step < 2) {
      heard += step;
      if (play) play.heard += step;
    }
    if (listenedTo(HALF_SHARE)) report("half");
  });
  listen("ended", () => {
    // Reaching the end by skipping is not finishing: "complete" needs most of the recording heard in this play.
    if (listenedTo(COMPLETE_SHARE)) {
      report("half");
      report("complete");
    }
    play = null;
  });
  // The first press of play may have started the recording before this module had loaded.
  if (!audio.paused) start();
}

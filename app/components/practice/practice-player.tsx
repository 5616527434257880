import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatClock } from "~/lib/format";
import { MuteIcon, PauseIcon, PlayIcon, VolumeIcon } from "./player-icons";
import type { ControllerOptions, LivePlayer, PlayerController } from "./practice-player-controller";

/** Where the player keeps each recording's position in this browser. */
export const positionStorageKey = (resumeKey: string) => `player-position:${resumeKey}`;

/** Makes a control's handler that the controller runs (loaded by then: touching or focusing the player started it). */
type Later = <A extends unknown[]>(run: (c: PlayerController, ...args: A) => void) => (...args: A) => void;

export type PlayerExtrasProps = {
  state: PlayerState;
  set: (patch: Partial<PlayerState>) => void;
  later: Later;
  togglePlay: () => void;
  audioRef: React.RefObject<HTMLAudioElement | null>;
};

export type PlayerState = {
  playing: boolean;
  finished: boolean;
  muted: boolean;
  failed: boolean;
  position: number;
  duration: number | null;
  rate: number;
  /** The saved position offered on coming back ("Resume from 4:12"), until the visitor chooses. */
  resumeFrom?: number;
  /** Once loaded: the controls' behaviour beyond play and pause. */
  controller?: PlayerController;
};

const INITIAL_STATE: PlayerState = {
  playing: false,
  finished: false,
  muted: false,
  failed: false,
  position: 0,
  duration: null,
  rate: 1,
};

/**
 * Plays the practice's recording. Progress, elapsed and remaining follow the audio; the bar, the skip buttons and the
 * keys seek. If the recording cannot load, the player becomes a silent timer over the stated duration and says so.
 * What runs at load stays small (the budget in docs/performance.md): the Media Session, saving the position and the
 * silent timer are in practice-player-controller.ts, loaded when the visitor first touches or focuses the player.
 */
export function PracticePlayer({
  audioUrl,
  durationMinutes,
  label = "Practice player",
  title,
  artworkUrl,
  resumeKey,
  practiceId,
  next,
  action,
  extras,
}: {
  audioUrl: string;
  durationMinutes: number;
  label?: string;
  /** For the lock screen (Media Session). */
  title?: string;
  artworkUrl?: string;
  /** Saves the position per recording in local storage and offers to resume it. */
  resumeKey?: string;
  /** The practice whose plays are reported to the site's own analytics (docs/analytics.md); a lesson's recording has none. */
  practiceId?: number;
  /** Suggested when the recording ends. */
  next?: { href: string; title: string } | null;
  /** Beside the status line: the practice page's "Save practice" (a lesson's recording has none). */
  action?: React.ReactNode;
  /** More controls under the bar: the practice page's skip, speed and resume (practice-player-extras.tsx). */
  extras?: (props: PlayerExtrasProps) => React.ReactNode;
}) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [state, setState] = useState<PlayerState>(INITIAL_STATE);
  const set = (patch: Partial<PlayerState>) => setState((s) => ({ ...s, ...patch }));
  const { playing, failed, position, controller } = state;
  const timerDuration = durationMinutes * 60;
  const total = failed ? timerDuration : (state.duration ?? timerDuration);

  // The controller reads the latest state and calls the latest handlers through this ref.
  const live = { state, seek, togglePlay, set, formatClock };
  const liveRef = useRef(live);
  liveRef.current = live;
  const storageKey = resumeKey && positionStorageKey(resumeKey);
  const { enhance, later, loading } = useLazyController(audioRef, liveRef, set, {
    title,
    artworkUrl,
    storageKey,
    timerDuration,
    practiceId,
  });
  useMetadataAfterHydration(audioRef, set, loading);

  // Play stays here, not in the controller: browsers allow play() only in the click's own task.
  function togglePlay() {
    const audio = audioRef.current;
    set({ resumeFrom: undefined });
    enhance();
    if (!audio || failed) return later((c) => c.toggleTimer())();
    if (!audio.paused) return audio.pause();
    // Playing from the end starts again from the beginning (the media element does so itself).
    audio.play().catch(later((c) => c.toggleTimer(true)));
  }

  // Seeking and muting stay here: the bar and the mute button answer at once, even before the controller loads.
  function seek(seconds: number) {
    const clamped = Math.min(Math.max(seconds, 0), total);
    set({ position: clamped, finished: false });
    if (!failed && audioRef.current) audioRef.current.currentTime = clamped;
  }
  function toggleMute() {
    if (audioRef.current) audioRef.current.muted = !state.muted;
    set({ muted: !state.muted });
  }

  return (
    <section
      aria-label={label}
      className="rounded-2xl border border-border bg-card p-6 shadow-sm"
      onKeyDown={(e) => controller?.onKey(e)}
      onFocus={enhance}
      onPointerDown={enhance}
    >
      <PlayerAudio audioRef={audioRef} src={audioUrl} set={set} />
      <div className="flex items-center gap-4">
        <PlayButton playing={playing} onClick={togglePlay} />
        <PlayerProgress position={position} total={total} onSeek={seek} />
        <MuteButton muted={state.muted} onClick={toggleMute} />
      </div>
      {extras?.({ state, set, later, togglePlay, audioRef })}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" role="status" data-testid="player-hint">
          {failed
            ? `The recording could not be loaded, so the player runs as a silent ${durationMinutes}-minute timer.`
            : (controller?.hint(state) ?? "Find a comfortable position, then press play.")}
          {state.finished && next && <NextPractice next={next} />}
        </p>
        {action}
      </div>
    </section>
  );
}

type AudioRef = React.RefObject<HTMLAudioElement | null>;
type SetState = (patch: Partial<PlayerState>) => void;

/**
 * The controller, loaded on the first call of `enhance` (the visitor touched or focused the player) and kept; `later`
 * makes a handler that runs once it has loaded.
 */
function useLazyController(audioRef: AudioRef, liveRef: React.RefObject<LivePlayer>, set: SetState, options: ControllerOptions) {
  const loading = useRef<Promise<PlayerController>>(null);
  function enhance() {
    loading.current ??= import("./practice-player-controller").then((m) => {
      const loaded = m.createPlayerController(audioRef.current as HTMLAudioElement, liveRef, options);
      set({ controller: loaded });
      return loaded;
    });
    return loading.current;
  }
  const later: Later =
    (run) =>
    (...args) =>
      enhance().then((c) => run(c, ...args));
  return { enhance, later, loading };
}

/**
 * The HTML says preload="none" so the recording stays off the first load of the page on a slow phone; once the
 * page has hydrated, its metadata (the real length) is fetched. It may also have failed before hydration, when
 * React was not yet listening. Leaving the page (or changing practice) pauses it and disposes of the controller.
 */
function useMetadataAfterHydration(audioRef: AudioRef, set: SetState, loading: React.RefObject<Promise<PlayerController> | null>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration; set only wraps the stable setState
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.error || audio.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) set({ failed: true });
    else if (audio.preload === "none") {
      audio.preload = "metadata";
      audio.load();
    }
    if (audio.duration > 0) set({ duration: audio.duration });
    // Leaving the page (or changing practice) pauses; the element is captured now, React clears the ref first.
    return () => {
      audio.pause();
      loading.current?.then((c) => c.dispose());
    };
  }, []);
}

/** The media element: its events keep the state (length, position, playing, rate, failure). */
function PlayerAudio({ audioRef, src, set }: { audioRef: AudioRef; src: string; set: SetState }) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: there is no caption file; the page shows the recording's transcript as text
    <audio
      ref={audioRef}
      src={src}
      preload="none"
      onLoadedMetadata={(e) => set({ duration: e.currentTarget.duration })}
      onTimeUpdate={(e) => set({ position: e.currentTarget.currentTime })}
      onPlay={() => set({ playing: true, finished: false })}
      onPause={() => set({ playing: false })}
      onEnded={() => set({ playing: false, finished: true })}
      onRateChange={(e) => set({ rate: e.currentTarget.playbackRate })}
      onError={() => set({ failed: true, playing: false })}
    />
  );
}

function PlayButton({ playing, onClick }: { playing: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground hover:opacity-90"
      aria-label={playing ? "Pause" : "Play"}
    >
      {playing ? <PauseIcon className="h-6 w-6" /> : <PlayIcon className="h-6 w-6" />}
    </button>
  );
}

/** The position bar (a range input that seeks), with the time elapsed and the time remaining under it. */
function PlayerProgress({ position, total, onSeek }: { position: number; total: number; onSeek: (seconds: number) => void }) {
  const progress = total > 0 ? (position / total) * 100 : 0;
  const remaining = Math.floor(total) - Math.floor(position);
  return (
    <div className="flex-1">
      <label htmlFor="practice-progress" className="sr-only">
        Position in the practice
      </label>
      <input
        id="practice-progress"
        type="range"
        min={0}
        max={Math.max(1, Math.round(total))}
        step={1}
        value={Math.round(position)}
        onChange={(e) => onSeek(Number(e.target.value))}
        aria-valuetext={`${formatClock(position)} of ${formatClock(total)}`}
        className="practice-progress w-full"
        style={{ "--progress": `${progress}%` } as React.CSSProperties}
      />
      <div className="mt-1 flex justify-between text-sm tabular-nums text-muted-foreground">
        <span data-testid="elapsed">
          <span className="sr-only">Elapsed </span>
          {formatClock(position)}
        </span>
        <span data-testid="remaining">
          <span className="sr-only">Remaining </span>
          {remaining > 0 && "-"}
          {formatClock(remaining)}
        </span>
      </div>
    </div>
  );
}

function MuteButton({ muted, onClick }: { muted: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={muted}
      aria-label={muted ? "Unmute" : "Mute"}
      className="inline-flex h-11 w-11 items-center justify-center rounded-md text-foreground hover:bg-muted"
    >
      {muted ? <MuteIcon /> : <VolumeIcon />}
    </button>
  );
}

/** The status line's suggestion once the recording has ended. */
function NextPractice({ next }: { next: { href: string; title: string } }) {
  return (
    <>
      {" Next: "}
      <Link to={next.href} className="font-medium text-foreground underline underline-offset-2">
        {next.title}
      </Link>
    </>
  );
}

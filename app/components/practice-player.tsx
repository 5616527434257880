import { useEffect, useRef, useState } from "react";
import { formatClock } from "~/lib/format";
import { MuteIcon, PauseIcon, PlayIcon, VolumeIcon } from "./icons";

/**
 * Plays the practice's recording. Progress, elapsed and remaining follow the audio; the bar seeks by
 * pointer and keyboard. If the recording cannot load, the player becomes a silent timer over the
 * practice's stated duration and says so.
 */
export function PracticePlayer({
  audioUrl,
  durationMinutes,
  label = "Practice player",
  action,
}: {
  audioUrl: string;
  durationMinutes: number;
  label?: string;
  /** Beside the status line: the practice page's "Save practice" (a lesson's recording has none). */
  action?: React.ReactNode;
}) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [position, setPosition] = useState(0);
  const [audioDuration, setAudioDuration] = useState<number | null>(null);
  const [audioFailed, setAudioFailed] = useState(false);

  const timerDuration = durationMinutes * 60;
  const total = audioFailed ? timerDuration : (audioDuration ?? timerDuration);

  // The HTML says preload="none" so the recording (300+ KB) stays off the first load of the page on a
  // slow phone; once the page has hydrated, its metadata (the real length) is fetched. It may also have
  // failed before hydration, when React was not yet listening.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.error || audio.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) setAudioFailed(true);
    else if (audio.preload === "none") {
      audio.preload = "metadata";
      audio.load();
    }
    if (Number.isFinite(audio.duration) && audio.duration > 0) setAudioDuration(audio.duration);
  }, []);

  // Leaving the page (or changing practice) pauses. The element is captured now: React clears the
  // ref before this cleanup runs.
  useEffect(() => {
    const audio = audioRef.current;
    return () => audio?.pause();
  }, []);

  // Silent-timer mode: one tick a second while "playing".
  useEffect(() => {
    if (!audioFailed || !playing) return;
    const tick = window.setInterval(() => {
      setPosition((p) => {
        const next = Math.min(p + 1, timerDuration);
        if (next >= timerDuration) setPlaying(false);
        return next;
      });
    }, 1000);
    return () => window.clearInterval(tick);
  }, [audioFailed, playing, timerDuration]);

  async function togglePlay() {
    const audio = audioRef.current;
    if (audioFailed || !audio) {
      if (!playing && position >= timerDuration) setPosition(0);
      setPlaying((p) => !p);
      return;
    }
    if (audio.paused) {
      if (audio.ended) audio.currentTime = 0;
      try {
        await audio.play();
      } catch {
        setAudioFailed(true);
        setPlaying(true);
      }
    } else {
      audio.pause();
    }
  }

  function seek(seconds: number) {
    const clamped = Math.min(Math.max(seconds, 0), total);
    setPosition(clamped);
    if (!audioFailed && audioRef.current) audioRef.current.currentTime = clamped;
  }

  function toggleMute() {
    setMuted((m) => {
      if (audioRef.current) audioRef.current.muted = !m;
      return !m;
    });
  }

  const progress = total > 0 ? (position / total) * 100 : 0;

  return (
    <section aria-label={label} className="rounded-2xl border border-border bg-card p-6 shadow-sm">
      {/* biome-ignore lint/a11y/useMediaCaption: there is no caption file; the page shows the recording's transcript as text */}
      <audio
        ref={audioRef}
        src={audioUrl}
        preload="none"
        onLoadedMetadata={(e) => setAudioDuration(e.currentTarget.duration)}
        onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onError={() => {
          setAudioFailed(true);
          setPlaying(false);
        }}
      />
      <div className="flex items-center gap-4">
        <button
          type="button"
          onClick={togglePlay}
          className="inline-flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground hover:opacity-90"
          aria-label={playing ? "Pause" : "Play"}
          data-playing={playing}
        >
          {playing ? <PauseIcon className="h-6 w-6" /> : <PlayIcon className="h-6 w-6" />}
        </button>
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
            onChange={(e) => seek(Number(e.target.value))}
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
              <span className="sr-only">Remaining </span>-{formatClock(total - position)}
            </span>
          </div>
        </div>
        <button
          type="button"
          onClick={toggleMute}
          aria-pressed={muted}
          aria-label={muted ? "Unmute" : "Mute"}
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-foreground hover:bg-muted"
        >
          {muted ? <MuteIcon /> : <VolumeIcon />}
        </button>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" role="status">
          {audioFailed
            ? `The recording could not be loaded, so the player runs as a silent ${durationMinutes}-minute timer.`
            : "Find a comfortable position, then press play."}
        </p>
        {action}
      </div>
    </section>
  );
}

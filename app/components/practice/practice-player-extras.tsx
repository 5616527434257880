/**
 * The practice page's controls under the player's bar: skip 15 s, speed, and the offer to resume where the visitor
 * stopped. A module of its own, imported by the practice page only, so a lesson's player does not load it.
 */
import { useEffect } from "react";
import { formatClock } from "~/lib/format";
import { type PlayerExtrasProps, positionStorageKey } from "./practice-player";

const SPEEDS = [0.75, 1, 1.25];
const button = "inline-flex h-11 min-w-11 items-center justify-center rounded-md border px-2 text-sm font-medium";

export function PracticePlayerExtras({ state, set, later, togglePlay, audioRef, resumeKey }: PlayerExtrasProps & { resumeKey: string }) {
  const { resumeFrom } = state;
  // A saved position (practice-player-controller.ts keeps it) becomes the offer to resume.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per recording; set and the ref do not change what it does
  useEffect(() => {
    const saved = Number(localStorage.getItem(positionStorageKey(resumeKey)));
    if (saved > 0 && audioRef.current) {
      audioRef.current.currentTime = saved;
      set({ position: saved, resumeFrom: saved });
    }
  }, [resumeKey]);
  return (
    <>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex gap-1">
          {[-15, 15].map((by) => (
            <button
              key={by}
              type="button"
              onClick={later((c) => c.skip(by))}
              // The name holds the visible "15" (axe: label-content-name-mismatch).
              aria-label={`${by < 0 ? "Back" : "Forward"} 15 seconds`}
              className={`${button} border-input hover:bg-muted`}
            >
              {by < 0 ? "−15" : "+15"}
            </button>
          ))}
        </div>
        <fieldset className="flex gap-1">
          <legend className="sr-only">Speed</legend>
          {SPEEDS.map((rate) => (
            <button
              key={rate}
              type="button"
              onClick={later((c) => c.setRate(rate))}
              aria-pressed={state.rate === rate}
              className={`${button} ${state.rate === rate ? "border-primary text-primary" : "border-input hover:bg-muted"}`}
            >
              {rate}×
            </button>
          ))}
        </fieldset>
      </div>
      {resumeFrom !== undefined && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button type="button" onClick={togglePlay} className={`${button} border-primary bg-primary text-primary-foreground`}>
            Resume from {formatClock(resumeFrom)}
          </button>
          <button
            type="button"
            onClick={() => {
              // The controller forgets the saved position at the next time update, under 5 s.
              if (audioRef.current) audioRef.current.currentTime = 0;
              togglePlay();
            }}
            className={`${button} border-input hover:bg-muted`}
          >
            Start over
          </button>
        </div>
      )}
    </>
  );
}

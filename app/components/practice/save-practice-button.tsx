/**
 * The heart that saves a practice in this browser and for offline use (app/lib/saved-practices.ts). A module of its own: the practice
 * page needs it without the cards, whose code it would otherwise load.
 */
import type { OfflineOutcome } from "~/lib/offline-practices";
import { useSavedPractice } from "~/lib/saved-practices";
import { HeartIcon } from "../ui/icons";
import { toast } from "../layout/toaster";

/** Tells the visitor how a save went (a removal shows on the button alone). */
function announce(outcome: OfflineOutcome) {
  if (outcome.kept === "saved") toast.success(`Saved for offline (${outcome.size})`);
  else if (outcome.kept === "failed") toast.error("This practice could not be saved for offline use.", { description: outcome.reason });
}

export function SavePracticeButton({ practiceId, title, withLabel = false }: { practiceId: number; title: string; withLabel?: boolean }) {
  const { saved, toggle: toggleSaved } = useSavedPractice(practiceId);
  const toggle = () => void toggleSaved().then(announce);
  const base =
    "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md border px-3 text-sm font-medium transition-colors";
  // The practice page says what saving does, and offers to remove a saved one; a card's heart toggles.
  if (withLabel && saved) {
    return (
      <span className="inline-flex items-center gap-2 text-sm font-medium text-primary" data-saved>
        <HeartIcon className="h-4 w-4" filled />
        Saved
        <button type="button" onClick={toggle} className={`${base} border-input text-foreground hover:bg-muted`}>
          Remove
        </button>
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={saved}
      aria-label={withLabel ? undefined : saved ? `Remove ${title} from saved practices` : `Save ${title} for offline`}
      className={`${base} ${saved ? "border-primary text-primary" : "border-input text-foreground hover:bg-muted"}`}
      data-saved={saved}
    >
      <HeartIcon className="h-4 w-4" filled={saved} />
      {withLabel && "Save for offline"}
    </button>
  );
}

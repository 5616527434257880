import { useEffect, useRef } from "react";
import { toast } from "~/components/layout/toaster";
import type { FormResult } from "~/lib/form-result";

/** What an admin page's action answers (`formAction`): done, or refused with a message for the admin. */
type ActionOutcome = FormResult;
/** A toast's title, and the line under it. */
export type ToastText = string | { title: string; description?: string };

/**
 * Shows a toast for each new result of the page's action: on success what `success` says, on failure `failureTitle`
 * with the server's message under it.
 */
export function useActionToast<Result extends ActionOutcome>(
  result: Result | undefined,
  success: (result: Extract<Result, { ok: true }>) => ToastText,
  failureTitle = "That did not work",
) {
  // The latest wording, without showing the toast again when only the wording (a new closure each render) changed.
  const successRef = useRef(success);
  successRef.current = success;
  useEffect(() => {
    if (!result) return;
    const outcome: ActionOutcome = result;
    if (!outcome.ok) {
      toast.error(failureTitle, { description: outcome.message });
      return;
    }
    const text = successRef.current(result as Extract<Result, { ok: true }>);
    if (typeof text === "string") toast.success(text);
    else toast.success(text.title, { description: text.description });
  }, [result, failureTitle]);
}

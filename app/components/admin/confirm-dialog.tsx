import { useEffect, useId, useRef } from "react";
import { Button, buttonClass } from "~/components/ui/button";

/**
 * A modal confirmation on the native <dialog>: focus moves to "Cancel" when it opens, Escape cancels,
 * and focus returns to whatever opened it when it closes.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = "Delete",
  busyLabel = "Deleting...",
  confirmVariant = "destructive",
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: React.ReactNode;
  confirmLabel?: string;
  /** The confirm button's text while `busy`. */
  busyLabel?: string;
  /** "destructive" (a delete, an unpublish) or "primary" (a publish). */
  confirmVariant?: "destructive" | "primary";
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClose = () => {
      const target = returnFocus.current;
      returnFocus.current = null;
      if (target?.isConnected) target.focus();
    };
    dialog.addEventListener("close", onClose);
    return () => dialog.removeEventListener("close", onClose);
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-border bg-card p-6 text-card-foreground shadow-xl backdrop:bg-black/50"
    >
      <h2 id={titleId} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      <div id={messageId} className="mt-2 text-sm text-muted-foreground">
        {message}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <button ref={cancelRef} type="button" className={buttonClass("outline")} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}

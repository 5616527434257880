import { useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";

/**
 * A modal of the visual editor on the native <dialog> (focus kept inside, Escape closes), drawn at the end of the
 * body: outside the content form, so Enter in its fields never submits the article, and its inputs are never posted.
 * It is mounted open; closing it (Escape, Cancel) calls `onClose`, and the text gets the focus back.
 */
export function EditorDialog({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: (titleId: string) => React.ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`m-auto max-h-[calc(100vh-2rem)] overflow-y-auto rounded-xl border border-border bg-card p-6 text-card-foreground shadow-xl backdrop:bg-black/50 ${
        wide ? "w-[min(48rem,calc(100vw-2rem))]" : "w-[min(32rem,calc(100vw-2rem))]"
      }`}
    >
      <h2 id={titleId} className="font-serif text-xl font-semibold">
        {title}
      </h2>
      {children(titleId)}
    </dialog>,
    document.body,
  );
}

/** An upload's progress: a labelled bar while it runs. */
export function UploadProgress({ name, share }: { name: string; share: number }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <span id={id} className="text-sm text-muted-foreground">
        Uploading {name}… {Math.round(share * 100)}%
      </span>
      <progress aria-labelledby={id} max={1} value={share} className="h-2 w-full accent-primary" />
    </div>
  );
}

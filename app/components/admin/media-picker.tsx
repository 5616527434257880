import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { pickedImageSchema, type MediaKind } from "~/lib/media-schemas";
import { formatClock } from "~/lib/format";
import { formatBytes, MediaUploadForm, type UploadedMedia } from "./media-upload";

/**
 * Beside an image or audio URL field: choose a file of the media library, or upload one, and its /media/… URL fills
 * the field. An image needs alt text: one without is refused with a message (add it in the library or when uploading).
 */
export function MediaPicker({
  kind,
  label,
  onPick,
}: {
  kind: MediaKind;
  label: string;
  /** The picked file's URL, and the item itself (its alt text, for an image placed in a text). */
  onPick: (url: string, item: UploadedMedia) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<UploadedMedia[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function load() {
    setMessage(null);
    const response = await fetch(`/api/admin/media?kind=${kind}`);
    const body = (await response.json().catch(() => ({}))) as { items?: UploadedMedia[]; message?: string };
    if (!response.ok || !body.items) return setMessage(body.message ?? "The library could not be loaded.");
    setItems(body.items);
  }

  function pick(item: UploadedMedia) {
    if (kind === "image") {
      const checked = pickedImageSchema.safeParse({ url: item.url, alt: item.altText });
      if (!checked.success) {
        const problem = checked.error.issues.map((issue) => issue.message).join(" ");
        return setMessage(`${item.originalFilename}: ${problem} Add it in the library first.`);
      }
    }
    onPick(item.url, item);
    setMessage(null);
    setOpen(false);
  }

  function toggle() {
    setOpen(!open);
    // Fresh each time it opens: alt text may have been added in the library meanwhile. The old list goes first, so
    // nobody picks a stale entry while the new one loads.
    if (!open) {
      setItems(null);
      void load();
    }
  }

  return (
    <div className="mt-2">
      <Button variant="outline" onClick={toggle} aria-expanded={open} aria-controls={`${id}-panel`}>
        {open ? "Close the library" : `Choose or upload ${kind === "image" ? "an image" : "a recording"}`}
      </Button>
      <ErrorList id={`${id}-message`} errors={message} />
      {open ? (
        <section id={`${id}-panel`} aria-label={`Media library: ${label}`} className="mt-2 space-y-4 rounded-md border border-border p-4">
          {items === null ? <p className="text-sm text-muted-foreground">Loading…</p> : null}
          {items?.length === 0 ? <p className="text-sm text-muted-foreground">Nothing uploaded yet.</p> : null}
          {items?.length ? (
            <ul className="grid gap-3 sm:grid-cols-2">
              {items.map((item) => (
                <li key={item.key} className="flex items-center gap-3">
                  {item.kind === "image" ? <img src={item.url} alt={item.altText} className="h-12 w-16 rounded object-cover" /> : null}
                  <div className="min-w-0 flex-1 text-sm">
                    <div className="truncate">{item.originalFilename}</div>
                    <div className="text-muted-foreground">
                      {formatBytes(item.bytes)}
                      {item.durationSeconds ? `, ${formatClock(item.durationSeconds)}` : ""}
                      {item.kind === "image" && !item.altText ? ", no alt text" : ""}
                    </div>
                  </div>
                  <Button variant="outline" size="sm" onClick={() => pick(item)} aria-label={`Use ${item.originalFilename}`}>
                    Use
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <div>
            <h3 className="mb-2 text-sm font-semibold">Upload a new file</h3>
            <PickerUpload kind={kind} onUploaded={pick} />
          </div>
        </section>
      ) : null}
    </div>
  );
}

/** The upload form, for one kind; an image uploaded here must come with alt text. */
function PickerUpload({ kind, onUploaded }: { kind: MediaKind; onUploaded: (item: UploadedMedia) => void }) {
  return <MediaUploadForm kind={kind} requireAlt={kind === "image"} onUploaded={onUploaded} />;
}

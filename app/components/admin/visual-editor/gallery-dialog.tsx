import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import type { GalleryLayout } from "~/lib/markdown";
import { MediaPicker } from "../media-picker";
import { EditorDialog, UploadProgress } from "./dialog";
import type { EditedImage } from "./schema";
import { type Upload, uploadImage } from "./upload";

const LAYOUTS: { value: GalleryLayout; label: string; hint: string }[] = [
  { value: "single", label: "Single", hint: "one image a row, full width" },
  { value: "grid", label: "Grid", hint: "two or three a row, cropped alike" },
  { value: "masonry", label: "Two-column masonry", hint: "two columns at their own heights" },
];

/** An image of the group while it is edited: `key` is stable across moves; `upload` while its file is being sent. */
type Row = EditedImage & { key: number; upload?: { name: string; share: number; error?: string } };

let nextKey = 1;

/**
 * An image group (a ```gallery fence): its layout, and its images with their alt text (required) and captions,
 * added by upload (with progress) or from the library, removed, and reordered by drag or with Move up and Move down.
 * `files`: images pasted or dropped several at once, which start uploading as it opens.
 */
export function GalleryDialog({
  initial,
  files = [],
  onSubmit,
  onClose,
}: {
  initial?: { layout: GalleryLayout; images: EditedImage[] };
  files?: File[];
  onSubmit: (layout: GalleryLayout, images: EditedImage[]) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [layout, setLayout] = useState<GalleryLayout>(initial?.layout ?? "grid");
  const [rows, setRows] = useState<Row[]>(() => (initial?.images ?? []).map((image) => ({ ...image, key: nextKey++ })));
  const [error, setError] = useState<string | null>(null);
  const [missingAlt, setMissingAlt] = useState<Set<number>>(new Set());
  const [announcement, setAnnouncement] = useState("");
  const [dragged, setDragged] = useState<number | null>(null);
  const uploads = useRef(new Map<number, Upload>());
  /** The button to focus once a move has re-rendered the list (the moved row's, so the keyboard stays with it). */
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    const running = uploads.current;
    return () => {
      for (const upload of running.values()) upload.abort();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the pasted or dropped files upload once, as the dialog opens
  useEffect(() => {
    for (const file of files) add(file);
  }, []);

  useEffect(() => {
    if (!focusNext.current) return;
    const button = document.getElementById(focusNext.current) as HTMLButtonElement | null;
    focusNext.current = null;
    if (button && !button.disabled) button.focus();
    else button?.parentElement?.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus();
  });

  const update = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  function add(file: File) {
    const key = nextKey++;
    const name = file.name || "the pasted image";
    setRows((current) => [...current, { key, src: "", alt: "", caption: "", upload: { name, share: 0 } }]);
    const upload = uploadImage(file, (share) => update(key, { upload: { name, share } }));
    uploads.current.set(key, upload);
    upload.done.then(
      (item) => {
        uploads.current.delete(key);
        update(key, { src: item.url, upload: undefined });
      },
      (failure: Error) => {
        if (!uploads.current.delete(key)) return; // removed meanwhile
        update(key, { upload: { name, share: 0, error: failure.message } });
      },
    );
  }

  function remove(key: number) {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    const index = rows.findIndex((row) => row.key === key);
    setRows((current) => current.filter((row) => row.key !== key));
    setAnnouncement(`Image ${index + 1} removed.`);
  }

  function move(from: number, to: number, focusId?: string) {
    if (to < 0 || to >= rows.length || from === to) return;
    setRows((current) => {
      const next = [...current];
      const [row] = next.splice(from, 1);
      if (row) next.splice(to, 0, row);
      return next;
    });
    focusNext.current = focusId ?? null;
    setAnnouncement(`Image ${from + 1} moved to position ${to + 1} of ${rows.length}.`);
  }

  function submit() {
    if (rows.length === 0) return setError("Add at least one image, or close this and delete the group from the text.");
    if (rows.some((row) => row.upload && !row.upload.error)) return setError("Wait for the uploads to finish.");
    if (rows.some((row) => row.upload?.error || !row.src)) return setError("Remove the images whose upload failed, or upload them again.");
    const missing = rows.filter((row) => !row.alt.trim());
    setMissingAlt(new Set(missing.map((row) => row.key)));
    if (missing[0]) {
      setError(`${missing.length === 1 ? "An image needs" : `${missing.length} images need`} alt text: describe what each shows.`);
      document.getElementById(`${id}-alt-${missing[0].key}`)?.focus();
      return;
    }
    onSubmit(
      layout,
      rows.map(({ src, alt, caption }) => ({ src, alt, caption })),
    );
  }

  const enterSubmits = (event: React.KeyboardEvent) => {
    if (event.key === "Enter") {
      event.preventDefault();
      submit();
    }
  };

  return (
    <EditorDialog title={initial ? "Image group" : "Insert an image group"} onClose={onClose} wide>
      {() => (
        <div className="mt-4 grid gap-5">
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">Layout</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-1">
              {LAYOUTS.map((option) => (
                <label key={option.value} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`${id}-layout`}
                    value={option.value}
                    checked={layout === option.value}
                    onChange={() => setLayout(option.value)}
                    className="size-4 accent-primary"
                  />
                  <span>
                    {option.label} <span className="text-muted-foreground">({option.hint})</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          {rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">No images yet: upload some or choose them from the library below.</p>
          ) : null}
          <ol aria-label="Images, in order" className="grid gap-3">
            {rows.map((row, index) => {
              const label = `image ${index + 1}${row.alt.trim() ? ` (${row.alt.trim()})` : ""}`;
              return (
                <li
                  key={row.key}
                  draggable
                  onDragStart={(event) => {
                    // Only the row's handle area starts a drag: a drag in a text field selects its text.
                    if (event.target instanceof HTMLInputElement) return event.preventDefault();
                    event.dataTransfer.effectAllowed = "move";
                    event.dataTransfer.setData("text/plain", String(index));
                    setDragged(index);
                  }}
                  onDragOver={(event) => {
                    if (dragged !== null) event.preventDefault();
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    if (dragged !== null) move(dragged, index);
                    setDragged(null);
                  }}
                  onDragEnd={() => setDragged(null)}
                  className={`grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[6rem_1fr] ${dragged === index ? "opacity-50" : ""}`}
                >
                  <div className="grid cursor-grab content-start gap-1">
                    <span className="text-sm font-medium">Image {index + 1}</span>
                    {row.src ? <img src={row.src} alt="" className="aspect-[3/2] w-24 rounded bg-muted object-cover" /> : null}
                  </div>
                  <div className="grid gap-2">
                    {row.upload ? (
                      row.upload.error ? (
                        <p role="alert" className="text-sm text-destructive">
                          {row.upload.name}: {row.upload.error}
                        </p>
                      ) : (
                        <UploadProgress name={row.upload.name} share={row.upload.share} />
                      )
                    ) : null}
                    <div className="grid gap-2 sm:grid-cols-2">
                      <Field
                        label="Alt text"
                        id={`${id}-alt-${row.key}`}
                        value={row.alt}
                        onChange={(event) => {
                          update(row.key, { alt: event.currentTarget.value });
                          setMissingAlt((current) =>
                            current.has(row.key) ? new Set([...current].filter((key) => key !== row.key)) : current,
                          );
                        }}
                        onKeyDown={enterSubmits}
                        hint="Required."
                        error={missingAlt.has(row.key) ? "Describe what this image shows." : undefined}
                        maxLength={300}
                        required
                      />
                      <Field
                        label="Caption"
                        optional
                        id={`${id}-caption-${row.key}`}
                        value={row.caption}
                        onChange={(event) => update(row.key, { caption: event.currentTarget.value })}
                        onKeyDown={enterSubmits}
                        errorLine={false}
                        maxLength={300}
                      />
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        id={`${id}-up-${row.key}`}
                        variant="outline"
                        size="sm"
                        disabled={index === 0}
                        onClick={() => move(index, index - 1, `${id}-up-${row.key}`)}
                      >
                        Move up<span className="sr-only"> {label}</span>
                      </Button>
                      <Button
                        id={`${id}-down-${row.key}`}
                        variant="outline"
                        size="sm"
                        disabled={index === rows.length - 1}
                        onClick={() => move(index, index + 1, `${id}-down-${row.key}`)}
                      >
                        Move down<span className="sr-only"> {label}</span>
                      </Button>
                      <Button variant="ghost" size="sm" onClick={() => remove(row.key)}>
                        Remove<span className="sr-only"> {label}</span>
                      </Button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
          <p className="sr-only" aria-live="polite">
            {announcement}
          </p>

          <div className="grid gap-2 rounded-md border border-dashed border-border p-3">
            <Field
              label="Add images: upload"
              id={`${id}-files`}
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              hint="Drag an image by its number to reorder, or use Move up and Move down."
              errorLine={false}
              onChange={(event) => {
                const input = event.currentTarget;
                for (const file of Array.from(input.files ?? [])) add(file);
                input.value = "";
              }}
            />
            <MediaPicker
              kind="image"
              label="the image group"
              onPick={(url, item) => setRows((current) => [...current, { key: nextKey++, src: url, alt: item.altText, caption: "" }])}
            />
          </div>

          <ErrorList id={`${id}-error`} errors={error} />
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit}>{initial ? "Apply" : "Insert group"}</Button>
          </div>
        </div>
      )}
    </EditorDialog>
  );
}

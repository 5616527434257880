import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { MediaPicker } from "../media-picker";
import { EditorDialog, UploadProgress } from "./dialog";
import type { EditedImage } from "./schema";
import { type Upload, uploadImage } from "./upload";

/** The running upload of a file: its name and share sent, or what went wrong. */
type UploadState = { name: string; share: number; error?: string };

/** Uploads a file with progress; the upload stops if the dialog closes first. `onDone` gets the library item's URL. */
export function useImageUpload(onDone: (url: string) => void) {
  const [state, setState] = useState<UploadState | null>(null);
  const running = useRef<Upload | null>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => () => running.current?.abort(), []);

  function start(file: File) {
    running.current?.abort();
    const name = file.name || "the pasted image";
    setState({ name, share: 0 });
    const upload = uploadImage(file, (share) =>
      setState((current) => (current && running.current === upload ? { ...current, share } : current)),
    );
    running.current = upload;
    upload.done.then(
      (item) => {
        if (running.current !== upload) return;
        running.current = null;
        setState(null);
        onDoneRef.current(item.url);
      },
      (error: Error) => {
        if (running.current !== upload) return;
        running.current = null;
        setState({ name, share: 0, error: error.message });
      },
    );
  }

  return { state, uploading: state !== null && !state.error, start };
}

/**
 * An image in the text: pasted or dropped (`file`: it uploads while the writer describes it), chosen from the
 * library or uploaded here, or the selected image (`initial`) whose alt text and caption change. Alt text is
 * required: the image is not placed without it.
 */
export function ImageDialog({
  initial,
  file,
  onSubmit,
  onClose,
}: {
  initial?: EditedImage;
  file?: File;
  onSubmit: (image: EditedImage) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [src, setSrc] = useState(initial?.src ?? "");
  const [alt, setAlt] = useState(initial?.alt ?? "");
  const [caption, setCaption] = useState(initial?.caption ?? "");
  const [error, setError] = useState<{ message: string; field?: "alt" } | null>(null);
  const upload = useImageUpload(setSrc);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the dialog opens (after it took the focus)
  useEffect(() => {
    if (file) upload.start(file);
    // The writer has just pasted, dropped or selected this image: its description is what is asked.
    if (file || initial) document.getElementById(`${id}-alt`)?.focus();
  }, []);

  function submit() {
    if (upload.uploading) return setError({ message: "Wait for the upload to finish." });
    if (!src) return setError({ message: "Choose an image from the library, or upload one." });
    if (!alt.trim()) {
      setError({ message: "An image needs alt text: describe what it shows for people who cannot see it.", field: "alt" });
      document.getElementById(`${id}-alt`)?.focus();
      return;
    }
    onSubmit({ src, alt, caption });
  }

  const editing = initial !== undefined;
  return (
    <EditorDialog title={editing ? "Image" : "Insert an image"} onClose={onClose}>
      {() => (
        <div className="mt-4 grid gap-4">
          {upload.state ? (
            upload.state.error ? (
              <p role="alert" className="text-sm text-destructive">
                {upload.state.name}: {upload.state.error}
              </p>
            ) : (
              <UploadProgress name={upload.state.name} share={upload.state.share} />
            )
          ) : null}
          {!editing && !upload.uploading ? (
            <div className="grid gap-2">
              <Field
                label={src ? "Or upload another image" : "Upload an image"}
                id={`${id}-file`}
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                errorLine={false}
                onChange={(event) => {
                  const chosen = event.currentTarget.files?.[0];
                  if (chosen) upload.start(chosen);
                }}
              />
              <MediaPicker
                kind="image"
                label="the image in the text"
                onPick={(url, item) => {
                  setSrc(url);
                  if (!alt.trim()) setAlt(item.altText);
                }}
              />
            </div>
          ) : null}
          {src ? <img src={src} alt="" className="max-h-48 w-auto self-start rounded-md border border-border object-contain" /> : null}
          <Field
            label="Alt text"
            id={`${id}-alt`}
            value={alt}
            onChange={(event) => {
              setAlt(event.currentTarget.value);
              if (error?.field === "alt") setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                submit();
              }
            }}
            hint="What the image shows, for people who cannot see it (required)."
            error={error?.field === "alt" ? error.message : undefined}
            errorId={`${id}-error`}
            errorLine={false}
            maxLength={300}
            required
          />
          <Field
            label="Caption"
            optional
            id={`${id}-caption`}
            value={caption}
            onChange={(event) => setCaption(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter") {
                event.preventDefault();
                submit();
              }
            }}
            hint="Shown under the image."
            errorLine={false}
            maxLength={300}
          />
          <ErrorList id={`${id}-error`} errors={error?.message} />
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit}>{editing ? "Apply" : "Insert image"}</Button>
          </div>
        </div>
      )}
    </EditorDialog>
  );
}

import { useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { MEDIA_ACCEPT, MEDIA_MAX_BYTES, type MediaKind } from "~/lib/media-schemas";
import { makeImageVariants } from "./image-variants";

/** An uploaded item as /api/admin/media answers it. */
export type UploadedMedia = {
  key: string;
  url: string;
  kind: MediaKind;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  altText: string;
  originalFilename: string;
};

/**
 * Uploads one file to the media library: the file is the request body (streamed to R2 by the server, which decides its
 * type from its bytes), the name, alt text and duration go along as query parameters (app/lib/media-schemas.ts).
 */
export function MediaUploadForm({
  onUploaded,
  kind,
  requireAlt = false,
}: {
  onUploaded: (item: UploadedMedia) => void;
  kind?: MediaKind;
  requireAlt?: boolean;
}) {
  const id = useId();
  // The refusal, and the field it is about when it is about one (the server's may be about any).
  const [error, setError] = useState<{ message: string; field?: "file" | "alt" } | null>(null);
  const [busy, setBusy] = useState(false);

  // A group of inputs rather than a <form>: the pickers sit inside the content forms, and forms cannot nest.
  const group = useRef<HTMLDivElement>(null);
  const input = (name: string) => group.current?.querySelector<HTMLInputElement>(`[name="${name}"]`) ?? null;

  async function submit() {
    const file = input("file")?.files?.[0];
    const alt = input("alt")?.value ?? "";
    if (!file || file.size === 0) return setError({ message: "Choose a file to upload.", field: "file" });
    if (file.size > MEDIA_MAX_BYTES.audio) return setError({ message: "This file is larger than 100 MB.", field: "file" });
    if (requireAlt && !alt.trim()) return setError({ message: "An image needs alt text: describe what it shows.", field: "alt" });
    const query = new URLSearchParams({ filename: file.name, alt, duration: input("duration")?.value ?? "" });
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`/api/admin/media?${query}`, { method: "POST", body: file });
      const body = (await response.json().catch(() => ({}))) as { item?: UploadedMedia; message?: string };
      if (!response.ok || !body.item) return setError({ message: body.message ?? `The upload failed (${response.status}).` });
      // The smaller copies phones are served (docs/content-and-markdown.md, "Image sizes"); never fails the upload.
      await makeImageVariants(file, body.item);
      for (const name of ["file", "alt", "duration"]) {
        const field = input(name);
        if (field) field.value = "";
      }
      onUploaded(body.item);
    } catch {
      setError({ message: "The upload failed: check the connection and try again." });
    } finally {
      setBusy(false);
    }
  }

  const accept = kind
    ? MEDIA_ACCEPT.split(",")
        .filter((type) => type.startsWith(kind) || (kind === "audio" && type.startsWith(".")))
        .join(",")
    : MEDIA_ACCEPT;
  return (
    <div ref={group} className="grid gap-4 sm:grid-cols-2">
      {/* One error line, below the button: the field a refusal is about is marked invalid and described by it. */}
      <Field
        label="File"
        id={`${id}-file`}
        hint="Images up to 5 MB (JPEG, PNG, WebP, AVIF, GIF); audio up to 100 MB (Ogg/Opus, MP3, M4A, WAV)."
        error={error?.field === "file" ? error.message : undefined}
        errorId={`${id}-error`}
        errorLine={false}
        className="sm:col-span-2"
        name="file"
        type="file"
        accept={accept}
      />
      {kind !== "audio" ? (
        <Field
          label={requireAlt ? "Alt text" : "Alt text (images)"}
          id={`${id}-alt`}
          error={error?.field === "alt" ? error.message : undefined}
          errorId={`${id}-error`}
          errorLine={false}
          name="alt"
          maxLength={300}
          required={requireAlt}
        />
      ) : null}
      {kind !== "image" ? (
        <Field
          label="Duration in seconds (audio, only if asked)"
          id={`${id}-duration`}
          errorLine={false}
          name="duration"
          inputMode="numeric"
          pattern="[0-9]*"
        />
      ) : null}
      <div className="sm:col-span-2">
        <Button onClick={submit} disabled={busy}>
          {busy ? "Uploading…" : "Upload"}
        </Button>
        <ErrorList id={`${id}-error`} errors={error?.message} />
      </div>
    </div>
  );
}

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

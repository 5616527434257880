/**
 * Uploads an image the writer pasted or dropped into the visual editor to the media library (POST /api/admin/media,
 * the file as the body, as ../media-upload.tsx sends it), reporting progress: XMLHttpRequest, because fetch has no
 * upload progress in browsers today.
 */
import type { UploadedMedia } from "../media-upload";
import { makeImageVariants } from "../image-variants";

export type Upload = { done: Promise<UploadedMedia>; abort: () => void };

/** Starts the upload; `onProgress` gets the share sent, 0 to 1. Rejects with the server's message. */
export function uploadImage(file: File, onProgress: (share: number) => void): Upload {
  const request = new XMLHttpRequest();
  const query = new URLSearchParams({ filename: file.name || "pasted-image", alt: "" });
  const sent = new Promise<UploadedMedia>((resolve, reject) => {
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      let body: { item?: UploadedMedia; message?: string } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        // not JSON: the status says enough
      }
      if (request.status >= 200 && request.status < 300 && body.item) {
        onProgress(1);
        resolve(body.item);
      } else reject(new Error(body.message ?? `The upload failed (${request.status}).`));
    });
    request.addEventListener("error", () => reject(new Error("The upload failed: check the connection and try again.")));
    request.addEventListener("abort", () => reject(new Error("The upload was cancelled.")));
  });
  // Then its smaller copies (docs/content-and-markdown.md, "Image sizes"), before the image goes into the text.
  const done = sent.then(async (item) => {
    await makeImageVariants(file, item);
    return item;
  });
  request.open("POST", `/api/admin/media?${query}`);
  request.send(file);
  return { done, abort: () => request.abort() };
}

/** The image files of a paste or a drop (anything else is left to the editor). */
export const imageFiles = (data: DataTransfer | null) => Array.from(data?.files ?? []).filter((file) => file.type.startsWith("image/"));

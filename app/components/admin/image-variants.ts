/**
 * The resized copies of an uploaded image (docs/content-and-markdown.md, "Image sizes"): drawn here, in the uploader's
 * browser, at each of IMAGE_WIDTHS narrower than the original, and sent to POST /api/admin/media/<key>/variants/<width>.
 * The Worker cannot resize (no image library, no network service): the browser already has the file and a canvas.
 * A copy that fails to be made is only a lost saving (the page then serves the original), so it never fails the upload.
 */
import { isResizableKey, variantWidths } from "~/lib/image-sizes";
import type { UploadedMedia } from "./media-upload";

/** WebP where the browser encodes it (Chromium, Firefox), else JPEG (Safari's canvas has no WebP encoder). */
async function encode(canvas: OffscreenCanvas | HTMLCanvasElement): Promise<Blob | null> {
  const as = (type: string) =>
    "convertToBlob" in canvas
      ? canvas.convertToBlob({ type, quality: 0.82 }).catch(() => null)
      : new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.82));
  const webp = await as("image/webp");
  return webp?.type === "image/webp" ? webp : as("image/jpeg");
}

function canvasOf(width: number, height: number) {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

/** Makes and sends the copies of `item`, one at a time (each holds a decoded image); resolves with the widths stored. */
export async function makeImageVariants(file: Blob, item: UploadedMedia): Promise<number[]> {
  if (item.kind !== "image" || !item.width || !item.height || !isResizableKey(item.key)) return [];
  const widths = variantWidths(item.width);
  if (widths.length === 0 || typeof createImageBitmap === "undefined") return [];
  const stored: number[] = [];
  for (const width of widths) {
    const height = Math.round((item.height * width) / item.width);
    try {
      const bitmap = await createImageBitmap(file, { resizeWidth: width, resizeHeight: height, resizeQuality: "high" });
      const canvas = canvasOf(width, height);
      const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
      if (!context) return stored;
      context.drawImage(bitmap, 0, 0);
      bitmap.close();
      const blob = await encode(canvas);
      if (!blob) return stored;
      const response = await fetch(`/api/admin/media/${item.key}/variants/${width}`, { method: "POST", body: blob });
      if (response.ok) stored.push(width);
      else console.warn(`The ${width}-pixel copy of ${item.key} was refused: ${response.status}`);
    } catch (error) {
      console.warn(`The ${width}-pixel copy of ${item.key} could not be made`, error);
    }
  }
  return stored;
}

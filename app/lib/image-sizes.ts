/**
 * The widths an uploaded image is also stored at (docs/content-and-markdown.md, "Image sizes"): after an upload the
 * admin's browser draws each one narrower than the original (app/components/admin/image-variants.ts), the server keeps
 * them (app/server/content/media.server.ts, `storeImageVariant`), and a page's srcset offers them;
 * /media/<key>?w=<width> serves one, or the original where it was never made. No zod here: the page's bundle loads it.
 */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const isImageWidth = (value: number): value is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(value);

/** A still image of the library (a GIF may move: drawing it on a canvas would keep only its first frame). */
const RESIZABLE = /^\/media\/([0-9a-f]{64})\.(?:jpg|png|webp|avif)$/;
export const isResizableKey = (key: string) => RESIZABLE.test(`/media/${key}`);

/** Where a variant lives in R2: by its original's hash and its width (its format is in its stored Content-Type). */
export const variantKey = (key: string, width: ImageWidth) => `variants/${key.slice(0, 64)}/${width}`;

/** The widths made of an image `width` pixels wide. */
export const variantWidths = (width: number) => IMAGE_WIDTHS.filter((candidate) => candidate < width);

/**
 * The srcset of a library image whose width the server looked up (`withImageWidths`): the widths narrower than the
 * original, then the original at its own width. Undefined for any other image, and for one too narrow to have variants.
 */
export function imageSrcset(src: string, width: number | undefined): string | undefined {
  if (!width || !RESIZABLE.test(src)) return undefined;
  const narrower = variantWidths(width);
  if (narrower.length === 0) return undefined;
  return [...narrower.map((candidate) => `${src}?w=${candidate} ${candidate}w`), `${src} ${width}w`].join(", ");
}

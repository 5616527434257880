/**
 * The media library's rules, shared by the admin's forms and the server (app/server/content/media.server.ts): the size limits,
 * the kinds, and the fields an upload or an edit carries besides the file.
 */
import { z } from "zod";

export const MEDIA_KINDS = ["image", "audio"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** The largest file of each kind, in bytes. */
export const MEDIA_MAX_BYTES: Record<MediaKind, number> = { image: 5 * 1024 * 1024, audio: 100 * 1024 * 1024 };

/** What the file input accepts (a hint to the browser only: the server sniffs the bytes). */
export const MEDIA_ACCEPT =
  "image/jpeg,image/png,image/webp,image/avif,image/gif,audio/ogg,audio/mpeg,audio/mp4,audio/aac,audio/wav,.opus,.m4a";

/** Where uploaded files are served: /media/<key>. A key is 64 hex digits (SHA-256) and the format's extension. */
export const MEDIA_PATH_PREFIX = "/media/";
export const MEDIA_KEY_PATTERN = /^[0-9a-f]{64}\.(?:jpg|png|webp|avif|gif|ogg|mp3|m4a|aac|wav)$/;

export const mediaUrl = (key: string) => `${MEDIA_PATH_PREFIX}${key}`;

/** The key of a /media/<key> URL, or null for any other URL. */
export function mediaKeyOfUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_PATH_PREFIX)) return null;
  const key = url.slice(MEDIA_PATH_PREFIX.length).split(/[?#]/)[0] ?? "";
  return MEDIA_KEY_PATTERN.test(key) ? key : null;
}

const altText = z.string().trim().max(300, "The alt text can be at most 300 characters.");

/** The fields of an upload besides its bytes (sent as query parameters with the file as the request body). */
export const mediaUploadSchema = z.object({
  filename: z.string().trim().min(1, "The file needs a name.").max(255, "The file name can be at most 255 characters."),
  alt: altText.optional().default(""),
  /** Seconds: only needed for audio whose duration the server cannot read from the file (it says so). */
  duration: z
    .union([z.literal(""), z.coerce.number().int("The duration is a whole number of seconds.").min(1).max(86_400)])
    .optional()
    .transform((value) => (value === "" || value === undefined ? null : value)),
});

/** The library page's edit of an item's alt text, and its delete. */
export const mediaActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("alt"), key: z.string().regex(MEDIA_KEY_PATTERN, "Unknown file."), alt: altText }),
  z.object({ intent: z.literal("delete"), key: z.string().regex(MEDIA_KEY_PATTERN, "Unknown file.") }),
]);

/** A picked image needs alt text: what the picker and the content forms check before saving. */
export const pickedImageSchema = z.object({
  url: z.string().min(1, "Choose an image."),
  alt: z.string().trim().min(1, "An image needs alt text: describe what it shows for people who cannot see it."),
});

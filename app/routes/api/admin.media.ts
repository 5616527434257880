import type { Route } from "./+types/admin.media";
import { MEDIA_KINDS, mediaUploadSchema, mediaUrl } from "~/lib/media-schemas";
import { adminApi } from "~/server/admin/guard.server";
import { mediaAuditName } from "~/server/admin/audit.server";
import { HttpError, firstIssueMessage, json } from "~/server/core/http.server";
import { listMediaFor, mediaBucket, uploadMedia, type MediaItem } from "~/server/content/media.server";

const withUrl = (item: MediaItem) => ({ ...item, url: mediaUrl(item.key) });

/**
 * GET /api/admin/media[?kind=image|audio]: the library for the field pickers, newest first. Owners and editors see it
 * all; a contributor their own uploads and the images already on the public site (`listMediaFor`).
 */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  adminApi({ request, context }, async (db, session) => {
    const kind = new URL(request.url).searchParams.get("kind");
    if (kind !== null && !MEDIA_KINDS.includes(kind as (typeof MEDIA_KINDS)[number]))
      throw new HttpError(400, 'The kind is "image" or "audio".');
    const items = await listMediaFor(db, session, (kind as (typeof MEDIA_KINDS)[number] | null) ?? undefined);
    return json({ items: items.map(withUrl) });
  });

/**
 * POST /api/admin/media?filename=…&alt=…[&duration=…] with the file itself as the body (any Content-Type: the bytes
 * decide) → 201 `{ item }`. Streamed to R2; 411/413/415/400 as `{ message }` (app/server/content/media.server.ts).
 */
export const action = ({ request, context }: Route.ActionArgs) =>
  adminApi({ request, context }, async (db, session, note) => {
    if (request.method !== "POST") throw new HttpError(405, "Upload a file with a POST request.");
    const parsed = mediaUploadSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw new HttpError(400, firstIssueMessage(parsed.error));
    const length = request.headers.get("Content-Length");
    const item = await uploadMedia(db, mediaBucket(), {
      body: request.body,
      declaredLength: length === null || !/^\d+$/.test(length) ? null : Number(length),
      fields: parsed.data,
      uploadedBy: session.username,
    });
    note.object = mediaAuditName(item.originalFilename, item.key);
    return json({ item: withUrl(item) }, { status: 201 });
  });

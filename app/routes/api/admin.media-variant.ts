import type { Route } from "./+types/admin.media-variant";
import { adminApi } from "~/server/admin/guard.server";
import { mediaAuditName } from "~/server/admin/audit.server";
import { HttpError, handleApi, json } from "~/server/core/http.server";
import { getMedia, mediaBucket, storeImageVariant } from "~/server/content/media.server";

/**
 * POST /api/admin/media/<key>/variants/<width> with a resized copy of the image as the body (WebP or JPEG, drawn by the
 * admin's browser after the upload: app/components/admin/image-variants.ts) → 201 `{ width }` (200 when already
 * stored). Whoever may upload; a contributor for their own uploads. Errors as `{ message }` (`storeImageVariant`).
 */
export const action = ({ request, params, context }: Route.ActionArgs) =>
  adminApi({ request, context }, async (db, session, note) => {
    if (request.method !== "POST") throw new HttpError(405, "Send the resized image with a POST request.");
    const length = request.headers.get("Content-Length");
    const result = await storeImageVariant(db, mediaBucket(), {
      key: params.key,
      width: /^\d{1,5}$/.test(params.width) ? Number(params.width) : Number.NaN,
      body: request.body,
      declaredLength: length === null || !/^\d+$/.test(length) ? null : Number(length),
      viewer: session,
    });
    const item = await getMedia(db, params.key);
    if (item) note.object = `${mediaAuditName(item.originalFilename, item.key)} at ${result.width} px`;
    return json({ width: result.width }, { status: result.stored ? 201 : 200 });
  });

export const loader = () =>
  handleApi(async () => {
    throw new HttpError(405, "Send the resized image with a POST request.");
  });

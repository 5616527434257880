import { Form, useNavigation, useRevalidator } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import { toast } from "~/components/layout/toaster";
import type { Route } from "./+types/media";
import { AdminPageHeader, FormErrorAlert } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTable } from "~/components/admin/admin-table";
import { formatBytes, MediaUploadForm } from "~/components/admin/media-upload";
import { Button } from "~/components/ui/button";
import { RowAction } from "~/components/admin/row-action";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { formatClock, formatShortDate } from "~/lib/format";
import { mediaActionSchema, mediaUrl } from "~/lib/media-schemas";
import type { FormSuccess } from "~/lib/form-result";
import { mediaAuditName, noteAuditObject } from "~/server/admin/audit.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { deleteMedia, listMedia, mediaBucket, updateMediaAlt } from "~/server/content/media.server";

/** The media library (editors and owners): every uploaded image and recording, newest first. */
export async function loader() {
  const items = await listMedia(getDb());
  return { items: items.map((item) => ({ ...item, url: mediaUrl(item.key) })) };
}

/** POST intent=alt (edit an image's alt text) or intent=delete (refused with what uses the file while anything does). */
export async function action({ request, context }: Route.ActionArgs) {
  return formAction({ request, context }, mediaActionSchema, async (input) => {
    const db = getDb();
    if (input.intent === "alt") {
      await updateMediaAlt(db, input.key, input.alt);
      noteAuditObject(context, { object: `alt text of ${mediaUrl(input.key)}` });
      return { ok: true, message: "Alt text saved." } satisfies FormSuccess;
    }
    const deleted = await deleteMedia(db, mediaBucket(), input.key);
    noteAuditObject(context, { object: mediaAuditName(deleted.originalFilename, input.key) });
    return { ok: true, message: "File deleted." } satisfies FormSuccess;
  });
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Media", matches);

export default function AdminMedia({ loaderData, actionData }: Route.ComponentProps) {
  const { items } = loaderData;
  const revalidator = useRevalidator();
  const busy = useNavigation().state === "submitting";

  useActionToast(actionData, (done) => done.message, "Not done");

  return (
    <>
      <AdminPageHeader
        title="Media"
        description="Images and recordings for articles, practices, courses and lessons. Each file's address never changes."
      />
      <FormErrorAlert result={actionData} margin="mb-6" />
      <Card className="mb-8 p-6">
        <h2 className="mb-4 font-serif text-xl font-semibold">Upload</h2>
        <MediaUploadForm
          onUploaded={(item) => {
            toast.success("Uploaded", { description: item.originalFilename });
            revalidator.revalidate();
          }}
        />
      </Card>
      {items.length ? (
        <AdminTable caption="The media library, newest first" headings={["Preview", "File", "Details", "Alt text", "Actions"]}>
          {items.map((item) => (
            <tr key={item.key}>
              <td className="px-4 py-3">
                {item.kind === "image" ? (
                  <img src={item.url} alt={item.altText} width={96} height={64} className="h-16 w-24 rounded object-cover" loading="lazy" />
                ) : (
                  // biome-ignore lint/a11y/useMediaCaption: a preview of an uploaded recording; its transcript lives with the lesson or practice.
                  <audio controls preload="none" src={item.url} className="w-56" aria-label={`Play ${item.originalFilename}`} />
                )}
              </td>
              <td className="break-all px-4 py-3">
                <a href={item.url} className="underline underline-offset-4">
                  {item.originalFilename}
                </a>
                <div className="font-mono text-xs text-muted-foreground">{item.url}</div>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-sm">
                <div>{item.contentType}</div>
                <div>{formatBytes(item.bytes)}</div>
                {item.width && item.height ? <div>{`${item.width} × ${item.height} px`}</div> : null}
                {item.durationSeconds ? <div>{formatClock(item.durationSeconds)}</div> : null}
                <div className="text-muted-foreground">
                  {item.uploadedBy}, {formatShortDate(item.uploadedAt)}
                </div>
              </td>
              <td className="px-4 py-3">
                {item.kind === "image" ? (
                  <Form method="post" className="flex gap-2">
                    <input type="hidden" name="intent" value="alt" />
                    <input type="hidden" name="key" value={item.key} />
                    <Input name="alt" defaultValue={item.altText} maxLength={300} aria-label={`Alt text of ${item.originalFilename}`} />
                    <Button type="submit" variant="outline" disabled={busy}>
                      Save
                    </Button>
                  </Form>
                ) : (
                  <span className="text-muted-foreground">Not needed (audio)</span>
                )}
              </td>
              <td className="px-4 py-3">
                <RowAction intent="delete" name="key" value={item.key} busy={busy} label={`Delete ${item.originalFilename}`}>
                  Delete
                </RowAction>
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p className="text-muted-foreground">Nothing uploaded yet.</p>
      )}
    </>
  );
}

import { useState } from "react";
import { Button, LinkButton } from "~/components/ui/button";
import { ConfirmDialog } from "./confirm-dialog";
import { useDelete } from "./content-list";

/**
 * "View on site" (only when the item is on the site), else "Preview" (a type with drafts: the page as it will look), and
 * "Delete" (with confirmation; afterwards back to the list; only for an account that may delete it) for an edit page.
 */
export function EditActions({
  noun,
  title,
  publicHref,
  previewHref,
  apiPath,
  listHref,
  mayDelete = true,
}: {
  noun: string;
  title: string;
  /** Null while the item is not published (its public URL is a 404). */
  publicHref: string | null;
  previewHref?: string;
  apiPath: string;
  listHref: string;
  /** Whether the account may delete the item (its route's policy, app/site-routes.ts): the button is left out otherwise. */
  mayDelete?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDelete(noun, apiPath, title, listHref);
  return (
    <>
      {previewHref && (
        <LinkButton to={previewHref} variant="outline">
          Preview
        </LinkButton>
      )}
      {publicHref && (
        <LinkButton to={publicHref} variant="outline">
          View on site
        </LinkButton>
      )}
      {mayDelete && (
        <Button variant="destructive" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete this ${noun.toLowerCase()}?`}
        message={<>“{title}” will be removed from the site. This cannot be undone.</>}
        busy={remove.busy}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          if (await remove.run()) setConfirming(false);
        }}
      />
    </>
  );
}

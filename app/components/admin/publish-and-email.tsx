import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/layout/toaster";
import { Button } from "~/components/ui/button";
import type { FormRefusal } from "~/lib/form-result";
import { ConfirmDialog } from "./confirm-dialog";

/** "1,234 confirmed subscribers", "1 confirmed subscriber": who a send made now reaches. */
export function confirmedSubscribersText(n: number) {
  return `${n.toLocaleString("en-US")} confirmed ${n === 1 ? "subscriber" : "subscribers"}`;
}

/**
 * "Publish and e-mail to subscribers" on an unpublished article's editor: a confirmation that names how many confirmed
 * subscribers will get it, then a post to /admin/newsletter/new (`intent=publish-and-email`), which publishes the saved
 * article, makes an excerpt issue of it, starts sending and goes to the issue's page. A refusal is a toast.
 */
export function PublishAndEmailButton({ articleId, title, confirmed }: { articleId: number; title: string; confirmed: number }) {
  const [confirming, setConfirming] = useState(false);
  const fetcher = useFetcher<FormRefusal>();
  const busy = fetcher.state !== "idle";
  const who = confirmedSubscribersText(confirmed);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || fetcher.data.ok !== false) return;
    toast.error("Not published", { description: fetcher.data.message });
    setConfirming(false);
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        Publish and e-mail to subscribers
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Publish and e-mail this article?"
        message={
          <>
            “{title}” is published on the site now and e-mailed to <strong data-testid="publish-email-count">{who}</strong>: its title,
            cover, first paragraphs and a “Continue reading” link (you can switch the issue to the full text on its page before it goes).
            The saved version is published: save your changes first.
          </>
        }
        confirmLabel={`Publish and e-mail ${who}`}
        busyLabel="Publishing..."
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          fetcher.submit(
            { intent: "publish-and-email", articleId: String(articleId), confirm: "yes" },
            { method: "post", action: "/admin/newsletter/new" },
          )
        }
      />
    </>
  );
}

import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/layout/toaster";
import { Button } from "~/components/ui/button";
import { NEWSLETTER_ISSUE_FORMAT_LABELS, NEWSLETTER_ISSUE_FORMATS, type NewsletterIssueFormat } from "~/lib/admin-schemas";
import type { FormRefusal } from "~/lib/form-result";
import { ConfirmDialog } from "./confirm-dialog";

/** "1,234 confirmed subscribers", "1 confirmed subscriber": who a send made now reaches. */
export function confirmedSubscribersText(n: number) {
  return `${n.toLocaleString("en-US")} confirmed ${n === 1 ? "subscriber" : "subscribers"}`;
}

/**
 * "Publish and e-mail to subscribers" on an unpublished article's editor: a confirmation that names how many confirmed
 * subscribers will get it and asks what they get (the excerpt, or the full text: it is sent at once, so the choice is
 * made here), then a post to /admin/newsletter/new (`intent=publish-and-email`, `format`), which publishes the saved
 * article, makes an issue of it in that format, starts sending and goes to the issue's page. A refusal is a toast.
 */
export function PublishAndEmailButton({ articleId, title, confirmed }: { articleId: number; title: string; confirmed: number }) {
  const [confirming, setConfirming] = useState(false);
  const [format, setFormat] = useState<NewsletterIssueFormat>("excerpt");
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
            “{title}” is published on the site now and e-mailed at once to <strong data-testid="publish-email-count">{who}</strong>. The
            saved version is published: save your changes first.
            <fieldset className="mt-4">
              <legend className="mb-1.5 text-sm font-medium text-foreground">What subscribers get</legend>
              {NEWSLETTER_ISSUE_FORMATS.map((option) => (
                <label key={option} className="flex min-h-11 items-center gap-2 text-sm text-foreground">
                  <input
                    type="radio"
                    name="publish-email-format"
                    value={option}
                    checked={format === option}
                    onChange={() => setFormat(option)}
                    className="size-4 accent-primary"
                  />
                  <span>{NEWSLETTER_ISSUE_FORMAT_LABELS[option]}</span>
                </label>
              ))}
            </fieldset>
          </>
        }
        confirmLabel={`Publish and e-mail ${who}`}
        busyLabel="Publishing..."
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          fetcher.submit(
            { intent: "publish-and-email", articleId: String(articleId), format, confirm: "yes" },
            { method: "post", action: "/admin/newsletter/new" },
          )
        }
      />
    </>
  );
}

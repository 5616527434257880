import { Fragment } from "react";
import { data } from "react-router";
import type { Route } from "./+types/mail";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { getDb } from "~/server/core/db.server";
import { listDevMailbox } from "~/server/mail/dev-mailbox.server";
import { devMailboxEnabled } from "~/server/mail/mail.server";

/**
 * GET /__dev/mail (local only, DEV_MAILBOX=on): the e-mails the site wrote, with how their delivery went: mail_log's
 * rows, each rendered again from its data as the consumer renders it (bodies are not stored), and what the mail
 * provider's stand-in accepted (newsletter issues). Elsewhere the site's 404.
 */
export async function loader(_: Route.LoaderArgs) {
  // Thrown like routes/not-found.tsx, so production shows the ordinary 404 page.
  if (!devMailboxEnabled()) throw data(null, { status: 404 });
  return { messages: await listDevMailbox(getDb()) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = () => [{ title: "Dev mailbox" }, { name: "robots", content: "noindex, nofollow" }];

const STATUS_LABEL: Record<string, string> = {
  queued: "Queued",
  sent: "Sent",
  deferred: "Deferred",
  failed: "Failed",
  bounced: "Bounced",
  complained: "Complained",
  // The provider stand-in's last event for what it accepted.
  delivered: "Delivered (provider)",
};

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10" aria-labelledby="dev-mail-title">
      <h1 id="dev-mail-title" className="font-serif text-3xl font-semibold">
        Dev mailbox
      </h1>
      <p className="mt-2 text-muted-foreground">
        The latest {messages.length === 1 ? "e-mail" : `${messages.length} e-mails`} the site wrote, newest first: transactional mail from
        the mail log, newsletter issues as the mail provider's stand-in accepted them. Local only: nothing here leaves this machine. JSON at{" "}
        <a className="underline" href="/__dev/mail.json">
          /__dev/mail.json
        </a>
        .
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">No e-mail yet.</p>
      ) : (
        <ol className="mt-8 space-y-6" aria-label="E-mails">
          {messages.map((message) => (
            <li key={message.id}>
              <Card className="p-5">
                <article aria-labelledby={`mail-${message.id}`}>
                  <h2 id={`mail-${message.id}`} className="text-lg font-semibold">
                    {message.subject}
                  </h2>
                  <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">To</dt>
                    <dd>{message.to}</dd>
                    <dt className="text-muted-foreground">Kind</dt>
                    <dd>{message.kind}</dd>
                    <dt className="text-muted-foreground">Status</dt>
                    <dd>
                      <Badge>{STATUS_LABEL[message.status] ?? message.status}</Badge>
                    </dd>
                    <dt className="text-muted-foreground">Attempts</dt>
                    <dd>{message.attempts}</dd>
                    {message.transport ? (
                      <>
                        <dt className="text-muted-foreground">Transport</dt>
                        <dd>{message.transport}</dd>
                      </>
                    ) : null}
                    {message.providerId ? (
                      <>
                        <dt className="text-muted-foreground">Provider id</dt>
                        <dd className="break-all font-mono text-xs">{message.providerId}</dd>
                      </>
                    ) : null}
                    {message.deferredUntil ? (
                      <>
                        <dt className="text-muted-foreground">Deferred until</dt>
                        <dd>
                          <time dateTime={message.deferredUntil}>{message.deferredUntil}</time>
                        </dd>
                      </>
                    ) : null}
                    <dt className="text-muted-foreground">Queued</dt>
                    <dd>
                      <time dateTime={message.createdAt}>{message.createdAt}</time>
                    </dd>
                    {message.sentAt ? (
                      <>
                        <dt className="text-muted-foreground">Sent</dt>
                        <dd>
                          <time dateTime={message.sentAt}>{message.sentAt}</time>
                        </dd>
                      </>
                    ) : null}
                    {Object.entries(message.headers ?? {}).map(([name, value]) => (
                      <Fragment key={name}>
                        <dt className="text-muted-foreground">{name}</dt>
                        <dd className="break-all font-mono text-xs">{value}</dd>
                      </Fragment>
                    ))}
                    {message.lastError ? (
                      <>
                        <dt className="text-muted-foreground">Last error</dt>
                        <dd className="break-words text-destructive">{message.lastError}</dd>
                      </>
                    ) : null}
                  </dl>
                  {message.rendered === null ? (
                    <p className="mt-5 text-sm text-muted-foreground">
                      This e-mail cannot be shown: it was written before bodies stopped being stored, or what it was written from is gone.
                    </p>
                  ) : (
                    <>
                      <h3 className="mt-5 text-sm font-semibold">HTML</h3>
                      {/* sandbox="" runs no script and gives the e-mail an opaque origin; the site's CSP (inherited by srcdoc) still applies. */}
                      <iframe
                        title={`HTML of “${message.subject}”`}
                        sandbox=""
                        srcDoc={message.rendered.html}
                        className="mt-2 h-96 w-full rounded-md border border-border bg-white"
                      />
                      <h3 className="mt-5 text-sm font-semibold">Text</h3>
                      <section
                        aria-label={`Text of “${message.subject}”`}
                        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus so keyboard users can scroll it (axe: scrollable-region-focusable)
                        tabIndex={0}
                        className="mt-2 max-h-96 overflow-auto rounded-md bg-muted p-3"
                      >
                        <pre className="whitespace-pre-wrap break-words text-sm">{message.rendered.text}</pre>
                      </section>
                    </>
                  )}
                </article>
              </Card>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

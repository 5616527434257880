import { useEffect } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation, useRevalidator } from "react-router";
import { toast } from "~/components/layout/toaster";
import { useActionToast } from "~/components/admin/use-action-toast";
import type { Route } from "./+types/newsletter-issue";
import { AdminNotFound, AdminPageHeader, FormResultNotice } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { LocalTime, ZonedDateTimeInput } from "~/components/admin/local-time";
import { confirmedSubscribersText } from "~/components/admin/publish-and-email";
import { NewsletterIssueFields } from "~/components/admin/newsletter-issue-fields";
import { useFlashToast } from "~/components/admin/use-flash-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, SelectField } from "~/components/ui/field";
import { NEWSLETTER_ISSUE_FORMAT_LABELS, NEWSLETTER_ISSUE_FORMATS, newsletterIssueActionSchema } from "~/lib/admin-schemas";
import { formatCount, formatDateTimeUtc, formatLongDate } from "~/lib/format";
import { formatInTimeZone } from "~/lib/time-zone";
import { MAIL_LOG_RETENTION_MONTHS } from "~/lib/learner-data";
import type { FormResult } from "~/lib/form-result";
import { markContentChanged } from "~/server/core/cache.server";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { HttpError } from "~/server/core/http.server";
import { auditItemName, noteAuditObject } from "~/server/admin/audit.server";
import { cancelIssueSchedule, confirmedSubscriberCount, deleteDraftIssue, scheduleIssue } from "~/server/newsletter/drafts.server";
import { issueMailParts } from "~/server/mail/render.server";
import { newsletterIssueEmail } from "~/server/mail/templates/newsletter.server";
import { getIssue, issueDeliveryReport, sendingState, sendTestIssue, startIssueSend, updateIssue } from "~/server/newsletter/issues.server";
import { siteUrl } from "~/server/site/seo.server";
import { adminFrom } from "~/server/admin/guard.server";
import { type IssueAttribution, issueAttribution } from "~/server/analytics/reports.server";
import { siteSettings } from "~/server/site/site.server";
import { OwnerTime, useOwnerZone } from "~/components/admin/local-time";
import { formatOwnerTime } from "~/lib/time-zone";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = getDb();
  const id = parseId(params.id);
  const issue = id === null ? undefined : await getIssue(db, id);
  if (!issue) return data({ issue: null }, { status: 404 });
  const report = issue.sentAt === null ? null : await issueDeliveryReport(db, issue.id);
  const site = await siteSettings(db);
  const origin = siteUrl(request);
  return {
    issue,
    report,
    state: sendingState({ ...issue, waiting: report ? report.counts.queued + report.counts.handed : 0 }),
    // The e-mail as subscribers get it (a test's footer stands where their own unsubscribe link goes).
    previewHtml: newsletterIssueEmail({ ...(await issueMailParts(db, issue, origin)), siteName: site.name, unsubscribeUrl: null }).html,
    testAddress: site.email,
    // Who a send now would reach: the send box says it before the button is pressed.
    confirmed: issue.sentAt === null ? await confirmedSubscriberCount(db) : 0,
    // What it brought in the 7 days after sending (docs/analytics.md); purchases are the owner's.
    attribution: issue.sentAt === null ? null : await issueAttribution(db, { id: issue.id, sentAt: issue.sentAt }, adminFrom(context).role),
  };
}

type ActionResult = FormResult<{ intent: "save" | "test" | "send" | "schedule" | "unschedule" }>;

/** "Sending to 1 subscriber" / "Sending to 2,000 subscribers". */
export function sendingToText(recipients: number) {
  return `Sending to ${recipients.toLocaleString("en-US")} ${recipients === 1 ? "subscriber" : "subscribers"}`;
}

/**
 * POST intent=save|test|send. Admin only (403 cross-site, 401 signed out); 400 for what the form got wrong, 404 for
 * an unknown issue, 409 for one already sent (an issue is sent once, and then no longer edited); never a 500.
 * Send only claims the issue and queues its fan-out: the queue consumer sends it (app/server/newsletter/sending.server.ts).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const db = getDb();
  return formAction({ request, context }, newsletterIssueActionSchema, async (input): Promise<ActionResult> => {
    const id = parseId(params.id);
    if (id === null) throw new HttpError(404, "Newsletter issue not found.");
    const origin = siteUrl(request);
    // The audit entry names the issue: by the subject it is saved with, else the stored one.
    const subject = "subject" in input ? input.subject : (await getIssue(db, id))?.subject;
    const issue = auditItemName("issue", id, subject);
    noteAuditObject(context, { object: issue });
    if (input.intent === "send") {
      const { recipients, queued } = await startIssueSend(db, id, { origin });
      await markContentChanged(db);
      const later = queued ? "" : " The mail queue did not answer just now; sending starts by itself within 15 minutes.";
      return { ok: true, intent: "send", message: `${sendingToText(recipients)}. It is in the archive now.${later}` };
    }
    if (input.intent === "schedule") {
      await scheduleIssue(db, id, input.scheduledAt, origin);
      noteAuditObject(context, { object: `${issue} for ${input.scheduledAt}` });
      return {
        ok: true,
        intent: "schedule",
        message: `It will be sent on ${formatInTimeZone(input.scheduledAt, input.timeZone)} (${formatDateTimeUtc(input.scheduledAt)}).`,
      };
    }
    if (input.intent === "unschedule") {
      await cancelIssueSchedule(db, id);
      return { ok: true, intent: "unschedule", message: "The scheduled send is cancelled; the issue is a draft." };
    }
    if (input.intent === "delete") {
      const deleted = await deleteDraftIssue(db, id);
      noteAuditObject(context, { object: auditItemName("issue", id, deleted.subject) });
      // Thrown: the answer is the list (formAction audits a thrown redirect as a success).
      throw redirect("/admin/newsletter?deleted=1");
    }
    await updateIssue(db, id, { subject: input.subject, body: input.body, format: input.format }, input.version);
    if (input.intent === "save") return { ok: true, intent: "save", message: "Draft saved." };
    await sendTestIssue(db, id, input.to, origin);
    return { ok: true, intent: "test", message: `Draft saved and a test sent to ${input.to}.` };
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  adminMeta(loaderData?.issue ? `Newsletter: ${loaderData.issue.subject}` : "Newsletter issue not found", matches);

const TOAST_TITLES = {
  save: "Draft saved",
  test: "Test sent",
  send: "Sending",
  schedule: "Send scheduled",
  unschedule: "Schedule cancelled",
} as const;

/** How often the page re-reads the counts while the issue is being sent. */
export const LIVE_COUNTS_INTERVAL_MS = 5000;

type IssueData = Extract<Route.ComponentProps["loaderData"], { report: unknown }>;
type Issue = NonNullable<IssueData["issue"]>;
type Report = NonNullable<IssueData["report"]>;

export default function NewsletterIssue({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  useActionToast(result, (done) => ({ title: TOAST_TITLES[done.intent], description: done.message }));
  const sending = loaderData.issue ? loaderData.state === "sending" : false;
  useLiveCounts(sending);
  // "Publish and e-mail" from the article's editor lands here.
  useFlashToast("published", () => toast.success("Article published", { description: "The issue is being sent to subscribers." }));

  if (!loaderData.issue) {
    return (
      <AdminNotFound
        title="Issue not found"
        message="There is no newsletter issue with this number."
        back={{ to: "/admin/newsletter", label: "Newsletter" }}
      />
    );
  }
  const { issue, report, state, previewHtml, testAddress, confirmed, attribution } = loaderData;
  const sent = issue.sentAt !== null;
  return (
    <>
      <AdminPageHeader
        title={issue.subject}
        description={
          sent ? (
            `Sent ${formatLongDate(issue.sentAt ?? "")}`
          ) : issue.scheduledAt ? (
            <span data-testid="issue-scheduled">
              Scheduled for <LocalTime iso={issue.scheduledAt} />
            </span>
          ) : (
            "Draft"
          )
        }
        back={{ to: "/admin/newsletter", label: "Newsletter" }}
      />
      <FormResultNotice result={result} testId="issue-result" />
      <div className="grid gap-6">
        {sent && report ? (
          <DeliveryCard issue={issue} report={report} state={state} />
        ) : (
          <WriteCard issue={issue} testAddress={testAddress} busy={busy} />
        )}
        {attribution ? <AttributionCard attribution={attribution} /> : null}

        <Card className="p-6">
          <h2 className="mb-4 font-serif text-xl font-semibold">Preview as e-mail</h2>
          <p className="mb-3 text-sm text-muted-foreground">The saved version, as subscribers will get it. Save to update it.</p>
          <iframe
            title="E-mail preview"
            sandbox=""
            srcDoc={previewHtml}
            className="h-[32rem] w-full rounded-md border border-border bg-white"
          />
        </Card>

        {sent ? null : <SendCard busy={busy} confirmed={confirmed} />}
        {sent ? null : <ScheduleCard scheduledAt={issue.scheduledAt} busy={busy} />}
        {sent ? null : <DeleteCard subject={issue.subject} busy={busy} />}
      </div>
    </>
  );
}

/** Re-reads the loader every few seconds while the issue is being sent; stops when it is done (or paused). */
function useLiveCounts(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, LIVE_COUNTS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

/** The live counts labels, in the order the page shows them. */
export function deliveryCountRows(report: Report) {
  const { counts } = report;
  return [
    ["Waiting", counts.queued + counts.handed],
    ["Sent", counts.sent],
    ["Failed", counts.failed],
    ["Bounced", counts.bounced],
    ["Complained", counts.complained],
    ["Skipped (left before it reached them)", counts.skipped],
    ["Unsubscribed since", report.unsubscribedSince],
  ] as const;
}

/** A sent issue's delivery: where the send stands, live counts, what failed and why, its archive page. */
function DeliveryCard({ issue, report, state }: { issue: Issue; report: Report; state: IssueData["state"] }) {
  const recipients = issue.recipientCount ?? report.recipients;
  const zone = useOwnerZone();
  return (
    <Card className="p-6">
      <h2 className="mb-2 font-serif text-xl font-semibold">Delivery</h2>
      <p className="mb-4 text-sm" data-testid="issue-sending-state" aria-live="polite">
        {state === "paused" && issue.pausedUntil
          ? `${sendingToText(recipients)}. Paused until ${formatOwnerTime(issue.pausedUntil, zone)} (daily quota); resumes automatically.`
          : state === "sending"
            ? `${sendingToText(recipients)}. These counts update by themselves.`
            : `Sent to ${report.counts.sent.toLocaleString("en-US")} of ${recipients.toLocaleString("en-US")} subscribers.`}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="issue-counts">
        {deliveryCountRows(report).map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold">{value.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      {report.failures.length > 0 ? (
        <div className="mt-4 grid gap-2 text-sm" data-testid="issue-failures">
          <h3 className="font-semibold">Not delivered, and why</h3>
          <ul className="grid gap-2">
            {report.failures.map((failure) => (
              <li key={failure.reason}>
                <strong>{failure.count.toLocaleString("en-US")}</strong>: {failure.text}
                {failure.addresses.length > 0 ? (
                  <span className="text-muted-foreground">
                    {" "}
                    ({failure.addresses.join(", ")}
                    {failure.count > failure.addresses.length ? ", …" : ""})
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="text-muted-foreground">These addresses were unsubscribed, with the reason, and get no further issues.</p>
        </div>
      ) : null}
      {report.archived > 0 ? (
        <p className="mt-4 text-sm text-muted-foreground" data-testid="issue-archived">
          The per-recipient delivery records were deleted {MAIL_LOG_RETENTION_MONTHS} months after they were written, as the privacy policy
          says; these totals remain, and name nobody.
        </p>
      ) : null}
      <p className="mt-4 text-sm">
        <Link to={`/newsletter/${issue.id}`} className="text-primary underline-offset-4 hover:underline">
          View it in the public archive
        </Link>
      </p>
    </Card>
  );
}

/** A draft's subject and body, "Save draft", and a test sent to one address. */
function WriteCard({ issue, testAddress, busy }: { issue: Issue; testAddress: IssueData["testAddress"]; busy: boolean }) {
  return (
    <Card className="p-6">
      <h2 className="mb-4 font-serif text-xl font-semibold">Write</h2>
      <Form method="post" className="grid gap-6">
        {/* The version the draft was opened at: a save over someone else's newer one is refused (409). */}
        <input type="hidden" name="version" value={issue.updatedAt ?? ""} />
        <NewsletterIssueFields subject={issue.subject} body={issue.body} />
        {issue.articleId !== null ? (
          <SelectField
            label="Send as"
            id="issue-format"
            errorLine={false}
            className="grid gap-1.5"
            controlClassName="w-fit"
            name="format"
            defaultValue={issue.format}
            hint="The excerpt is made from the article as it is when the mail is written; the full text is the body above."
          >
            {NEWSLETTER_ISSUE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {NEWSLETTER_ISSUE_FORMAT_LABELS[format]}
              </option>
            ))}
          </SelectField>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          <Button type="submit" name="intent" value="save" disabled={busy}>
            Save draft
          </Button>
          <Field
            label="Send a test to"
            id="issue-test-to"
            errorLine={false}
            className="grid gap-1.5"
            controlClassName="w-72"
            name="to"
            type="email"
            defaultValue={testAddress}
          />
          <Button type="submit" name="intent" value="test" variant="outline" disabled={busy}>
            Save and send test
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** Sending a draft to every confirmed subscriber: it says how many first, and asks to confirm (a box to tick: no JavaScript needed). */
function SendCard({ busy, confirmed }: { busy: boolean; confirmed: number }) {
  const who = confirmedSubscribersText(confirmed);
  return (
    <Card className="p-6">
      <h2 className="mb-2 font-serif text-xl font-semibold">Send to subscribers</h2>
      <Form method="post" className="grid gap-4 text-sm" data-testid="send-box">
        <input type="hidden" name="intent" value="send" />
        <p>
          Sends the saved version now to <strong>{who}</strong>, each with their own unsubscribe link, and publishes it in the archive. An
          issue is sent once; after that it can no longer be edited. Sending now cancels a scheduled send.
        </p>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="confirm" value="yes" required /> I confirm: send this issue to {who}
        </label>
        <div>
          <Button type="submit" disabled={busy}>
            Send to {who}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** A send at a date and time in the owner's time zone (stored in UTC; the 5-minute cron starts it), or its cancellation. */
function ScheduleCard({ scheduledAt, busy }: { scheduledAt: string | null; busy: boolean }) {
  return (
    <Card className="p-6">
      <h2 className="mb-2 font-serif text-xl font-semibold">Schedule</h2>
      {scheduledAt ? (
        <p className="mb-4 text-sm" data-testid="schedule-status">
          Scheduled for <LocalTime iso={scheduledAt} />. It can still be edited until then; the send starts within 5 minutes of that time.
        </p>
      ) : (
        <p className="mb-4 text-sm text-muted-foreground">
          Send it later, at a time in your time zone (at most a year ahead). It stays a draft you can edit until then.
        </p>
      )}
      <div className="flex flex-wrap items-end gap-3">
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="schedule" />
          <ZonedDateTimeInput id="issue-scheduled-at" name="scheduledAt" iso={scheduledAt} label="Send at" />
          <Button type="submit" variant="outline" disabled={busy}>
            {scheduledAt ? "Change schedule" : "Schedule"}
          </Button>
        </Form>
        {scheduledAt ? (
          <Form method="post">
            <input type="hidden" name="intent" value="unschedule" />
            <Button type="submit" variant="outline" disabled={busy}>
              Cancel schedule
            </Button>
          </Form>
        ) : null}
      </div>
    </Card>
  );
}

/** Deleting a draft, once confirmed (a box to tick, as for sending); then back to the list. */
function DeleteCard({ subject, busy }: { subject: string; busy: boolean }) {
  return (
    <Card className="p-6">
      <h2 className="mb-2 font-serif text-xl font-semibold">Delete this draft</h2>
      <Form method="post" className="grid gap-4 text-sm" data-testid="delete-box">
        <input type="hidden" name="intent" value="delete" />
        <label className="flex items-center gap-2">
          <input type="checkbox" name="confirm" value="yes" required /> I confirm: delete “{subject}”. This cannot be undone.
        </label>
        <div>
          <Button type="submit" variant="destructive" disabled={busy}>
            Delete draft
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/**
 * What the issue brought in the 7 days after it was sent: visits of its tagged links (utm_campaign=issue-<id>), and the
 * signups and (for the owner) purchases that came with that campaign (docs/analytics.md, "The analytics page").
 */
function AttributionCard({ attribution }: { attribution: IssueAttribution }) {
  const rows: [string, number][] = [
    ["Visits", attribution.visits],
    ["Unique visitors", attribution.visitors],
    ["Signups", attribution.signups],
    ...(attribution.purchases === null ? [] : ([["Purchases", attribution.purchases]] as [string, number][])),
  ];
  return (
    <Card className="p-6" data-card="attribution">
      <h2 className="font-serif text-xl font-semibold">What it brought</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        In the 7 days after sending, up to <OwnerTime iso={attribution.until} />: visits of the issue's links (campaign{" "}
        <code>{attribution.campaign}</code>), and the signups and purchases that came from them. No pixel: opens are not counted.
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label} data-figure={label.toLowerCase()}>
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="font-serif text-2xl font-semibold tabular-nums" data-value>
              {formatCount(value)}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

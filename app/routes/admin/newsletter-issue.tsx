import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
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
import { formatDateTimeUtc, formatLongDate } from "~/lib/format";
import { formatInTimeZone } from "~/lib/time-zone";
import type { FormResult } from "~/lib/form-result";
import { markContentChanged } from "~/server/core/cache.server";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { HttpError } from "~/server/core/http.server";
import { noteAuditObject } from "~/server/admin/audit.server";
import {
  cancelIssueSchedule,
  clearIssueSchedule,
  confirmedSubscriberCount,
  deleteDraftIssue,
  scheduleIssue,
} from "~/server/newsletter/drafts.server";
import { issueForMail } from "~/server/newsletter/excerpt.server";
import {
  getIssue,
  issueEmail,
  listIssues,
  resumeIssueSending,
  sendIssueToSubscribers,
  sendTestIssue,
  updateIssue,
} from "~/server/newsletter/issues.server";
import { siteUrl } from "~/server/site/seo.server";
import { siteSettings } from "~/server/site/site.server";

export async function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb();
  const id = parseId(params.id);
  const issue = id === null ? undefined : await getIssue(db, id);
  if (!issue) return data({ issue: null }, { status: 404 });
  const counts = (await listIssues(db)).find((row) => row.id === issue.id);
  const site = await siteSettings(db);
  const origin = siteUrl(request);
  return {
    issue,
    counts,
    // The e-mail as subscribers get it (a test's footer stands where their own unsubscribe link goes).
    previewHtml: issueEmail(await issueForMail(db, issue, origin), origin, null, site.name).html,
    testAddress: site.email,
    // Who a send now would reach: the send box says it before the button is pressed.
    confirmed: issue.sentAt === null ? await confirmedSubscriberCount(db) : 0,
  };
}

type ActionResult = FormResult<{ intent: "save" | "test" | "send" | "resume" | "schedule" | "unschedule" }>;

/**
 * POST intent=save|test|send|resume. Admin only (403 cross-site, 401 signed out); 400 for what the form got wrong, 404 for
 * an unknown issue, 409 for one already sent (an issue is sent once, and then no longer edited); never a 500.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const db = getDb();
  return formAction({ request, context }, newsletterIssueActionSchema, async (input): Promise<ActionResult> => {
    const id = parseId(params.id);
    if (id === null) throw new HttpError(404, "Newsletter issue not found.");
    const origin = siteUrl(request);
    if (input.intent === "send") {
      // INTEGRATOR (#26): startIssueSend(db, id, { origin, now, queue }) replaces this call.
      const { recipients, queued } = await sendIssueToSubscribers(db, id, origin);
      // Sent now: a schedule it had is void.
      await clearIssueSchedule(db, id);
      await markContentChanged(db);
      const message =
        queued === recipients
          ? `Sending to ${recipients} confirmed ${recipients === 1 ? "subscriber" : "subscribers"}. It is in the archive now.`
          : `Only ${queued} of ${recipients} deliveries could be queued; see the server log, then resume sending.`;
      return { ok: true, intent: "send", message };
    }
    if (input.intent === "resume") {
      const { waiting, queued } = await resumeIssueSending(db, id);
      const deliveries = `${waiting} ${waiting === 1 ? "delivery" : "deliveries"}`;
      // Some deliveries still wait: not done (and not in the audit log), the admin tries again.
      if (queued !== waiting)
        return {
          ok: false,
          message: `Only ${queued} of the ${deliveries} still waiting could be queued; see the server log, then try again.`,
        };
      return { ok: true, intent: "resume", message: `Queued the ${deliveries} still waiting. Nobody gets the issue twice.` };
    }
    if (input.intent === "schedule") {
      await scheduleIssue(db, id, input.scheduledAt, origin);
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
      noteAuditObject(context, { object: `“${deleted.subject}” (issue #${id})` });
      // Thrown: the answer is the list (formAction audits a thrown redirect as a success).
      throw redirect("/admin/newsletter?deleted=1");
    }
    await updateIssue(db, id, { subject: input.subject, body: input.body, format: input.format });
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
  send: "Issue sent",
  resume: "Sending resumed",
  schedule: "Send scheduled",
  unschedule: "Schedule cancelled",
} as const;

type IssueData = Extract<Route.ComponentProps["loaderData"], { counts: unknown }>;
type Issue = NonNullable<IssueData["issue"]>;

export default function NewsletterIssue({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  useActionToast(result, (done) => ({ title: TOAST_TITLES[done.intent], description: done.message }));
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
  const { issue, counts, previewHtml, testAddress, confirmed } = loaderData;
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
        {sent && counts ? (
          <DeliveryCard issueId={issue.id} counts={counts} busy={busy} />
        ) : (
          <WriteCard issue={issue} testAddress={testAddress} busy={busy} />
        )}

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

/** A sent issue's delivery: how many got it, failed, wait or were skipped; resuming a send that stopped; its archive page. */
function DeliveryCard({ issueId, counts, busy }: { issueId: number; counts: NonNullable<IssueData["counts"]>; busy: boolean }) {
  return (
    <Card className="p-6">
      <h2 className="mb-2 font-serif text-xl font-semibold">Delivery</h2>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3" data-testid="issue-counts">
        {(
          [
            ["Recipients", counts.recipients],
            ["Sent", counts.sent],
            ["Failed", counts.failed],
            ["Not yet queued for e-mail", counts.waiting],
            ["Skipped (left before it reached them)", counts.skipped],
            ["Unsubscribed since", counts.unsubscribedSince],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {counts.waiting > 0 ? (
        <Form method="post" className="mt-4 grid gap-3 rounded-md border border-border p-4 text-sm" data-testid="resume-sending">
          <input type="hidden" name="intent" value="resume" />
          <p>
            {counts.waiting} {counts.waiting === 1 ? "recipient has" : "recipients have"} not been handed to the mail queue yet. Right after
            a send this number goes down within minutes; if it stays, queueing failed part-way (the server log says why) and you can resume.
            Resuming is always safe: nobody gets the issue twice.
          </p>
          <div>
            <Button type="submit" variant="outline" disabled={busy}>
              Resume sending
            </Button>
          </div>
        </Form>
      ) : null}
      <p className="mt-4 text-sm">
        <Link to={`/newsletter/${issueId}`} className="text-primary underline-offset-4 hover:underline">
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

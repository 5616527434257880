import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/learner-erase";
import { AdminPageHeader, FormResultNotice } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { EMAIL_MAX } from "~/lib/validation";
import type { FormResult } from "~/lib/form-result";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { firstIssueMessage, HttpError } from "~/server/core/http.server";
import { erasureSubject, erasureSummary, type LearnerErasure } from "~/lib/learner-data";
import {
  erasureSubjectSchema,
  eraseLearner,
  learnerErasurePreview,
  learnerEraseLookupSchema,
  learnerEraseSchema,
} from "~/server/learning/learner-data.server";

/**
 * `/admin/users/erase?email=…` (owner only: its policy in app/site-routes.ts): look a learner up
 * and see what erasing them removes; the confirmation box posts to `/admin/users/erase/{subject}`, where the subject is
 * the orders kept for the accounts (`EL-000012+EL-000013`, or `no-orders`), so the audit log names what was erased
 * without keeping the address.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = learnerEraseLookupSchema.safeParse(query);
  if (!parsed.success) return data({ email: query.email ?? "", preview: null, error: firstIssueMessage(parsed.error) }, { status: 400 });
  const email = parsed.data.email ?? "";
  const preview = email ? await learnerErasurePreview(getDb(), email) : null;
  return { email, preview, error: null };
}

type ActionResult = FormResult<{ erased: LearnerErasure }>;

/** POST intent=erase-learner, email, confirm=yes to /admin/users/erase/{subject}: 403, 401, 400, 409; never a 500. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return formAction({ request, context }, learnerEraseSchema, async (input) => {
    const subject = erasureSubjectSchema.safeParse(params.subject);
    if (!subject.success) throw new HttpError(400, firstIssueMessage(subject.error));
    const erased = await eraseLearner(getDb(), input.email, subject.data);
    return { ok: true, message: `Erased ${erased.email}: ${erasureSummary(erased)}.`, erased } satisfies ActionResult;
  });
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Erase a learner", matches);

export default function LearnerErase({ loaderData }: Route.ComponentProps) {
  const { email, preview, error } = loaderData;
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  useActionToast(result, () => "Learner erased");
  const nothingStored =
    preview &&
    preview.orders.length +
      preview.progress +
      preview.answers +
      preview.certificates +
      preview.sessions +
      preview.accessLinks +
      preview.mails +
      preview.rateLimits ===
      0;
  return (
    <>
      <AdminPageHeader
        title="Erase a learner"
        description="For a request to be forgotten: deletes a learner's progress, answers, certificates, sessions, access links and the e-mails to them, and removes the address and name from their orders (the orders are kept for the accounts)."
        back={{ to: "/admin/users", label: "Users" }}
      />
      <FormResultNotice result={result} testId="erase-result" />
      <Form method="get" action="/admin/users/erase" className="mb-6 flex flex-wrap items-end gap-3">
        <Field
          label="Learner's e-mail address"
          id="erase-email"
          errorLine={false}
          className="grow"
          name="email"
          type="email"
          required
          maxLength={EMAIL_MAX}
          defaultValue={email}
        />
        <Button type="submit" variant="outline">
          Look up
        </Button>
      </Form>
      {error ? (
        <p role="alert" className="mb-4 rounded-xl border border-destructive p-4 text-destructive">
          {error}
        </p>
      ) : null}
      {preview && !result?.ok ? (
        nothingStored ? (
          <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground" data-testid="erase-nothing">
            Nothing is stored about {preview.email} as a learner.
          </p>
        ) : (
          <Card className="border-destructive p-6" data-testid="erase-confirmation">
            <h2 className="mb-2 font-serif text-xl font-semibold">Erase {preview.email}?</h2>
            <p className="mb-4 text-sm">
              This removes {erasureSummary(preview)}. It cannot be undone. The newsletter subscription, if any, is separate.
            </p>
            <Form method="post" action={`/admin/users/erase/${erasureSubject(preview.orders)}`} className="grid gap-4">
              <input type="hidden" name="intent" value="erase-learner" />
              <input type="hidden" name="email" value={preview.email} />
              <label className="flex min-h-11 items-center gap-3">
                <input type="checkbox" name="confirm" value="yes" required className="size-5 shrink-0" />
                <span>I confirm: erase everything stored about {preview.email} as a learner.</span>
              </label>
              <div className="flex flex-wrap gap-3">
                <Button type="submit" variant="destructive" disabled={busy}>
                  Erase {preview.email}
                </Button>
                <Link to="/admin/users" className={buttonClass("outline")}>
                  Cancel
                </Link>
              </div>
            </Form>
          </Card>
        )
      ) : null}
    </>
  );
}

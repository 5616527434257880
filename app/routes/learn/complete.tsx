import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/complete";
import { Button, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ProveInboxNote, UNPROVEN_SESSION_NOTE } from "~/components/learning/prove-inbox";
import { Field } from "~/components/ui/field";
import { certificateNameSchema } from "~/lib/schemas";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { NAME_MAX } from "~/lib/validation";
import { formAction, formRefusal } from "~/server/core/form-action.server";
import { requireOwnedCourse } from "~/server/learning/learner-context.server";
import { enrolmentName, findCertificate, getCourseOutline, issueCertificate } from "~/server/learning/learning.server";

async function finishedCourse(params: Route.LoaderArgs["params"], context: Route.LoaderArgs["context"]) {
  const { db, courseId, email, key, proven } = await requireOwnedCourse(params.id, context);
  const outline = await getCourseOutline(db, courseId, key);
  if (!outline) throw new Response("Not found", { status: 404 });
  // Not finished yet: back into the course, where the outline shows what is left.
  if (proven && outline.completedCount < outline.totalLessons) throw redirect(`/courses/${courseId}/learn`);
  return { db, courseId, email, proven, outline };
}

/**
 * The completion page: the whole course is done; the certificate is issued once, in the learner's chosen name.
 * Certificates are the address's: an unproven session (the payment-success page's) sees only what the access link
 * would open, and a button that e-mails it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, courseId, email, proven, outline } = await finishedCourse(params, context);
  if (!proven) return { proven: false as const, course: outline.course, email };
  const [certificate, name] = await Promise.all([findCertificate(db, email, courseId), enrolmentName(db, email, courseId)]);
  return { proven: true as const, course: outline.course, lessons: outline.totalLessons, certificate, suggestedName: name };
}

/** POST name: issues the certificate, once (the learner's own course, finished, by a session that proved the inbox). */
export async function action({ params, context, request }: Route.ActionArgs) {
  const { db, courseId, email, proven } = await finishedCourse(params, context);
  if (!proven) return formRefusal(403, { message: UNPROVEN_SESSION_NOTE });
  return formAction(
    { request, context },
    certificateNameSchema,
    async (input) => {
      const certificate = await issueCertificate(db, { email, courseId, name: input.name });
      throw redirect(`/certificates/${certificate.id}`);
    },
    { input: (form) => ({ name: form.get("name") ?? "" }) },
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    {
      title: pageTitle(
        loaderData?.proven ? `Completed: ${loaderData.course.title}` : (loaderData?.course.title ?? "Course complete"),
        siteNameFromMatches(matches),
      ),
    },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function CompletePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (!loaderData.proven) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <h1 className="font-serif text-4xl font-semibold">{loaderData.course.title}</h1>
        <ProveInboxNote email={loaderData.email} className="mt-8" />
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <LinkButton to={`/courses/${loaderData.course.id}/learn`} variant="outline" size="lg">
            Back to the course
          </LinkButton>
        </div>
      </section>
    );
  }
  const { course, lessons, certificate, suggestedName } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <div
        aria-hidden="true"
        className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-badge-mindfulness text-3xl text-badge-mindfulness-foreground"
      >
        ✓
      </div>
      <h1 className="mt-6 font-serif text-4xl font-semibold">You completed {course.title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        All {lessons} lessons are done. Well done: this kind of work is slow, and you stayed with it.
      </p>
      <Card className="mt-10 p-6 text-left">
        {certificate ? (
          <>
            <h2 className="font-serif text-2xl font-semibold">Your certificate</h2>
            <p className="mt-2 text-muted-foreground">Made out to {certificate.name}. Anyone with its link can check it.</p>
            <LinkButton to={`/certificates/${certificate.id}`} size="lg" className="mt-4">
              View and print your certificate
            </LinkButton>
          </>
        ) : (
          <Form method="post" className="space-y-4">
            <h2 className="font-serif text-2xl font-semibold">Your certificate</h2>
            <Field
              label="Name on the certificate"
              id="certificate-name"
              error={actionData && !actionData.ok ? actionData.message : undefined}
              name="name"
              required
              maxLength={NAME_MAX}
              defaultValue={suggestedName}
              autoComplete="name"
            />
            <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
              Issue my certificate
            </Button>
          </Form>
        )}
      </Card>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <LinkButton to={`/courses/${course.id}/learn`} variant="outline" size="lg">
          Back to the course
        </LinkButton>
        <LinkButton to="/learn" variant="outline" size="lg">
          My learning
        </LinkButton>
      </div>
    </section>
  );
}

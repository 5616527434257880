import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/home";
import { Button, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { CoverImage } from "~/components/ui/image";
import { ProveInboxNote } from "~/components/learning/prove-inbox";
import type { FormSuccess } from "~/lib/form-result";
import { accessLinkRequestSchema } from "~/lib/schemas";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { EMAIL_MAX } from "~/lib/validation";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { learnerFrom } from "~/server/learning/learner-context.server";
import { requestAccessLink } from "~/server/learning/learner.server";
import { listLearnerCourses } from "~/server/learning/learning.server";
import { unprovenWorkOf } from "~/server/learning/unproven-work.server";
import { countOf, formatLongDate } from "~/lib/format";
import { enforceRateLimit } from "~/server/core/rate-limit.server";
import { siteUrl } from "~/server/site/seo.server";

/** Said whether or not the address has bought anything, so the form tells nobody who our learners are. */
export const ACCESS_LINK_SENT_MESSAGE =
  "If that address has bought a course here, a link to your courses is on its way. It works once, for an hour. Check your spam folder if it has not arrived in a few minutes.";

export async function loader({ context, request }: Route.LoaderArgs) {
  const learner = await learnerFrom(context);
  const notice = new URL(request.url).searchParams.get("notice");
  if (!learner) return { learner: null, courses: [], unproven: [], notice };
  const db = getDb();
  const proven = learner.scopeCourseId === null;
  // An unproven session (the payment-success page's) lists only its own course. A proven one is also shown what the
  // address's unproven sessions did elsewhere, to add or discard.
  const [courses, unproven] = await Promise.all([listLearnerCourses(db, learner), proven ? unprovenWorkOf(db, learner.email) : []]);
  return { learner: { email: learner.email, proven }, courses, unproven, notice };
}

/** POST email: "Get my access link" (anyone: checked, limited per client, and the same answer whatever the address). */
export async function action({ request, context }: Route.ActionArgs) {
  return formAction(
    { request, context },
    accessLinkRequestSchema,
    async (input) => {
      // The same work whatever the address: the client's limit here, and one queued job that decides the rest
      // (owns a course? the recipient's limit, the token, the e-mail) away from this request (requestAccessLink).
      await enforceRateLimit(request, "access-link", getDb());
      await requestAccessLink({ email: input.email, origin: siteUrl(request) });
      return { ok: true, message: ACCESS_LINK_SENT_MESSAGE } satisfies FormSuccess;
    },
    { keep: ["email"] },
  );
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle("My learning", siteNameFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

const NOTICES: Record<string, string> = {
  "link-invalid": "That access link has expired or has already been used. Ask for a new one below.",
  "nothing-owned": "That link no longer opens any course (the purchase was refunded). Write to us if this is a mistake.",
  "signed-out": "You are signed out on this device. Your progress is kept: ask for a link to come back.",
  "sign-in-unavailable": "Signing in is not available at the moment, and your link was not used. Please try it again later.",
  "unproven-added": "That work is now part of your progress.",
  "unproven-discarded": "That work was discarded.",
};

type HomeData = Route.ComponentProps["loaderData"];
type ActionData = Route.ComponentProps["actionData"];

export default function LearnHome({ loaderData, actionData }: Route.ComponentProps) {
  const { learner, courses, unproven, notice } = loaderData;
  if (learner) {
    return <SignedInHome learner={learner} courses={courses} unproven={unproven} notice={notice} actionData={actionData} />;
  }
  const noticeText = notice ? NOTICES[notice] : undefined;
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="font-serif text-4xl font-semibold">My learning</h1>
      <p className="mt-4 text-muted-foreground">
        There is no account or password here. Enter the email address you paid with and we will send you a link that opens your courses on
        this device.
      </p>
      {noticeText && (
        <p role="status" className="mt-6 rounded-lg border border-border bg-muted p-4 text-sm">
          {noticeText}
        </p>
      )}
      {actionData?.ok ? <CheckYourInbox message={actionData.message} /> : <AccessLinkForm actionData={actionData} />}
      <p className="mt-10 text-sm text-muted-foreground">
        Not enrolled yet?{" "}
        <Link to="/courses" className="underline underline-offset-2">
          Browse our courses
        </Link>
        .
      </p>
    </div>
  );
}

/** A learner signed in on this device: who, their data, sign out, and their courses with their progress. */
function SignedInHome({
  learner,
  courses,
  unproven,
  notice,
  actionData,
}: {
  learner: NonNullable<HomeData["learner"]>;
  courses: HomeData["courses"];
  unproven: HomeData["unproven"];
  notice: string | null;
  actionData: ActionData;
}) {
  const noticeText = notice?.startsWith("unproven-") ? NOTICES[notice] : undefined;
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-4xl font-semibold">My learning</h1>
          <p className="mt-2 text-muted-foreground">Signed in on this device as {learner.email}.</p>
          <Link to="/learn/data" className="mt-2 inline-block text-sm underline underline-offset-4">
            Your data: download or delete it
          </Link>
        </div>
        <Form method="post" action="/learn/sign-out">
          <Button type="submit" variant="outline">
            Sign out
          </Button>
        </Form>
      </div>
      {actionData?.ok ? (
        <CheckYourInbox message={actionData.message} />
      ) : (
        !learner.proven && <ProveInboxNote email={learner.email} className="mt-8" />
      )}
      {noticeText && (
        <p role="status" className="mt-6 rounded-lg border border-border bg-muted p-4 text-sm">
          {noticeText}
        </p>
      )}
      {unproven.length > 0 && <UnprovenWork work={unproven} />}
      {actionData && !actionData.ok && (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {actionData.message}
        </p>
      )}
      {courses.length === 0 ? (
        <Card className="mt-10 p-6">
          <p>No course is open for this address any more.</p>
          <LinkButton to="/courses" className="mt-4" variant="outline">
            Browse courses
          </LinkButton>
        </Card>
      ) : (
        <CourseCards courses={courses} />
      )}
    </div>
  );
}

/** "3 lessons completed, 1 answer": what adding would bring, in words. */
function workSummary(work: HomeData["unproven"][number]) {
  return [
    work.lessonsCompleted > 0 && `${countOf(work.lessonsCompleted, "lesson")} completed`,
    work.lessonsOpened > 0 && `${countOf(work.lessonsOpened, "lesson")} opened`,
    work.answers > 0 && countOf(work.answers, "answer"),
    work.quizResults > 0 && countOf(work.quizResults, "quiz result"),
  ]
    .filter(Boolean)
    .join(", ");
}

function workDays(work: HomeData["unproven"][number]) {
  const [from, to] = [formatLongDate(work.from), formatLongDate(work.to)];
  return from === to ? `on ${from}` : `from ${from} to ${to}`;
}

/**
 * Work done in the address's unproven sessions (a device where the e-mailed link was not opened): kept apart until the
 * inbox's owner adds it to their progress or discards it.
 */
function UnprovenWork({ work }: { work: HomeData["unproven"] }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/learn/unproven";
  return (
    <Card className="mt-8 p-6" aria-labelledby="unproven-work-heading" role="region">
      <h2 id="unproven-work-heading" className="font-serif text-xl font-semibold">
        Work from before you opened your link
      </h2>
      <p className="mt-2 text-muted-foreground">
        Right after paying, a device can use the course before its e-mailed link is opened. What it did is kept apart from your progress
        until you say it is yours.
      </p>
      <ul className="mt-4 space-y-4">
        {work.map((item) => (
          <li key={item.courseId} data-testid="unproven-work">
            <p>
              <strong>{item.courseTitle}</strong>: {workSummary(item)}, {workDays(item)}.
            </p>
            <div className="mt-2 flex flex-wrap gap-3">
              <Form method="post" action="/learn/unproven">
                <input type="hidden" name="courseId" value={item.courseId} />
                <Button type="submit" name="intent" value="add" disabled={busy}>
                  Add it to my progress
                </Button>
              </Form>
              <Form method="post" action="/learn/unproven">
                <input type="hidden" name="courseId" value={item.courseId} />
                <Button type="submit" name="intent" value="discard" variant="outline" disabled={busy}>
                  Discard it
                </Button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function CheckYourInbox({ message }: { message: string }) {
  return (
    <Card className="mt-8 p-6" role="status">
      <h2 className="font-serif text-xl font-semibold">Check your inbox</h2>
      <p className="mt-2 text-muted-foreground">{message}</p>
    </Card>
  );
}

/** The learner's courses, each with its progress and the way back in. */
function CourseCards({ courses }: { courses: HomeData["courses"] }) {
  return (
    <ul className="mt-10 grid gap-6 md:grid-cols-2" aria-label="Your courses">
      {courses.map((course) => (
        <li key={course.id}>
          <Card className="flex h-full flex-col overflow-hidden">
            <CoverImage src={course.imageUrl} className="aspect-video w-full bg-muted object-cover" />
            <div className="flex flex-1 flex-col p-5">
              <h2 className="font-serif text-xl font-semibold">{course.title}</h2>
              <p className="mt-2 text-sm text-muted-foreground" data-testid="course-progress">
                {course.completedLessons} of {course.totalLessons} lessons complete · {course.percent}%
              </p>
              <div className="mt-3 h-2 rounded-full bg-muted" aria-hidden="true">
                <div className="h-2 rounded-full bg-primary" style={{ width: `${course.percent}%` }} />
              </div>
              <LinkButton to={`/courses/${course.id}/learn`} className="mt-5 self-start">
                {course.percent === 0 ? "Start learning" : course.percent === 100 ? "Review course" : "Continue learning"}
              </LinkButton>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The address to send an access link to (what was refused stays typed, with why). */
function AccessLinkForm({ actionData }: { actionData: ActionData }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/learn";
  return (
    <Form method="post" action="/learn" className="mt-8 space-y-4">
      <Field
        label="Email address"
        id="access-email"
        error={actionData && !actionData.ok ? actionData.message : undefined}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX}
        defaultValue={actionData && !actionData.ok ? (actionData.values?.email ?? "") : ""}
      />
      <Button type="submit" disabled={sending}>
        {sending ? "Sending..." : "Get my access link"}
      </Button>
    </Form>
  );
}

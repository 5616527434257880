import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/data";
import { Button, buttonClass, LinkButton } from "~/components/ui/button";
import { FigureList } from "~/components/ui/figure-list";
import { Card } from "~/components/ui/card";
import { formatLongDate } from "~/lib/format";
import { ORDER_RETENTION_YEARS } from "~/lib/learner-data";
import { pageTitle, siteNameFromMatches, useSiteSettings } from "~/lib/site";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { HttpError } from "~/server/core/http.server";
import { learnerFrom } from "~/server/learning/learner-context.server";
import {
  deleteAllWrittenAnswers,
  deleteCourseProgress,
  deleteWrittenAnswer,
  exportLearnerData,
  learnerDataActionSchema,
  provenLearner,
} from "~/server/learning/learner-data.server";

/** What the page asks to confirm, from the URL (`?delete=answer-12`, `answers`, `progress-3`): a plain link, no JavaScript. */
type Pending = { kind: "answer"; id: number } | { kind: "answers" } | { kind: "progress"; id: number };

function pendingDeletion(value: string | null): Pending | null {
  if (value === "answers") return { kind: "answers" };
  const match = value?.match(/^(answer|progress)-([1-9]\d{0,9})$/);
  return match ? { kind: match[1] as "answer" | "progress", id: Number(match[2]) } : null;
}

const DONE: Record<string, string> = {
  answer: "Your answer was deleted.",
  answers: "Your written answers were deleted.",
  progress: "Your progress in that course was deleted.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const learner = await provenLearner(context);
  if (!learner) return { proven: false as const, signedIn: (await learnerFrom(context)) !== null };
  const url = new URL(request.url);
  const stored = await exportLearnerData(getDb(), learner.email);
  const courseIds = [...new Set([...stored.progress, ...stored.quizAttempts].map((row) => row.courseId))];
  const progressByCourse = courseIds.map((courseId) => ({
    courseId,
    course: [...stored.progress, ...stored.quizAttempts].find((row) => row.courseId === courseId)?.course ?? "",
    lessons: stored.progress.filter((row) => row.courseId === courseId).length,
    completed: stored.progress.filter((row) => row.courseId === courseId && row.completedAt).length,
    quizAttempts: stored.quizAttempts.filter((row) => row.courseId === courseId).length,
  }));
  return {
    proven: true as const,
    email: stored.email,
    counts: {
      orders: stored.orders.length,
      progress: stored.progress.length,
      quizAttempts: stored.quizAttempts.length,
      writtenAnswers: stored.writtenAnswers.length,
      certificates: stored.certificates.length,
      emails: stored.emails.length,
      sessions: stored.sessions.active,
    },
    answers: stored.writtenAnswers.map(({ assessmentId, course, lesson, assessment, answer, updatedAt }) => ({
      assessmentId,
      course,
      lesson,
      assessment,
      answer,
      updatedAt,
    })),
    progressByCourse,
    pending: pendingDeletion(url.searchParams.get("delete")),
    done: DONE[url.searchParams.get("done") ?? ""] ?? null,
  };
}

/**
 * POST intent=delete-answer (assessmentId) | delete-answers | delete-progress (courseId), each with confirm=yes:
 * 403 cross-site or for a learner who has not proved the inbox, 400 for a form the schema refuses, 404 for an answer
 * already gone; otherwise the rows are deleted and the page reloads with what was done.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return formAction({ request, context }, learnerDataActionSchema, async (input) => {
    const learner = await provenLearner(context);
    if (!learner) throw new HttpError(403, "Open the access link we e-mail you to delete your data: it proves the inbox is yours.");
    const db = getDb();
    if (input.intent === "delete-answer") {
      await deleteWrittenAnswer(db, learner.email, input.assessmentId);
      return redirect("/learn/data?done=answer");
    }
    if (input.intent === "delete-answers") {
      await deleteAllWrittenAnswers(db, learner.email);
      return redirect("/learn/data?done=answers");
    }
    await deleteCourseProgress(db, learner.email, input.courseId);
    return redirect("/learn/data?done=progress");
  });
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle("Your data", siteNameFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type ProvenData = Extract<Route.ComponentProps["loaderData"], { proven: true }>;
type Answer = ProvenData["answers"][number];
type CourseProgress = ProvenData["progressByCourse"][number];

export default function LearnerData({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  if (!loaderData.proven) return <NeedsAccessLink signedIn={loaderData.signedIn} />;

  const { email, counts, answers, progressByCourse, pending, done } = loaderData;
  const failed = actionData && !actionData.ok ? actionData.message : null;
  const confirmation = deleteConfirmation(pending, answers, progressByCourse);
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <p className="text-sm">
        <Link to="/learn" className="underline underline-offset-4">
          ← My learning
        </Link>
      </p>
      <h1 className="mt-4 font-serif text-4xl font-semibold">Your data</h1>
      <p className="mt-2 text-muted-foreground">Everything we store about {email}: download it, or delete your answers and progress.</p>

      {done && !failed ? (
        <p role="status" className="mt-6 rounded-lg border border-border bg-muted p-4" data-testid="data-done">
          {done}
        </p>
      ) : null}
      {failed ? (
        <p role="alert" className="mt-6 rounded-lg border border-destructive p-4 text-destructive" data-testid="data-error">
          {failed}
        </p>
      ) : null}
      {confirmation ? <DeleteConfirmation confirmation={confirmation} busy={busy} /> : null}

      <DownloadSection counts={counts} />
      <WrittenAnswersSection answers={answers} />
      <ProgressSection progressByCourse={progressByCourse} />
      <OrdersSection />
    </div>
  );
}

/** Signed in by the payment page (or not at all): the data is shown only once an access link has proved the inbox. */
function NeedsAccessLink({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="font-serif text-4xl font-semibold">Your data</h1>
      <p className="mt-4 text-muted-foreground" data-testid="data-needs-link">
        {signedIn
          ? "This device was signed in by the payment page, which opens your course but does not prove that the inbox is yours. "
          : ""}
        To download or delete what we store about your address, open the access link we e-mail you: it proves the inbox is yours.
      </p>
      <LinkButton to="/learn" className="mt-6">
        Get my access link
      </LinkButton>
    </div>
  );
}

type Confirmation = { title: string; fields: Record<string, string>; label: string; button: string };

/** What the deletion the URL asks for (`?delete=…`) says and sends once confirmed; null when it names nothing stored. */
function deleteConfirmation(pending: ProvenData["pending"], answers: Answer[], progressByCourse: CourseProgress[]): Confirmation | null {
  if (pending?.kind === "answers" && answers.length > 0) {
    return {
      title: `Delete all ${plural(answers.length, "written answer", "written answers")}?`,
      fields: { intent: "delete-answers" },
      label: "Yes, delete every exercise and reflection answer I wrote. This cannot be undone.",
      button: "Delete all my answers",
    };
  }
  const answerPending = pending?.kind === "answer" ? answers.find((a) => a.assessmentId === pending.id) : undefined;
  if (answerPending) {
    return {
      title: `Delete your answer to “${answerPending.assessment}”?`,
      fields: { intent: "delete-answer", assessmentId: String(answerPending.assessmentId) },
      label: "Yes, delete this answer. This cannot be undone.",
      button: "Delete this answer",
    };
  }
  const coursePending = pending?.kind === "progress" ? progressByCourse.find((c) => c.courseId === pending.id) : undefined;
  if (coursePending) {
    return {
      title: `Delete your progress in “${coursePending.course}”?`,
      fields: { intent: "delete-progress", courseId: String(coursePending.courseId) },
      label:
        "Yes, delete the lessons I opened and completed and my quiz attempts in this course. My written answers and certificate stay. This cannot be undone.",
      button: "Delete my progress",
    };
  }
  return null;
}

/** The confirmation form of a deletion: a box to tick, the button, and Cancel (back to the page). */
function DeleteConfirmation({ confirmation, busy }: { confirmation: Confirmation; busy: boolean }) {
  return (
    <Card className="mt-6 border-destructive p-6" data-testid="delete-confirmation">
      <h2 className="font-serif text-xl font-semibold">{confirmation.title}</h2>
      <Form method="post" action="/learn/data" className="mt-4 grid gap-4">
        {Object.entries(confirmation.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" name="confirm" value="yes" required className="size-5 shrink-0" />
          <span>{confirmation.label}</span>
        </label>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="destructive" disabled={busy}>
            {confirmation.button}
          </Button>
          <Link to="/learn/data" className={buttonClass("outline")}>
            Cancel
          </Link>
        </div>
      </Form>
    </Card>
  );
}

/** How much of each kind is stored, and the two downloads (JSON, a readable page). */
function DownloadSection({ counts }: { counts: ProvenData["counts"] }) {
  return (
    <section aria-labelledby="download-heading" className="mt-10">
      <h2 id="download-heading" className="font-serif text-2xl font-semibold">
        Download
      </h2>
      <p className="mt-2 text-muted-foreground">
        Your orders, progress, quiz attempts, written answers, certificates and the e-mails we sent you, as a file.
      </p>
      <FigureList
        data-testid="data-counts"
        figures={
          [
            ["Orders", counts.orders],
            ["Lessons opened", counts.progress],
            ["Quiz attempts", counts.quizAttempts],
            ["Written answers", counts.writtenAnswers],
            ["Certificates", counts.certificates],
            ["E-mails", counts.emails],
            ["Signed-in devices", counts.sessions],
          ] as const
        }
      />
      <div className="mt-4 flex flex-wrap gap-3">
        <a href="/learn/data/download?format=json" download className={buttonClass("primary")}>
          Download as JSON
        </a>
        <a href="/learn/data/download?format=html" download className={buttonClass("outline")}>
          Download as a readable page (HTML)
        </a>
      </div>
    </section>
  );
}

/** Each written answer, with a link to delete it, and one to delete them all. */
function WrittenAnswersSection({ answers }: { answers: Answer[] }) {
  return (
    <section aria-labelledby="answers-heading" className="mt-12">
      <h2 id="answers-heading" className="font-serif text-2xl font-semibold">
        Your written answers
      </h2>
      {answers.length === 0 ? (
        <p className="mt-2 text-muted-foreground">No written answers are stored.</p>
      ) : (
        <>
          <ul className="mt-4 space-y-4" aria-label="Written answers">
            {answers.map((answer) => (
              <li key={answer.assessmentId}>
                <Card className="p-5" data-testid="written-answer">
                  <h3 className="font-semibold">{answer.assessment}</h3>
                  <p className="text-sm text-muted-foreground">
                    {answer.course} · {answer.lesson} · saved {formatLongDate(answer.updatedAt)}
                  </p>
                  <p className="mt-3 whitespace-pre-wrap break-words">{answer.answer}</p>
                  <Link to={`/learn/data?delete=answer-${answer.assessmentId}`} className={buttonClass("outline", "sm", "mt-4")}>
                    Delete this answer<span className="sr-only"> to “{answer.assessment}”</span>
                  </Link>
                </Card>
              </li>
            ))}
          </ul>
          <Link to="/learn/data?delete=answers" className={buttonClass("destructive", "md", "mt-6")}>
            Delete all my written answers
          </Link>
        </>
      )}
    </section>
  );
}

/** The progress stored per course, each with a link to delete it. */
function ProgressSection({ progressByCourse }: { progressByCourse: CourseProgress[] }) {
  return (
    <section aria-labelledby="progress-heading" className="mt-12">
      <h2 id="progress-heading" className="font-serif text-2xl font-semibold">
        Your progress
      </h2>
      {progressByCourse.length === 0 ? (
        <p className="mt-2 text-muted-foreground">No progress is stored.</p>
      ) : (
        <ul className="mt-4 space-y-4" aria-label="Progress per course">
          {progressByCourse.map((course) => (
            <li key={course.courseId}>
              <Card className="flex flex-wrap items-center justify-between gap-4 p-5">
                <div>
                  <h3 className="font-semibold">{course.course}</h3>
                  <p className="text-sm text-muted-foreground">
                    {plural(course.lessons, "lesson opened", "lessons opened")}, {course.completed} completed,{" "}
                    {plural(course.quizAttempts, "quiz attempted", "quizzes attempted")}
                  </p>
                </div>
                <Link to={`/learn/data?delete=progress-${course.courseId}`} className={buttonClass("outline", "sm")}>
                  Delete my progress<span className="sr-only"> in “{course.course}”</span>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Orders are kept for the accounts: how long, and whom to write to for everything to be erased. */
function OrdersSection() {
  const site = useSiteSettings();
  return (
    <section aria-labelledby="orders-heading" className="mt-12">
      <h2 id="orders-heading" className="font-serif text-2xl font-semibold">
        Orders and everything else
      </h2>
      <p className="mt-2 text-muted-foreground">
        Orders are kept for the accounts for {ORDER_RETENTION_YEARS} years; then your address and name are removed from them. To have
        everything about your address erased (orders keep only the amounts), write to{" "}
        <a href={`mailto:${site.email}`} className="text-foreground underline underline-offset-4">
          {site.email}
        </a>
        . See the{" "}
        <Link to="/legal/privacy" className="text-foreground underline underline-offset-4">
          privacy policy
        </Link>
        .
      </p>
    </section>
  );
}

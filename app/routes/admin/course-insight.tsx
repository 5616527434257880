import { data } from "react-router";
import type { Route } from "./+types/course-insight";
import { AdminNotFound, AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTable } from "~/components/admin/admin-table";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatCount } from "~/lib/format";
import { adminFrom } from "~/server/admin/guard.server";
import { type CourseInsight, courseInsight } from "~/server/admin/course-insight.server";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";

/**
 * GET /admin/courses/:id/insight: how the course's learners get on, in totals that name nobody (owner and editors). The
 * progress CSV, one row per learner with the address, is the owner's, and only the owner is offered it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { role } = adminFrom(context);
  const id = parseId(params.id);
  const insight = id === null ? null : await courseInsight(getDb(), id);
  if (!insight) return data({ insight: null, canExport: false }, { status: 404 });
  return { insight, canExport: role === "owner" };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(loaderData?.insight ? `Learner insight: ${loaderData.insight.course.title}` : "Learner insight", matches);

const back = { to: "/admin/courses", label: "Courses" };

export default function CourseInsightPage({ loaderData }: Route.ComponentProps) {
  const { insight, canExport } = loaderData;
  if (!insight) return <AdminNotFound title="Learner insight" message="There is no such course." back={back} />;
  const days = insight.medianDaysToComplete;
  const figures = [
    { label: "Enrolments", value: formatCount(insight.enrolments), note: "addresses whose order opens the course" },
    { label: "Active, last 7 days", value: formatCount(insight.active7), note: `${formatCount(insight.active30)} in the last 30 days` },
    { label: "Completion rate", value: `${insight.completionRate}%`, note: `${formatCount(insight.completed)} finished every lesson` },
    {
      label: "Median time to complete",
      value: days === null ? "None yet" : `${days} ${days === 1 ? "day" : "days"}`,
      note: "from enrolling to the last lesson completed",
    },
  ];
  return (
    <div>
      <AdminPageHeader
        title={`Learner insight: ${insight.course.title}`}
        description="Totals that name nobody. Written answers are never shown, only counted."
        back={back}
        actions={
          <>
            <a href={`/admin/courses/${insight.course.id}`} className={buttonClass("outline")}>
              Edit the course
            </a>
            {canExport && (
              <a href={`/admin/courses/${insight.course.id}/progress.csv`} className={buttonClass("outline")} download>
                Download progress (CSV)
              </a>
            )}
          </>
        }
      />
      <ul className="mb-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {figures.map((figure) => (
          <li key={figure.label} className="rounded-xl border border-border bg-card p-5" data-figure={figure.label.toLowerCase()}>
            <p className="text-sm font-medium text-muted-foreground">{figure.label}</p>
            <p className="mt-2 font-serif text-3xl font-semibold tabular-nums" data-value>
              {figure.value}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{figure.note}</p>
          </li>
        ))}
      </ul>
      <DropOff insight={insight} />
      {insight.quizzes.map((quiz) => (
        <Quiz key={quiz.id} quiz={quiz} />
      ))}
    </div>
  );
}

/**
 * Where learners stop: one row per lesson, its bar the share of learners who completed it. The bar is drawn for the eye
 * only (aria-hidden): the same numbers are the table's text, which is what a screen reader reads.
 */
function DropOff({ insight }: { insight: CourseInsight }) {
  return (
    <section aria-labelledby="drop-off" className="mb-6">
      <h2 id="drop-off" className="mb-3 font-serif text-xl font-semibold">
        Where learners stop
      </h2>
      <AdminTable
        caption="Each lesson in order: learners who opened it, completed it (as a share of all learners), and stopped there"
        headings={["Lesson", "Opened", "Completed", "Stopped here"]}
      >
        {insight.lessons.map((lesson, i) => (
          <tr key={lesson.id} data-lesson={lesson.id}>
            <th scope="row" className="px-4 py-3 font-medium">
              {i + 1}. {lesson.title}
            </th>
            <td className="px-4 py-3 tabular-nums">{formatCount(lesson.reached)}</td>
            <td className="px-4 py-3">
              <div className="flex items-center gap-3">
                <span className="w-20 shrink-0 tabular-nums">
                  {formatCount(lesson.completed)} ({lesson.completedShare}%)
                </span>
                <span aria-hidden="true" className="block h-3 w-40 overflow-hidden rounded-full bg-muted">
                  <span className="block h-full bg-primary" style={{ width: `${lesson.completedShare}%` }} />
                </span>
              </div>
            </td>
            <td className="px-4 py-3 tabular-nums">{formatCount(lesson.stoppedHere)}</td>
          </tr>
        ))}
      </AdminTable>
      <p className="mt-2 text-sm text-muted-foreground">
        "Stopped here": learners who have not finished the course and opened no later lesson.
      </p>
    </section>
  );
}

function Quiz({ quiz }: { quiz: CourseInsight["quizzes"][number] }) {
  const headingId = `quiz-${quiz.id}`;
  return (
    <Card className="mb-6 p-6">
      <section aria-labelledby={headingId} data-quiz={quiz.id}>
        <h2 id={headingId} className="font-serif text-xl font-semibold">
          Quiz: {quiz.title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground" data-quiz-summary>
          {quiz.learners === 0
            ? "No learner has answered it yet."
            : `Pass rate ${quiz.passRate}% (${formatCount(quiz.passed)} of ${formatCount(quiz.learners)} learners; pass mark ${quiz.passMark}%). ` +
              (quiz.averageAttemptsToPass === null
                ? "Nobody has passed yet."
                : `On average passed on attempt ${quiz.averageAttemptsToPass}.`)}
        </p>
        <p className="mt-1 text-sm text-muted-foreground">Choices as each learner answered at their latest attempt.</p>
        <ol className="mt-4 space-y-4">
          {quiz.questions.map((question, i) => (
            <li key={question.prompt} data-question={i + 1}>
              <p className="font-medium">
                {i + 1}. {question.prompt}
                {question.flagged && (
                  <span
                    className="ml-2 inline-block rounded-md border border-destructive/60 px-2 py-0.5 text-sm text-destructive"
                    data-flagged
                  >
                    Most learners get this wrong ({question.correctShare}% correct)
                  </span>
                )}
              </p>
              <ul className="mt-2 space-y-1 text-sm">
                {question.choices.map((choice) => (
                  <li key={choice.text} className="flex flex-wrap items-center gap-3">
                    <span className="w-32 shrink-0 tabular-nums">
                      {choice.share}% ({formatCount(choice.count)})
                    </span>
                    <span aria-hidden="true" className="block h-2 w-32 overflow-hidden rounded-full bg-muted">
                      <span className="block h-full bg-primary" style={{ width: `${choice.share}%` }} />
                    </span>
                    <span>
                      {choice.text}
                      {choice.correct && <strong className="ml-1">(correct)</strong>}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>
    </Card>
  );
}

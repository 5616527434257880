import { data, Form, Link, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/lesson";
import { Quiz, WrittenAnswer } from "~/components/learning/assessments";
import { CourseOutline, ProgressBar } from "~/components/learning/course-outline";
import { MarkdownBody } from "~/components/content/markdown-body";
import { PracticePlayer } from "~/components/practice/practice-player";
import { Button, LinkButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { formatLongDate, formatMinutes, transcriptParagraphs } from "~/lib/format";
import { lessonActionSchema, type LessonAnswer } from "~/lib/schemas";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";
import { bodyOnce } from "~/server/content/document-body.server";
import { formAction, formRefusal } from "~/server/core/form-action.server";
import { learnerFrom, lessonReader } from "~/server/learning/learner-context.server";
import { sessionOrders, sessionOwnsCourse } from "~/server/learning/learner.server";
import { getLessonPage, lessonRecordingPath, markLessonComplete, saveWrittenAnswer, submitQuiz } from "~/server/learning/learning.server";
import { lessonLockedMessage, lessonOpensAtFor } from "~/server/learning/drip.server";

function ids(params: Route.LoaderArgs["params"]) {
  const courseId = parseId(params.id);
  const lessonId = parseId(params.lessonId);
  if (courseId === null || lessonId === null) throw new Response("Not found", { status: 404 });
  return { courseId, lessonId };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { courseId, lessonId } = ids(params);
  // The lesson and the outline come from the isolate's memory; the learner's session, access, progress, answers and
  // visit go to D1 in one round trip (learning.server.ts).
  const page = await getLessonPage(getDb(), { courseId, lessonId, reader: await lessonReader(context) });
  if (!page?.lesson || !page.outline) throw new Response("Not found", { status: 404 });
  const { hasAccess, opensAt, lesson, outline } = page;
  // A course not published is gone from the site, its free preview too; its learners keep it.
  if (outline.course.status !== "published" && !hasAccess) throw new Response("Not found", { status: 404 });
  // Only the free preview is open to everyone; any other lesson sends a visitor to the course page, which says why.
  if (!lesson.freePreview && !hasAccess) throw redirect(`/courses/${courseId}?access=required`);
  const position = outline.lessonIds.indexOf(lessonId);
  const completed = outline.modules.some((m) => m.lessons.some((l) => l.id === lessonId && l.completed));
  const { body: _body, ...lessonView } = lesson;
  // Drip release: a lesson not yet open is a 403 page saying when it opens, with the outline; its text, recording and
  // assessments are not sent (getLessonPage left out the learner's answers too).
  const locked = opensAt !== null;
  // The player asks the lesson's recording route, which checks access as this page does: the file's own address
  // (`/media/<key>`) serves no lesson recording (docs/http.md, "Lesson recordings").
  const audioUrl = lessonView.audioUrl ? lessonRecordingPath(courseId, lessonId) : "";
  const view = locked ? { ...lessonView, blocks: [], assessments: [], audioUrl: "", audioTranscript: "" } : { ...lessonView, audioUrl };
  const payload = {
    hasAccess,
    opensAt,
    course: outline.course,
    modules: outline.modules,
    percent: outline.percent,
    allComplete: outline.totalLessons > 0 && outline.completedCount === outline.totalLessons,
    // A document gets the body in its markup only; a client navigation or revalidation in its data.
    lesson: { ...view, blocks: bodyOnce(context, "lesson", view.blocks), completed },
    previousId: outline.lessonIds[position - 1] ?? null,
    nextId: outline.lessonIds[position + 1] ?? null,
  };
  return locked ? data(payload, { status: 403 }) : payload;
}

/** POST intent=complete | quiz (assessmentId, answers.N) | answer (assessmentId, answer): the learner's own course only (403). */
export async function action({ params, context, request }: Route.ActionArgs) {
  const { courseId, lessonId } = ids(params);
  const learner = await learnerFrom(context);
  const db = getDb();
  // An unproven session (the payment-success page's) acts only in what its order grants, under its own key.
  if (!learner || !(await sessionOwnsCourse(db, learner, courseId))) {
    return formRefusal(403, {
      message: "Your progress is kept for enrolled learners. Get your access link at /learn, or enrol in the course.",
    });
  }
  // Drip release: nothing is done on a lesson before it opens (the page does not offer it; this refuses it).
  const opensAt = await lessonOpensAtFor(db, { email: learner.email, orders: sessionOrders(learner), courseId, lessonId });
  if (opensAt) return formRefusal(403, { message: lessonLockedMessage(opensAt) });
  const progress = { email: learner.key, courseId, lessonId };
  return formAction(
    { request, context },
    lessonActionSchema,
    async (input): Promise<LessonAnswer> => {
      if (input.intent === "complete") {
        await markLessonComplete(db, progress);
        return { ok: true, message: "Lesson completed." };
      }
      if (input.intent === "quiz") {
        await submitQuiz(db, { ...progress, assessmentId: input.assessmentId, answers: input.answers });
        return { ok: true, message: "Answers checked.", assessmentId: input.assessmentId };
      }
      await saveWrittenAnswer(db, { ...progress, assessmentId: input.assessmentId, answer: input.answer });
      return { ok: true, message: "Answer saved.", assessmentId: input.assessmentId };
    },
    // The quiz's answers come as `answers.0`, `answers.1`…: one list, in order.
    {
      input: (form) => ({
        ...Object.fromEntries(form),
        answers: [...form.keys()].filter((key) => key.startsWith("answers.")).map((key) => form.get(key)),
      }),
    },
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  const title = loaderData ? `${loaderData.lesson.title} · ${loaderData.course.title}` : "Lesson";
  return [{ title: pageTitle(title, siteNameFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

type LessonData = Route.ComponentProps["loaderData"];
type Lesson = LessonData["lesson"];

export default function LessonPage({ loaderData }: Route.ComponentProps) {
  const { course, modules, lesson, hasAccess, opensAt, percent, previousId, nextId, allComplete } = loaderData;
  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[20rem_1fr]">
      <aside className="space-y-6 lg:sticky lg:top-20 lg:self-start">
        <div>
          <Link to={`/courses/${course.id}`} className="text-sm text-muted-foreground underline underline-offset-2">
            {course.title}
          </Link>
        </div>
        {hasAccess && <ProgressBar percent={percent} label="Course progress" />}
        <CourseOutline courseId={course.id} modules={modules} currentLessonId={lesson.id} hasAccess={hasAccess} />
      </aside>

      <article className="min-w-0">
        {!hasAccess && <FreePreviewNote courseId={course.id} />}
        <p className="text-sm text-muted-foreground">
          {formatMinutes(lesson.duration)}
          {lesson.freePreview ? " · Free preview" : ""}
        </p>
        <h1 className="mt-2 font-serif text-4xl font-semibold leading-tight">{lesson.title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{lesson.description}</p>
        {opensAt ? (
          <LockedLessonNote opensAt={opensAt} />
        ) : (
          <>
            {lesson.audioUrl && <LessonRecording lesson={lesson} audioUrl={lesson.audioUrl} />}
            <div className="mt-8">
              <MarkdownBody blocks={lesson.blocks} name="lesson" />
            </div>
            {lesson.assessments.length > 0 && <LessonAssessments assessments={lesson.assessments} enabled={hasAccess} />}
            {hasAccess && <LessonCompletion lesson={lesson} courseId={course.id} allComplete={allComplete} />}
          </>
        )}
        <LessonNavigation
          courseId={course.id}
          previousId={previousId}
          nextId={nextId}
          nextOpensAt={modules.flatMap((m) => m.lessons).find((l) => l.id === nextId)?.opensAt ?? null}
          hasAccess={hasAccess}
        />
        {hasAccess && (
          <Form method="post" action="/learn/sign-out" className="mt-16 text-right">
            <button type="submit" className="min-h-11 text-sm text-muted-foreground underline underline-offset-2">
              Sign out on this device
            </button>
          </Form>
        )}
      </article>
    </div>
  );
}

/** Drip release: the lesson is the learner's but not yet open (the page answers 403). */
function LockedLessonNote({ opensAt }: { opensAt: string }) {
  return (
    <div className="mt-8 rounded-2xl border border-border bg-muted p-6" data-testid="lesson-locked">
      <p className="font-serif text-2xl font-semibold">This lesson opens on {formatLongDate(opensAt)}.</p>
      <p className="mt-2 text-muted-foreground">
        The course opens module by module. Until then, carry on with the lessons already open in the outline.
      </p>
    </div>
  );
}

/** Said above a free preview to a visitor without access: how to open every lesson. */
function FreePreviewNote({ courseId }: { courseId: number }) {
  return (
    <div className="mb-8 rounded-lg border border-border bg-muted p-4 text-sm" role="note">
      This is the course's free preview.{" "}
      <Link to={`/courses/${courseId}/enroll`} className="font-medium underline underline-offset-2">
        Enrol
      </Link>{" "}
      to open every lesson and keep your progress, or{" "}
      <Link to="/learn" className="font-medium underline underline-offset-2">
        get your access link
      </Link>{" "}
      if you have already bought it.
    </div>
  );
}

/** The lesson's recording in the player, and its transcript folded under it. */
function LessonRecording({ lesson, audioUrl }: { lesson: Lesson; audioUrl: string }) {
  return (
    <div className="mt-8 space-y-4">
      <PracticePlayer key={lesson.id} audioUrl={audioUrl} durationMinutes={3} label="Lesson recording" title={lesson.title} />
      {lesson.audioTranscript && (
        <details className="rounded-lg border border-border p-4">
          <summary className="min-h-11 cursor-pointer py-2 font-medium">Transcript of the recording</summary>
          <div className="mt-2 space-y-3 text-muted-foreground">
            {transcriptParagraphs(lesson.audioTranscript).map((paragraph, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs split from one transcript string have no id and never reorder
              <p key={i}>{paragraph}</p>
            ))}
          </div>
        </details>
      )}
    </div>
  );
}

function LessonAssessments({ assessments, enabled }: { assessments: Lesson["assessments"]; enabled: boolean }) {
  return (
    <section aria-labelledby="assessments-heading" className="mt-12 space-y-6">
      <h2 id="assessments-heading" className="font-serif text-2xl font-semibold">
        Practice and check
      </h2>
      {assessments.map((assessment) =>
        assessment.kind === "quiz" ? (
          <Quiz key={assessment.id} quiz={assessment} enabled={enabled} />
        ) : (
          <WrittenAnswer key={assessment.id} assessment={assessment} enabled={enabled} />
        ),
      )}
    </section>
  );
}

/** Whether the lesson is complete: done, done by passing its quiz, or "Mark complete"; and the certificate once the course is. */
function LessonCompletion({ lesson, courseId, allComplete }: { lesson: Lesson; courseId: number; allComplete: boolean }) {
  const completion = useFetcher<typeof action>();
  const hasQuiz = lesson.assessments.some((a) => a.kind === "quiz");
  return (
    <div className="mt-12 rounded-2xl border border-border p-6" data-testid="lesson-completion">
      {lesson.completed ? (
        <p role="status" className="font-medium">
          ✓ You have completed this lesson.
        </p>
      ) : hasQuiz ? (
        <p className="text-muted-foreground">This lesson is complete when you pass its quiz.</p>
      ) : (
        <completion.Form method="post">
          <input type="hidden" name="intent" value="complete" />
          <Button type="submit" size="lg" disabled={completion.state !== "idle"}>
            Mark complete
          </Button>
          <ErrorList id="complete-error" errors={completion.data && !completion.data.ok ? completion.data.message : undefined} />
        </completion.Form>
      )}
      {allComplete && (
        <LinkButton to={`/courses/${courseId}/complete`} size="lg" className="mt-4">
          You finished the course: get your certificate
        </LinkButton>
      )}
    </div>
  );
}

/** The previous lesson, and the next one (or the day it opens, drip release; or, without access, enrolment). */
function LessonNavigation({
  courseId,
  previousId,
  nextId,
  nextOpensAt,
  hasAccess,
}: {
  courseId: number;
  previousId: number | null;
  nextId: number | null;
  nextOpensAt: string | null;
  hasAccess: boolean;
}) {
  const base = `/courses/${courseId}/learn`;
  return (
    <nav aria-label="Lessons" className="mt-10 flex flex-wrap justify-between gap-4">
      {previousId ? (
        <LinkButton to={`${base}/${previousId}`} variant="outline" size="lg">
          ← Previous lesson
        </LinkButton>
      ) : (
        <span />
      )}
      {hasAccess && nextId && nextOpensAt ? (
        <p className="self-center text-muted-foreground">The next lesson opens on {formatLongDate(nextOpensAt)}.</p>
      ) : hasAccess && nextId ? (
        <LinkButton to={`${base}/${nextId}`} size="lg">
          Next lesson →
        </LinkButton>
      ) : !hasAccess ? (
        <LinkButton to={`/courses/${courseId}/enroll`} size="lg">
          Enrol to continue
        </LinkButton>
      ) : null}
    </nav>
  );
}

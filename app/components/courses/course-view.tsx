import { useState } from "react";
import { Link } from "react-router";
import { ClockIcon } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ImageWithFallback } from "~/components/ui/image";
import { ProveInboxNote } from "~/components/learning/prove-inbox";
import { JsonLd } from "~/components/layout/json-ld";
import { dripLabel, dripSummary, moduleOpensAt } from "~/lib/drip";
import { countOf, formatHours, formatLongDate, formatMinutes, formatUsd } from "~/lib/format";
import { courseContentsSentence, enrolmentLabel } from "~/lib/text";
import { courseJsonLd } from "~/lib/seo";
import { useSiteSettings } from "~/lib/site";
import type { CourseDetails } from "~/server/learning/courses.server";

type Module = CourseDetails["modules"][number];

/** A course's page: the public route's and the admin preview's (app/routes/admin/preview.tsx), so a draft looks as it will. */
export function CourseView({
  course,
  owned,
  accessRequired,
  unprovenEmail = null,
  couponCode = null,
}: {
  course: CourseDetails;
  owned: boolean;
  accessRequired: boolean;
  /** A discount link's code (`?coupon=`), carried to the enrol page, which checks it. */
  couponCode?: string | null;
  /** The address of an unproven learner session (docs/courses-and-learning.md): the page says what its access link opens. */
  unprovenEmail?: string | null;
}) {
  const site = useSiteSettings();
  const [selectedId, setSelectedId] = useState<number | null>(course.modules[0]?.id ?? null);
  const selected = course.modules.find((m) => m.id === selectedId) ?? course.modules[0];

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <JsonLd data={courseJsonLd(course, site)} />
      <div className="grid gap-10 lg:grid-cols-[1.2fr_1fr] lg:items-center">
        <div>
          <CourseFacts course={course} />
          {accessRequired && !owned && (
            <p role="alert" className="mt-6 rounded-lg border border-border bg-muted p-4 text-sm" data-testid="access-required">
              That lesson is open to enrolled learners. Enrol below to open every lesson, or, if you have already bought this course, get
              your access link and open it on this device. The first lesson is a free preview anyone can read.
            </p>
          )}
          {owned ? <ContinueLearning courseId={course.id} /> : <EnrolOffer course={course} couponCode={couponCode} />}
          {unprovenEmail && <ProveInboxNote email={unprovenEmail} className="mt-6" />}
        </div>
        <ImageWithFallback
          src={course.imageUrl}
          // The editor's description of the image; empty (decorative) when the admin left it empty.
          alt={course.imageAlt}
          width={1200}
          height={675}
          fetchPriority="high"
          className="aspect-video w-full rounded-2xl bg-muted object-cover"
        />
      </div>

      <div className="mt-16 grid gap-8 lg:grid-cols-[22rem_1fr]">
        <ModuleList course={course} selectedId={selected?.id} onSelect={setSelectedId} />
        <div className="space-y-8">
          <CourseOverview course={course} />
          {selected && <SelectedModule courseId={course.id} module={selected} />}
        </div>
      </div>
    </div>
  );
}

/** The course's level, title, description, length and how many are enrolled. */
function CourseFacts({ course }: { course: CourseDetails }) {
  return (
    <>
      <Badge>{course.level}</Badge>
      <h1 className="mt-4 font-serif text-4xl font-semibold leading-tight sm:text-5xl">{course.title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{course.description}</p>
      <ul className="mt-6 flex flex-wrap gap-3 text-sm">
        <li className="inline-flex items-center gap-1 rounded-full bg-muted px-3 py-1">
          <ClockIcon className="h-4 w-4" /> {formatHours(course.duration)}
        </li>
        <li className="rounded-full bg-muted px-3 py-1">{course.level}</li>
        <li className="rounded-full bg-muted px-3 py-1" data-testid="course-pace">
          {dripLabel({ mode: course.dripMode, days: course.dripDays }, course.lastDripDate, new Date()) ?? "Self-paced: every lesson open"}
        </li>
        <li className="rounded-full bg-muted px-3 py-1" data-testid="enrolled-count" data-count={course.enrolledCount}>
          {enrolmentLabel(course.enrolledCount)}
        </li>
      </ul>
    </>
  );
}

function ContinueLearning({ courseId }: { courseId: number }) {
  return (
    <div className="mt-8 flex flex-wrap items-center gap-6">
      <LinkButton to={`/courses/${courseId}/learn`} size="lg">
        Continue learning
      </LinkButton>
      <LinkButton to={`/courses/${courseId}/enroll?gift=1`} size="lg" variant="outline">
        Give this course
      </LinkButton>
      <span className="text-sm text-muted-foreground">You own this course.</span>
    </div>
  );
}

/** The price, "Enroll Now", the free preview (when a lesson is one), and the way back in for one who bought it already. */
function EnrolOffer({ course, couponCode }: { course: CourseDetails; couponCode: string | null }) {
  const previewLesson = course.modules.flatMap((m) => m.lessons).find((lesson) => lesson.freePreview);
  return (
    <>
      <div className="mt-8 flex flex-wrap items-center gap-6">
        <span className="text-3xl font-semibold">{formatUsd(course.price)}</span>
        <LinkButton to={`/courses/${course.id}/enroll${couponCode ? `?coupon=${encodeURIComponent(couponCode)}` : ""}`} size="lg">
          Enroll Now
        </LinkButton>
        <LinkButton to={`/courses/${course.id}/enroll?gift=1`} size="lg" variant="outline">
          Give this course
        </LinkButton>
        {previewLesson && (
          <LinkButton to={`/courses/${course.id}/learn/${previewLesson.id}`} size="lg" variant="outline">
            Read the free preview
          </LinkButton>
        )}
      </div>
      <p className="mt-4 text-sm text-muted-foreground">
        Already bought this?{" "}
        <Link to="/learn" className="underline underline-offset-2">
          Get your access link
        </Link>
      </p>
    </>
  );
}

/** The modules as buttons: the one pressed is shown beside the list. */
function ModuleList({
  course,
  selectedId,
  onSelect,
}: {
  course: CourseDetails;
  selectedId: number | undefined;
  onSelect: (id: number) => void;
}) {
  const { modules } = course;
  const settings = { mode: course.dripMode, days: course.dripDays };
  const now = new Date();
  /** When a module opens, for a course that drips: "Opens 7 days after you enrol", "Opens on December 9, 2026". */
  const opens = (module: Module, index: number) => {
    if (settings.mode === "modules" && index > 0 && settings.days > 0) {
      return `Opens ${countOf(index * settings.days, "day")} after you enrol`;
    }
    const at = settings.mode === "dates" ? moduleOpensAt(settings, { index, dripDate: module.dripDate }, now) : null;
    return at && at.getTime() > now.getTime() ? `Opens on ${formatLongDate(at)}` : null;
  };
  return (
    <section aria-labelledby="modules-heading">
      <h2 id="modules-heading" className="font-serif text-2xl font-semibold">
        Modules
      </h2>
      <ul className="mt-4 space-y-2">
        {modules.map((module, index) => {
          const active = module.id === selectedId;
          return (
            <li key={module.id}>
              <button
                type="button"
                onClick={() => onSelect(module.id)}
                aria-pressed={active}
                className={`w-full rounded-lg border p-4 text-left transition-colors ${active ? "border-primary bg-card shadow-sm" : "border-border hover:bg-muted"}`}
              >
                <span className="block text-sm text-muted-foreground">Module {index + 1}</span>
                <span className="block font-semibold">{module.title}</span>
                <span className="block text-sm text-muted-foreground">
                  {countOf(module.lessons.length, "lesson")}
                  {opens(module, index) && <> · {opens(module, index)}</>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function CourseOverview({ course }: { course: CourseDetails }) {
  const lessons = course.modules.flatMap((m) => m.lessons);
  const drip = dripSummary(
    { mode: course.dripMode, days: course.dripDays },
    course.modules.map((m) => m.dripDate),
    { now: new Date() },
  );
  return (
    <Card className="p-6">
      <h2 className="font-serif text-2xl font-semibold">Course Overview</h2>
      <p className="mt-3 text-muted-foreground">
        {countOf(course.modules.length, "module")}, {countOf(lessons.length, "lesson")}, about {formatHours(course.duration)} of study
        {drip ? "." : " at your own pace: every lesson is open from enrolment."} {courseContentsSentence(lessons)}
      </p>
      {drip && (
        <p className="mt-3" data-testid="drip-summary">
          {drip}
        </p>
      )}
    </Card>
  );
}

/** The selected module's lessons in order, a free preview linked and marked. */
function SelectedModule({ courseId, module }: { courseId: number; module: Module }) {
  return (
    <Card className="p-6" data-testid="selected-module">
      <h2 className="font-serif text-2xl font-semibold">{module.title}</h2>
      <p className="mt-2 text-muted-foreground">{module.description}</p>
      <ol className="mt-6 space-y-4">
        {module.lessons.map((lesson, index) => (
          <li key={lesson.id} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground"
            >
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold">
                {lesson.freePreview ? (
                  <Link to={`/courses/${courseId}/learn/${lesson.id}`} className="underline underline-offset-2">
                    {lesson.title}
                  </Link>
                ) : (
                  lesson.title
                )}
                {lesson.freePreview && (
                  <span className="ml-2 rounded bg-accent px-1.5 py-0.5 text-xs font-normal text-accent-foreground">Free preview</span>
                )}
              </h3>
              <p className="text-sm text-muted-foreground">{lesson.description}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {formatMinutes(lesson.duration)}
                {lesson.assessments.length > 0 && <> · {countOf(lesson.assessments.length, "assessment")}</>}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

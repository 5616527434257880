import type { Route } from "./+types/courses";
import { PageIntro } from "~/components/content/list-filters";
import { ClockIcon } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ErrorPanel } from "~/components/ui/error-panel";
import { CoverImage } from "~/components/ui/image";
import { dripLabel } from "~/lib/drip";
import { formatHours, formatUsd } from "~/lib/format";
import { truncate } from "~/lib/text";
import { fixedPageMeta } from "~/lib/seo";
import { listCourseCards } from "~/server/learning/courses.server";
import { getDb } from "~/server/core/db.server";
import { logEvent, rootCause, shortError, stackOf } from "~/server/core/log.server";

export async function loader() {
  try {
    return { courses: await listCourseCards(getDb()) };
  } catch (error) {
    logEvent("error", "course.load_failed", { error: shortError(rootCause(error)), stack: stackOf(error) });
    return { courses: null };
  }
}

export const meta = fixedPageMeta("Courses", "Courses in Stoic living, mindfulness-based resilience and existential counselling.");

export default function Courses({ loaderData }: Route.ComponentProps) {
  const { courses } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <PageIntro title="Courses for Your Growth Journey">
        Structured courses with lessons, exercises and reflections, written by the people behind the site. Each says whether every lesson is
        open from enrolment or its modules open over time.
      </PageIntro>
      {!courses ? (
        <ErrorPanel>Failed to load courses. Please try again later.</ErrorPanel>
      ) : (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="course-list">
          {courses.map((course, i) => (
            <Card key={course.id} lift className="flex flex-col">
              <CoverImage
                src={course.imageUrl}
                loading={i < 3 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : undefined}
                className="aspect-video w-full bg-muted object-cover"
              />
              <div className="flex flex-1 flex-col p-5">
                <Badge className="self-start">{course.level}</Badge>
                <h2 className="mt-3 font-serif text-xl font-semibold leading-snug">{course.title}</h2>
                <p className="mt-2 flex-1 text-muted-foreground">{truncate(course.description, 120)}</p>
                <p className="mt-3 text-sm" data-testid="course-pace">
                  {dripLabel({ mode: course.dripMode, days: course.dripDays }, course.lastDripDate, new Date()) ??
                    "Self-paced: every lesson open"}
                </p>
                <div className="mt-4 flex items-center justify-between text-sm">
                  <span className="inline-flex items-center gap-1 text-muted-foreground">
                    <ClockIcon className="h-4 w-4" />
                    {formatHours(course.duration)}
                  </span>
                  <span className="text-lg font-semibold">{formatUsd(course.price)}</span>
                </div>
                <LinkButton to={`/courses/${course.id}`} className="mt-4" aria-label={`View Course: ${course.title}`}>
                  View Course
                </LinkButton>
              </div>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}

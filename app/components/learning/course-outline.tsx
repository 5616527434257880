import { Link } from "react-router";
import { formatLongDate } from "~/lib/format";

/** `opensAt`: drip release, the moment (ISO) a lesson of the learner's opens; null or absent when it is open. */
type OutlineLesson = { id: number; title: string; duration: number; freePreview: boolean; completed: boolean; opensAt?: string | null };
type OutlineModule = { id: number; title: string; lessons: OutlineLesson[] };

/** The course's modules and lessons with completion ticks; the current lesson is marked for screen readers too. */
export function CourseOutline({
  courseId,
  modules,
  currentLessonId,
  hasAccess,
}: {
  courseId: number;
  modules: OutlineModule[];
  currentLessonId: number;
  hasAccess: boolean;
}) {
  return (
    <nav aria-label="Course outline">
      <ol className="space-y-6">
        {modules.map((module, index) => (
          <li key={module.id}>
            <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">Module {index + 1}</p>
            <p className="font-semibold">{module.title}</p>
            <ol className="mt-2 space-y-1">
              {module.lessons.map((lesson) => {
                const current = lesson.id === currentLessonId;
                const opensOn = lesson.opensAt ? formatLongDate(lesson.opensAt) : null;
                const open = (hasAccess && !opensOn) || lesson.freePreview;
                const status = lesson.completed ? "Completed" : open ? "Not completed" : "Enrol to open";
                const content = (
                  <>
                    <span
                      aria-hidden="true"
                      className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full border text-xs ${lesson.completed ? "border-primary bg-primary text-primary-foreground" : "border-input"}`}
                    >
                      {lesson.completed ? "✓" : open ? "" : "🔒"}
                    </span>
                    <span className="flex-1">
                      {lesson.title}
                      {/* A lesson not yet open says when, in words every reader gets (below). */}
                      {!opensOn && <span className="sr-only"> ({status})</span>}
                      {lesson.freePreview && !hasAccess && (
                        <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs">Free preview</span>
                      )}
                      {opensOn && (
                        <span className="block text-xs" data-testid="outline-opens-on">
                          Opens on {opensOn}
                        </span>
                      )}
                    </span>
                  </>
                );
                const className = `flex min-h-11 items-start gap-3 rounded-md px-2 py-2 text-sm ${current ? "bg-muted font-semibold" : "hover:bg-muted"}`;
                return (
                  <li key={lesson.id} data-testid="outline-lesson" data-completed={lesson.completed}>
                    {open ? (
                      <Link
                        to={`/courses/${courseId}/learn/${lesson.id}`}
                        className={className}
                        aria-current={current ? "page" : undefined}
                      >
                        {content}
                      </Link>
                    ) : (
                      <span className={`${className} text-muted-foreground`}>{content}</span>
                    )}
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div>
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span data-testid="progress-percent">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        className="mt-1 h-2 rounded-full bg-muted"
      >
        <div className="h-2 rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

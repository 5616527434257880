import { useState } from "react";
import { useFetcher, useLocation, useSearchParams } from "react-router";
import type { QuizResult } from "~/server/learning/learning.server";
import { Button, LinkButton } from "~/components/ui/button";
import { ErrorList, TextareaField } from "~/components/ui/field";
import type { LessonAnswer } from "~/lib/schemas";
import { characterCount, textareaMaxLength, WRITTEN_ANSWER_MAX } from "~/lib/validation";

type ActionAnswer = LessonAnswer | undefined;

export type QuizView = {
  id: number;
  title: string;
  passMark: number;
  questions: { id: number; prompt: string; choices: string[] }[];
  result: QuizResult | null;
};

/**
 * A quiz: the browser has the questions and the choices only. It is graded by the lesson's action on the
 * server; the result (and, once passed, the key) comes back with the page's data.
 */
export function Quiz({ quiz, enabled }: { quiz: QuizView; enabled: boolean }) {
  const fetcher = useFetcher<ActionAnswer>();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  // "Try again" clears the last attempt's marks and choices for a fresh one (it used to resubmit them at once): in the
  // page with JavaScript, or, without it, by its link (?retry=<quiz id>). The next attempt's result shows again.
  const [retryOf, setRetryOf] = useState(() => (searchParams.get("retry") === String(quiz.id) ? quiz.result : null));
  const retrying = quiz.result !== null && retryOf === quiz.result;
  const result = retrying ? null : quiz.result;
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined;
  const submitting = fetcher.state !== "idle";
  const headingId = `quiz-${quiz.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-border bg-card p-6" data-testid="quiz">
      <h3 id={headingId} className="font-serif text-xl font-semibold">
        {quiz.title}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        {quiz.questions.length} questions · pass mark {quiz.passMark}%{result ? ` · last score ${result.score}%` : ""}
      </p>
      {result && (
        <p
          role="status"
          data-testid="quiz-result"
          className={`mt-4 rounded-lg p-3 text-sm font-medium ${result.passed ? "bg-badge-mindfulness text-badge-mindfulness-foreground" : "bg-muted"}`}
        >
          {result.passed
            ? `Passed: ${result.correctCount} of ${result.total} correct (${result.score}%).`
            : `Not passed yet: ${result.correctCount} of ${result.total} correct (${result.score}%). You need ${result.passMark}%. Read the notes below and try again.`}
        </p>
      )}
      {/* Posted to the lesson itself (not ?retry=…), so the answer's page shows its result. Remounted for a retry: no choice kept. */}
      <fetcher.Form method="post" action={pathname} className="mt-6 space-y-6" key={retrying ? "retry" : "graded"}>
        <input type="hidden" name="intent" value="quiz" />
        <input type="hidden" name="assessmentId" value={quiz.id} />
        {quiz.questions.map((question, qi) => {
          const graded = result?.questions[qi];
          return (
            <fieldset key={question.id} className="space-y-2">
              <legend className="font-medium">
                {qi + 1}. {question.prompt}
              </legend>
              {question.choices.map((choice, ci) => {
                const isKey = graded?.correctChoice === ci;
                return (
                  <label
                    // biome-ignore lint/suspicious/noArrayIndexKey: a choice's index is its identity: it is the value submitted and graded
                    key={ci}
                    className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-md border px-3 py-2 ${isKey ? "border-primary" : "border-border"}`}
                  >
                    <input
                      type="radio"
                      name={`answers.${qi}`}
                      value={ci}
                      required
                      disabled={!enabled}
                      defaultChecked={graded?.chosen === ci}
                      className="mt-1 h-4 w-4"
                    />
                    <span>
                      {choice}
                      {isKey && <span className="ml-2 text-sm font-medium text-primary">(correct answer)</span>}
                    </span>
                  </label>
                );
              })}
              {graded && (
                <div className="rounded-md bg-muted p-3 text-sm" data-testid="quiz-feedback">
                  <p className="font-medium">{graded.correct ? "Correct." : "Not quite."}</p>
                  {graded.explanation && <p className="mt-1">{graded.explanation}</p>}
                  {!graded.correct && graded.correctExplanation && <p className="mt-1">{graded.correctExplanation}</p>}
                </div>
              )}
            </fieldset>
          );
        })}
        <ErrorList id={`quiz-${quiz.id}-error`} errors={error} />
        {enabled && result ? (
          <LinkButton
            to={`?retry=${quiz.id}#${headingId}`}
            size="lg"
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              setRetryOf(quiz.result);
            }}
          >
            Try again
          </LinkButton>
        ) : enabled ? (
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? "Checking..." : "Submit answers"}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">Enrol in the course to take this quiz and keep your progress.</p>
        )}
      </fetcher.Form>
    </section>
  );
}

/** An exercise or reflection: a private written answer, saved verbatim with the learner's progress. */
export function WrittenAnswer({
  assessment,
  enabled,
}: {
  assessment: { id: number; title: string; type: string; prompt: string; answer: string };
  enabled: boolean;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  const fieldId = `answer-${assessment.id}`;
  // Counted as the server counts (code points: an emoji is one character).
  const [length, setLength] = useState(() => characterCount(assessment.answer));
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined;
  const saved = fetcher.data?.ok && fetcher.state === "idle";
  return (
    <section
      aria-labelledby={`${fieldId}-heading`}
      className="rounded-2xl border border-border bg-card p-6"
      data-testid="written-assessment"
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {assessment.type === "exercise" ? "Exercise" : "Reflection"}
      </p>
      <h3 id={`${fieldId}-heading`} className="font-serif text-xl font-semibold">
        {assessment.title}
      </h3>
      <p className="mt-2 whitespace-pre-line">{assessment.prompt}</p>
      {enabled ? (
        <fetcher.Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="answer" />
          <input type="hidden" name="assessmentId" value={assessment.id} />
          <TextareaField
            label="Your answer (private: only you see it)"
            id={fieldId}
            // The count is the hint: read with the field, red past the limit.
            hint={`${length.toLocaleString("en-US")} of ${WRITTEN_ANSWER_MAX.toLocaleString("en-US")} characters`}
            hintClassName={`text-sm ${length > WRITTEN_ANSWER_MAX ? "text-destructive" : "text-muted-foreground"}`}
            error={error}
            name="answer"
            required
            maxLength={textareaMaxLength(WRITTEN_ANSWER_MAX)}
            defaultValue={assessment.answer}
            onInput={(event) => setLength(characterCount(event.currentTarget.value))}
          />
          {saved && (
            <p role="status" className="mb-2 text-sm text-muted-foreground">
              Saved.
            </p>
          )}
          <Button type="submit" variant="outline" size="lg" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving..." : "Save answer"}
          </Button>
        </fetcher.Form>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">Enrol in the course to write and keep your answer.</p>
      )}
    </section>
  );
}

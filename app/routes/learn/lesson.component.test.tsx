/** A lesson page in each of its states, as the server renders it: preview or enrolled, answers, quizzes, completion. */
import { describe, expect, it } from "vitest";
import { WRITTEN_ANSWER_MAX } from "~/lib/validation";
import { attribute, renderRoute, tagsWith, textById, textOf } from "../../../tests/support/route-html";
import type { Route } from "./+types/lesson";
import LessonPage from "./lesson";

type LessonData = Route.ComponentProps["loaderData"];
type Assessment = LessonData["lesson"]["assessments"][number];
type QuizAssessment = Extract<Assessment, { kind: "quiz" }>;

const QUIZ: QuizAssessment = {
  kind: "quiz",
  id: 31,
  title: "Check your understanding",
  passMark: 50,
  questions: [
    { id: 1, prompt: "What is in our control?", choices: ["Our judgements", "The weather"] },
    { id: 2, prompt: "Who wrote the Meditations?", choices: ["Seneca", "Marcus Aurelius"] },
  ],
  result: null,
};

const WRITTEN: Assessment = {
  kind: "written",
  id: 32,
  title: "Evening review",
  type: "reflection",
  prompt: "What went well today?",
  answer: "",
};

function lessonData(
  overrides: { hasAccess?: boolean; completed?: boolean; assessments?: Assessment[]; allComplete?: boolean; opensAt?: string } = {},
): LessonData {
  const hasAccess = overrides.hasAccess ?? true;
  const completed = overrides.completed ?? false;
  return {
    hasAccess,
    opensAt: null,
    course: {
      id: 7,
      title: "Stoicism for Everyday Life",
      imageUrl: "/images/courses/stoicism.svg",
      status: "published",
      dripMode: "all",
      dripDays: 7,
    },
    modules: [
      {
        id: 1,
        title: "Foundations",
        lessons: [
          { id: 11, title: "The dichotomy of control", duration: 12, freePreview: true, completed, opensAt: null },
          {
            id: 12,
            title: "Negative visualisation",
            duration: 15,
            freePreview: false,
            completed: false,
            opensAt: overrides.opensAt ?? null,
          },
        ],
      },
    ],
    percent: completed ? 50 : 0,
    allComplete: overrides.allComplete ?? false,
    lesson: {
      id: 11,
      title: "The dichotomy of control",
      description: "Some things are up to us, some are not.",
      duration: 12,
      freePreview: true,
      audioUrl: "",
      audioTranscript: "",
      blocks: [{ type: "paragraph", children: [{ type: "text", text: "Epictetus begins the Enchiridion with a distinction." }] }],
      assessments: overrides.assessments ?? [],
      completed,
    },
    // The first lesson: the loader's `?? null`, typed `number` as array indexing is (noUncheckedIndexedAccess is off).
    previousId: null as unknown as number,
    nextId: 12,
  };
}

const render = (loaderData: LessonData, search = "") =>
  renderRoute(`/courses/7/learn/11${search}`, {
    path: "/courses/:id/learn/:lessonId",
    Component: LessonPage,
    loaderData,
    layouts: [{ id: "routes/learn/layout", loaderData: null }],
  });

/** QUIZ as graded: its questions' results against `passMark`, with the count, score and pass that follow from them. */
function quizGraded(passMark: number, questions: NonNullable<QuizAssessment["result"]>["questions"]): QuizAssessment {
  const correctCount = questions.filter((question) => question.correct).length;
  const score = Math.round((correctCount / questions.length) * 100);
  return { ...QUIZ, result: { score, correctCount, total: questions.length, passMark, passed: score >= passMark, questions } };
}

describe("lesson page", () => {
  it("enrolled, not started: the body, progress, a Mark complete button with an empty error line, the next lesson", async () => {
    const html = await render(lessonData());
    const text = textOf(html);
    expect(text).toContain("Epictetus begins the Enchiridion with a distinction.");
    expect(tagsWith(html, "div", 'role="progressbar"', 'aria-valuenow="0"')).toHaveLength(1);
    expect(text).toContain("Mark complete");
    expect(textById(html, "complete-error")).toBe("");
    expect(attribute(html, "complete-error", "aria-live")).toBe("polite");
    expect(html).toContain('href="/courses/7/learn/12"');
    expect(text).not.toContain("free preview.");
    expect(text).toContain("Sign out on this device");
  });

  it("completed: a status instead of the button, the tick in the outline", async () => {
    const html = await render(lessonData({ completed: true }));
    expect(html).toMatch(/<p role="status"[^>]*>✓ You have completed this lesson\.<\/p>/);
    expect(textOf(html)).not.toContain("Mark complete");
    expect(html).toContain('data-completed="true"');
    expect(textOf(html)).toContain("The dichotomy of control (Completed)");
  });

  it("the last lesson done: the way to the certificate", async () => {
    const html = await render(lessonData({ completed: true, allComplete: true }));
    expect(html).toContain('href="/courses/7/complete"');
    expect(textOf(html)).toContain("You finished the course: get your certificate");
  });

  it("free preview, not enrolled: the note, locked lessons in the outline, disabled quiz, no answer form", async () => {
    const html = await render(lessonData({ hasAccess: false, assessments: [QUIZ, WRITTEN] }));
    const text = textOf(html);
    expect(html).toContain('role="note"');
    expect(text).toContain("This is the course's free preview.");
    expect(text).toContain("Negative visualisation (Enrol to open)");
    expect(text).toContain("🔒");
    expect(html).not.toContain('href="/courses/7/learn/12"');
    expect(html).toContain('href="/courses/7/enroll"');
    expect(text).toContain("Enrol to continue");
    expect(tagsWith(html, "input", 'type="radio"', 'disabled=""')).toHaveLength(4);
    expect(text).toContain("Enrol in the course to take this quiz and keep your progress.");
    expect(text).toContain("Enrol in the course to write and keep your answer.");
    expect(html).not.toContain('name="answer"');
    expect(text).not.toContain("Mark complete");
    expect(html).not.toContain('role="progressbar"');
  });

  it("drip release, a lesson not yet open: its date on the page and in the outline, no body, no actions", async () => {
    const data = lessonData({ opensAt: "2026-12-05T00:00:00.000Z", assessments: [] });
    const locked = {
      ...data,
      opensAt: "2026-12-05T00:00:00.000Z",
      previousId: 11,
      nextId: null as unknown as number,
      lesson: { ...data.lesson, id: 12, title: "Negative visualisation", freePreview: false, blocks: [] },
    };
    const html = await render(locked);
    const text = textOf(html);
    expect(text).toContain("This lesson opens on December 5, 2026.");
    expect(html).toContain('data-testid="outline-opens-on"');
    expect(text).toContain("Opens on December 5, 2026");
    expect(html).not.toContain('href="/courses/7/learn/12"');
    expect(text).not.toContain("Mark complete");
    expect(text).not.toContain("Epictetus begins");
    // An open lesson's page shows neither.
    const open = textOf(await render(lessonData()));
    expect(open).not.toContain("opens on");
    expect(open).not.toContain("Opens on");
  });

  it("drip release: an open lesson whose next one is locked says when it opens instead of linking to it", async () => {
    const html = await render(lessonData({ opensAt: "2026-12-05T00:00:00.000Z" }));
    expect(textOf(html)).toContain("The next lesson opens on December 5, 2026.");
    expect(textOf(html)).not.toContain("Next lesson →");
    expect(html).not.toContain('href="/courses/7/learn/12"');
    expect(textOf(await render(lessonData()))).toContain("Next lesson →");
  });

  it("a written answer: labelled, the count as its hint, the saved answer filled in", async () => {
    const html = await render(lessonData({ assessments: [{ ...WRITTEN, answer: "I kept my temper 🙂" }] }));
    expect(html).toMatch(/<label for="answer-32"[^>]*>Your answer \(private: only you see it\)<\/label>/);
    expect(textById(html, "answer-32")).toBe("I kept my temper 🙂");
    expect(attribute(html, "answer-32", "aria-describedby")).toBe("answer-32-hint");
    expect(attribute(html, "answer-32", "aria-invalid")).toBe("false");
    // Counted as the server counts: the emoji is one character.
    expect(textById(html, "answer-32-hint")).toBe(`18 of ${WRITTEN_ANSWER_MAX.toLocaleString("en-US")} characters`);
    expect(textById(html, "answer-32-error")).toBe("");
  });

  it("a quiz not yet taken: its questions and choices, no result, Submit answers; completion waits for it", async () => {
    const html = await render(lessonData({ assessments: [QUIZ] }));
    const text = textOf(html);
    expect(text).toContain("2 questions · pass mark 50%");
    expect(text).toContain("1. What is in our control?");
    expect(html).not.toContain('data-testid="quiz-result"');
    expect(text).toContain("Submit answers");
    expect(text).toContain("This lesson is complete when you pass its quiz.");
    expect(text).not.toContain("Mark complete");
  });

  it("a quiz failed: the score and what is missing, feedback per question, the key not revealed, Try again", async () => {
    const failed = quizGraded(100, [
      { id: 1, chosen: 0, correct: true, explanation: "Yes: judgements are ours.", correctChoice: null, correctExplanation: null },
      { id: 2, chosen: 0, correct: false, explanation: "Seneca wrote letters.", correctChoice: null, correctExplanation: null },
    ]);
    const html = await render(lessonData({ assessments: [failed] }));
    const text = textOf(html);
    expect(text).toContain("Not passed yet: 1 of 2 correct (50%). You need 100%.");
    expect(text).toContain("Seneca wrote letters.");
    expect(text).toContain("Not quite.");
    expect(text).not.toContain("(correct answer)");
    expect(tagsWith(html, "input", 'name="answers.1"', 'value="0"', 'checked=""')).toHaveLength(1);
    expect(tagsWith(html, "input", 'type="radio"', 'disabled=""')).toHaveLength(0);
    expect(text).toContain("Try again");
    // "Try again" is not a submit button (it resubmitted the same answers at once): a link to a fresh attempt.
    const quizHtml = html.slice(html.indexOf('data-testid="quiz"'), html.indexOf("</section>", html.indexOf('data-testid="quiz"')));
    expect(tagsWith(quizHtml, "button", 'type="submit"')).toHaveLength(0);
    expect(tagsWith(html, "a", 'href="/courses/7/learn/11?retry=31#quiz-31-heading"')).toHaveLength(1);
  });

  it("Try again (its link, as without JavaScript): a fresh attempt, no marks and no choice kept, posted to the lesson", async () => {
    const failed = quizGraded(100, [
      { id: 1, chosen: 0, correct: true, explanation: "Yes: judgements are ours.", correctChoice: null, correctExplanation: null },
      { id: 2, chosen: 0, correct: false, explanation: "Seneca wrote letters.", correctChoice: null, correctExplanation: null },
    ]);
    const html = await render(lessonData({ assessments: [failed] }), "?retry=31");
    const text = textOf(html);
    expect(text).not.toContain("Not passed yet");
    expect(text).not.toContain("Seneca wrote letters.");
    expect(tagsWith(html, "input", 'type="radio"', 'checked=""')).toHaveLength(0);
    expect(text).toContain("Submit answers");
    expect(text).not.toContain("Try again");
    expect(tagsWith(html, "form", 'action="/courses/7/learn/11"')).toHaveLength(1);
  });

  it("a quiz passed: the score, and the key shown", async () => {
    const passed = quizGraded(50, [
      { id: 1, chosen: 0, correct: true, explanation: "Yes.", correctChoice: 0, correctExplanation: "Yes." },
      { id: 2, chosen: 1, correct: true, explanation: "Indeed.", correctChoice: 1, correctExplanation: "Indeed." },
    ]);
    const html = await render(lessonData({ assessments: [passed], completed: true }));
    const text = textOf(html);
    expect(text).toContain("Passed: 2 of 2 correct (100%).");
    expect(text.match(/\(correct answer\)/g)).toHaveLength(2);
    expect(text).not.toContain("Not passed yet");
  });
});

import { describe, expect, it } from "vitest";
import { parseMarkdown } from "~/server/content/markdown.server";
import { seedCourses } from "./courses";

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("the seed courses deliver what they sell", () => {
  const lessons = seedCourses.flatMap((course) =>
    course.modules.flatMap((module) => module.lessons.map((lesson) => ({ course: course.title, ...lesson }))),
  );

  it.each(lessons.map((l) => [`${l.course} / ${l.title}`, l] as const))(
    "%s has a real body: at least 400 words of safe Markdown, with an exercise",
    (_, lesson) => {
      expect(words(lesson.body)).toBeGreaterThanOrEqual(400);
      const blocks = parseMarkdown(lesson.body);
      expect(blocks.some((block) => block.type === "heading")).toBe(true);
      expect(blocks.some((block) => block.type === "list")).toBe(true);
      expect(lesson.body).toMatch(/exercise|practice|try this/i);
    },
  );

  it("every quiz has 3-6 questions, each with 3-4 explained choices and a valid correct choice", () => {
    const quizzes = lessons.flatMap((lesson) => lesson.assessments.filter((a) => a.kind === "quiz"));
    expect(quizzes.length).toBeGreaterThan(0);
    for (const quiz of quizzes) {
      if (quiz.kind !== "quiz") continue;
      expect(quiz.questions.length, quiz.title).toBeGreaterThanOrEqual(3);
      expect(quiz.questions.length, quiz.title).toBeLessThanOrEqual(6);
      for (const question of quiz.questions) {
        expect(question.prompt.trim()).not.toBe("");
        expect(question.choices.length).toBeGreaterThanOrEqual(3);
        expect(question.choices.length).toBeLessThanOrEqual(4);
        expect(question.correct).toBeGreaterThanOrEqual(0);
        expect(question.correct).toBeLessThan(question.choices.length);
        for (const choice of question.choices) expect(choice.explanation.trim(), question.prompt).not.toBe("");
      }
    }
  });

  it("every exercise and reflection has a prompt", () => {
    for (const lesson of lessons) {
      for (const assessment of lesson.assessments)
        if (assessment.kind !== "quiz") expect(assessment.prompt.trim(), assessment.title).not.toBe("");
    }
  });

  it("some lessons carry a recording with its transcript", () => {
    const recorded = lessons.filter((lesson) => lesson.recording);
    expect(recorded.length).toBeGreaterThanOrEqual(3);
    for (const lesson of recorded) {
      expect(lesson.recording!.audioUrl).toMatch(/^\/media\/[0-9a-f]{64}\.ogg$/);
      expect(words(lesson.recording!.transcript)).toBeGreaterThan(100);
    }
  });
});

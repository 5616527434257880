/**
 * The pieces of a course's outline read alike by the learning area (learning.server.ts) and the admin editor
 * (course-outline.server.ts): the columns of a lesson, an assessment and a quiz question (the key too: it never leaves
 * the server), and which lessons are a course's.
 */
import { eq, inArray } from "drizzle-orm";
import { assessments, courseModules, lessons, quizQuestions } from "../../../db/schema";
import type { Database } from "../core/db.server";

/** A lesson whole: its body and audio besides its outline entry. */
export const LESSON_COLUMNS = {
  id: lessons.id,
  title: lessons.title,
  description: lessons.description,
  body: lessons.body,
  audioUrl: lessons.audioUrl,
  audioTranscript: lessons.audioTranscript,
  duration: lessons.duration,
  freePreview: lessons.freePreview,
};

export const ASSESSMENT_COLUMNS = {
  id: assessments.id,
  title: assessments.title,
  kind: assessments.kind,
  prompt: assessments.prompt,
  passMark: assessments.passMark,
};

export const QUIZ_QUESTION_COLUMNS = {
  id: quizQuestions.id,
  assessmentId: quizQuestions.assessmentId,
  prompt: quizQuestions.prompt,
  choices: quizQuestions.choices,
  correctChoice: quizQuestions.correctChoice,
};

/** The ids of a course's modules, as a subquery. */
export const courseModuleIds = (db: Database, courseId: number) =>
  db.select({ id: courseModules.id }).from(courseModules).where(eq(courseModules.courseId, courseId));

/** Where a lesson belongs to one of a course's modules. */
export const inCourse = (db: Database, courseId: number) => inArray(lessons.moduleId, courseModuleIds(db, courseId));

/**
 * Loads the seed content into a database, once. `npm run dev`, `npm start` and the tests call it;
 * a second call finds the marker row and does nothing, so the admin's edits and deletions survive.
 */
import { and, eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { BatchItem } from "drizzle-orm/batch";
import * as schema from "../schema";
import { seedArticles } from "./articles";
import { seedAuthorId, seedAuthors } from "./authors";
import { seedBooks } from "./books";
import { seedCategories } from "./categories";
import { seedCourses } from "./courses";
import { seedPages } from "./pages";
import { seedPractices } from "./practices";
import { seedResourceCategories, seedResources } from "./resources";

const SEED_MARKER = "seed_version";
/**
 * Bump when the seed content changes. A database seeded at an older version receives only the upgrade
 * steps below (the admin's own edits elsewhere survive).
 */
export const SEED_VERSION = "7";

type SeedDb = DrizzleD1Database<Record<string, unknown>>;

export async function seedDatabase(db: SeedDb): Promise<{ seeded: boolean }> {
  const marker = await db.select().from(schema.siteMeta).where(eq(schema.siteMeta.key, SEED_MARKER)).get();
  if (marker?.value === SEED_VERSION) return { seeded: false };
  if (marker) {
    const from = Number(marker.value);
    await db.batch([
      // Version 1 had lessons without bodies, prompts or quiz questions: write the course content in place.
      ...(from < 2 ? courseStatements(db, "upgrade") : []),
      // Version 2's practice transcripts had no guided silences (its recordings lasted about 3 minutes each):
      // write the transcripts of the recordings that now last their stated duration.
      ...(from < 3
        ? seedPractices.map((p) => db.update(schema.practices).set({ transcript: p.transcript }).where(eq(schema.practices.id, p.id)))
        : []),
      // Version 3 had no authors table: its migration (0021_authors.sql) made one author per article author name,
      // without bio or portrait; give the seed's authors theirs (an author the admin already described keeps theirs).
      ...(from < 4
        ? seedAuthors.map(({ id, name, ...author }) =>
            db
              .update(schema.authors)
              .set(author)
              .where(and(eq(schema.authors.name, name), eq(schema.authors.bio, ""))),
          )
        : []),
      // Version 4 had its article categories in code: migration 0022 made one row per category its articles used, with
      // no description; add the seed's five, described, coloured and ordered (a category the admin described keeps its own).
      ...(from < 5
        ? seedCategories.flatMap(({ id, ...category }) => [
            db.insert(schema.articleCategories).values(category).onConflictDoNothing(),
            db
              .update(schema.articleCategories)
              .set(category)
              .where(and(eq(schema.articleCategories.name, category.name), eq(schema.articleCategories.description, ""))),
          ])
        : []),
      // Version 5 had the home page, About and the legal documents in code: write them as they were (docs/admin.md, "Pages").
      ...(from < 6 ? pageStatements(db) : []),
      // Version 6 served the lesson recordings as static files (/audio/lesson-*.ogg, anyone's): name them by their
      // place in the media bucket, which only the lesson's recording route serves (a lesson the admin changed keeps its own).
      ...(from < 7
        ? seedRecordings().map(({ file, audioUrl }) =>
            db
              .update(schema.lessons)
              .set({ audioUrl })
              .where(eq(schema.lessons.audioUrl, `/audio/${file}`)),
          )
        : []),
      db.update(schema.siteMeta).set({ value: SEED_VERSION }).where(eq(schema.siteMeta.key, SEED_MARKER)),
    ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    return { seeded: true };
  }

  // One statement per row keeps every query far below D1's 100 bound parameters;
  // db.batch sends them in one round trip and applies them atomically.
  const statements: BatchItem<"sqlite">[] = [
    ...seedAuthors.map((author) => db.insert(schema.authors).values(author).onConflictDoNothing()),
    ...seedCategories.map((category) => db.insert(schema.articleCategories).values(category).onConflictDoNothing()),
    ...seedArticles.map((a) =>
      db
        .insert(schema.articles)
        .values({ ...a, authorId: seedAuthorId(a.author) })
        .onConflictDoNothing(),
    ),
    ...seedPractices.map((p) => db.insert(schema.practices).values(p).onConflictDoNothing()),
    ...seedResourceCategories.map((c) => db.insert(schema.resourceCategories).values(c).onConflictDoNothing()),
    ...seedResources.map((r) => db.insert(schema.resources).values(r).onConflictDoNothing()),
    ...seedBooks.map((b) =>
      db
        .insert(schema.recommendedBooks)
        .values({ ...b, position: b.id })
        .onConflictDoNothing(),
    ),
    ...courseStatements(db, "insert"),
    ...pageStatements(db),
    db.insert(schema.siteMeta).values({ key: SEED_MARKER, value: SEED_VERSION }).onConflictDoNothing(),
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { seeded: true };
}

/** The editable pages; a page someone already saved keeps its own. */
function pageStatements(db: SeedDb): BatchItem<"sqlite">[] {
  return seedPages.map((page) => db.insert(schema.pages).values(page).onConflictDoNothing());
}

/**
 * Courses are nested in the seed data; ids are derived deterministically so reseeding is stable. "insert"
 * writes new rows; "upgrade" writes the lesson content (bodies, recordings, prompts, quiz questions) into
 * rows a version-1 seed made.
 */
/** The seed's lesson recordings: the file in db/seed/recordings and the address the lesson names it by. */
export function seedRecordings() {
  return seedCourses.flatMap((course) =>
    course.modules.flatMap((module) => module.lessons.flatMap((lesson) => (lesson.recording ? [lesson.recording] : []))),
  );
}

function courseStatements(db: SeedDb, mode: "insert" | "upgrade"): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  let moduleId = 0;
  let lessonId = 0;
  let assessmentId = 0;
  let questionId = 0;
  for (const { modules, ...course } of seedCourses) {
    if (mode === "insert") statements.push(db.insert(schema.courses).values(course).onConflictDoNothing());
    modules.forEach(({ lessons, ...module }, modulePosition) => {
      moduleId += 1;
      if (mode === "insert") {
        statements.push(
          db
            .insert(schema.courseModules)
            .values({ id: moduleId, courseId: course.id, position: modulePosition + 1, ...module })
            .onConflictDoNothing(),
        );
      }
      lessons.forEach(({ assessments, recording, ...lesson }, lessonPosition) => {
        lessonId += 1;
        const content = {
          body: lesson.body,
          audioUrl: recording?.audioUrl ?? "",
          audioTranscript: recording?.transcript ?? "",
          // The first lesson of every course is its free preview.
          freePreview: modulePosition === 0 && lessonPosition === 0,
        };
        statements.push(
          mode === "insert"
            ? db
                .insert(schema.lessons)
                .values({ id: lessonId, moduleId, position: lessonPosition + 1, ...lesson, ...content })
                .onConflictDoNothing()
            : db.update(schema.lessons).set(content).where(eq(schema.lessons.id, lessonId)),
        );
        for (const assessment of assessments) {
          assessmentId += 1;
          const { title, kind } = assessment;
          const details =
            assessment.kind === "quiz" ? { prompt: "", passMark: assessment.passMark ?? 70 } : { prompt: assessment.prompt, passMark: 70 };
          statements.push(
            mode === "insert"
              ? db
                  .insert(schema.assessments)
                  .values({ id: assessmentId, lessonId, title, kind, ...details })
                  .onConflictDoNothing()
              : db.update(schema.assessments).set(details).where(eq(schema.assessments.id, assessmentId)),
          );
          if (assessment.kind !== "quiz") continue;
          assessment.questions.forEach((question, position) => {
            questionId += 1;
            statements.push(
              db
                .insert(schema.quizQuestions)
                .values({
                  id: questionId,
                  assessmentId,
                  position: position + 1,
                  prompt: question.prompt,
                  choices: question.choices,
                  correctChoice: question.correct,
                })
                .onConflictDoNothing(),
            );
          });
        }
      });
    });
  }
  return statements;
}

/**
 * Loads the seed content into a database, once. `npm run dev`, `npm start` and the tests call it;
 * a second call finds the marker row and does nothing, so the admin's edits and deletions survive.
 */
import { eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { BatchItem } from "drizzle-orm/batch";
import * as schema from "../schema";
import { seedArticles } from "./articles";
import { seedBooks } from "./books";
import { seedCourses } from "./courses";
import { seedPractices } from "./practices";
import { seedResourceCategories, seedResources } from "./resources";

const SEED_MARKER = "seed_version";
/** Bump when the seed content changes in a way that an existing local database should not receive. */
export const SEED_VERSION = "1";

type SeedDb = DrizzleD1Database<typeof schema>;

export async function seedDatabase(db: SeedDb): Promise<{ seeded: boolean }> {
  const marker = await db.select().from(schema.siteMeta).where(eq(schema.siteMeta.key, SEED_MARKER)).get();
  if (marker) return { seeded: false };

  // One statement per row keeps every query far below D1's 100 bound parameters;
  // db.batch sends them in one round trip and applies them atomically.
  const statements: BatchItem<"sqlite">[] = [
    ...seedArticles.map((a) => db.insert(schema.articles).values(a).onConflictDoNothing()),
    ...seedPractices.map((p) => db.insert(schema.practices).values(p).onConflictDoNothing()),
    ...seedResourceCategories.map((c) => db.insert(schema.resourceCategories).values(c).onConflictDoNothing()),
    ...seedResources.map((r) => db.insert(schema.resources).values(r).onConflictDoNothing()),
    ...seedBooks.map((b) => db.insert(schema.recommendedBooks).values(b).onConflictDoNothing()),
    ...courseStatements(db),
    db.insert(schema.siteMeta).values({ key: SEED_MARKER, value: SEED_VERSION }).onConflictDoNothing(),
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { seeded: true };
}

/** Courses are nested in the seed data; ids are derived deterministically so reseeding is stable. */
function courseStatements(db: SeedDb): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  let moduleId = 0;
  let lessonId = 0;
  let assessmentId = 0;
  for (const { modules, ...course } of seedCourses) {
    statements.push(db.insert(schema.courses).values(course).onConflictDoNothing());
    modules.forEach(({ lessons, ...module }, modulePosition) => {
      moduleId += 1;
      statements.push(
        db
          .insert(schema.courseModules)
          .values({ id: moduleId, courseId: course.id, position: modulePosition + 1, ...module })
          .onConflictDoNothing(),
      );
      lessons.forEach(({ assessments, ...lesson }, lessonPosition) => {
        lessonId += 1;
        statements.push(
          db
            .insert(schema.lessons)
            .values({ id: lessonId, moduleId, position: lessonPosition + 1, ...lesson })
            .onConflictDoNothing(),
        );
        for (const assessment of assessments) {
          assessmentId += 1;
          statements.push(
            db.insert(schema.assessments).values({ id: assessmentId, lessonId, ...assessment }).onConflictDoNothing(),
          );
        }
      });
    });
  }
  return statements;
}

/**
 * Bundles (docs/payments.md, "Bundles"): courses sold together at one price. The catalogue half lives here (the public
 * page, "Also in bundle" on course pages, the owner's list and form); paying for one and recording its order are in
 * payments.server.ts, with every other payment.
 */
import { netRevenueCents } from "./revenue.server";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { bundleCourses, bundles, courses, enrollments } from "../../../db/schema";
import { type BundleFormInput, bundleSavingsCents } from "~/lib/bundles";
import { FORM_VERSION_MISSING } from "~/lib/form-version";
import type { Database } from "../core/db.server";
import { abortUnlessChanged, nextVersion, sameVersion, savedFromVersion } from "../core/edit-version.server";
import { HttpError } from "../core/http.server";
import { markContentChanged } from "../core/cache.server";

export type BundleCourse = { id: number; title: string; imageUrl: string; imageAlt: string; level: string; priceCents: number };

export type PublicBundle = {
  id: number;
  title: string;
  description: string;
  priceCents: number;
  courses: BundleCourse[];
  /** The courses' list prices added up, and what the bundle saves against that. */
  listCents: number;
  savingsCents: number;
};

/** A bundle's courses in its order, whatever their own publication (a course a buyer paid for stays theirs). */
async function coursesOf(db: Database, bundleId: number): Promise<BundleCourse[]> {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      imageUrl: courses.imageUrl,
      imageAlt: courses.imageAlt,
      level: courses.level,
      priceCents: courses.priceCents,
    })
    .from(bundleCourses)
    .innerJoin(courses, eq(courses.id, bundleCourses.courseId))
    .where(eq(bundleCourses.bundleId, bundleId))
    .orderBy(asc(bundleCourses.position), asc(courses.id));
}

/** A published bundle with its courses and savings, for its page and its checkout; undefined otherwise (404). */
export async function getPublicBundle(db: Database, id: number, { published }: { published?: "any" } = {}) {
  const bundle = await db
    .select()
    .from(bundles)
    .where(published === "any" ? eq(bundles.id, id) : and(eq(bundles.id, id), eq(bundles.published, true)))
    .get();
  if (!bundle) return undefined;
  const list = await coursesOf(db, id);
  const listCents = list.reduce((sum, course) => sum + course.priceCents, 0);
  return {
    id: bundle.id,
    title: bundle.title,
    description: bundle.description,
    priceCents: bundle.priceCents,
    courses: list,
    listCents,
    savingsCents: bundleSavingsCents(
      bundle.priceCents,
      list.map((course) => course.priceCents),
    ),
  } satisfies PublicBundle;
}

/** "Also in bundle …" on a course page: the published bundles that contain it. */
export function bundlesWithCourse(db: Database, courseId: number) {
  return db
    .select({ id: bundles.id, title: bundles.title })
    .from(bundleCourses)
    .innerJoin(bundles, eq(bundles.id, bundleCourses.bundleId))
    .where(and(eq(bundleCourses.courseId, courseId), eq(bundles.published, true)))
    .orderBy(asc(bundles.id));
}

export type BundleSummary = typeof bundles.$inferSelect & { courseIds: number[]; orders: number; revenueCents: number };

/** The owner's Bundles page: every bundle, its courses, and its paid orders (the order rows, not the courses they opened). */
export async function listBundles(db: Database): Promise<BundleSummary[]> {
  const rows = await db
    .select({
      bundle: bundles,
      orders: sql<number>`count(${enrollments.id})`,
      revenueCents: sql<number>`coalesce(sum(${netRevenueCents}), 0)`,
    })
    .from(bundles)
    .leftJoin(enrollments, and(eq(enrollments.bundleId, bundles.id), sql`${enrollments.orderId} is null`, eq(enrollments.status, "paid")))
    .groupBy(bundles.id)
    .orderBy(desc(bundles.id));
  const links = rows.length
    ? await db
        .select()
        .from(bundleCourses)
        .where(
          inArray(
            bundleCourses.bundleId,
            rows.map((row) => row.bundle.id),
          ),
        )
        .orderBy(asc(bundleCourses.position))
    : [];
  return rows.map(({ bundle, ...totals }) => ({
    ...bundle,
    courseIds: links.filter((link) => link.bundleId === bundle.id).map((link) => link.courseId),
    ...totals,
  }));
}

/**
 * Creates (no id) or replaces (id, from the version the form was opened at) a bundle and its courses, in one batch.
 * Unknown courses are a 400, an edit without its version a 400, a stale one a 409 (nothing written), an unknown bundle a 404.
 */
export async function saveBundle(db: Database, input: BundleFormInput) {
  const courseIds = [...new Set(input.courseIds)];
  const known = await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, courseIds));
  if (known.length !== courseIds.length) throw new HttpError(400, "One of the ticked courses does not exist.");
  const values = {
    title: input.title,
    description: input.description,
    priceCents: input.priceCents,
    published: input.published,
  };
  const courseRows = (bundleId: number) => courseIds.map((courseId, position) => ({ bundleId, courseId, position }));
  if (input.id === undefined) {
    const [created] = await db.insert(bundles).values(values).returning({ id: bundles.id });
    if (!created) throw new Error("The new bundle was not stored");
    await db.insert(bundleCourses).values(courseRows(created.id));
    await markContentChanged(db);
    return { id: created.id };
  }
  const { id, version } = input;
  if (version === undefined) throw new HttpError(400, FORM_VERSION_MISSING, "version");
  // The version check is the batch's first write: a stale save changes neither the bundle nor its courses.
  await savedFromVersion(
    () =>
      db.batch([
        db
          .update(bundles)
          .set({ ...values, updatedAt: nextVersion(version) })
          .where(and(eq(bundles.id, id), sameVersion(bundles.updatedAt, version))),
        abortUnlessChanged(db),
        db.delete(bundleCourses).where(eq(bundleCourses.bundleId, id)),
        db.insert(bundleCourses).values(courseRows(id)),
      ]),
    {
      version,
      current: async () => {
        const row = await db.select({ updatedAt: bundles.updatedAt }).from(bundles).where(eq(bundles.id, id)).get();
        return row ? (row.updatedAt ?? "") : undefined;
      },
      message:
        "Someone saved this bundle after you opened it, so your changes were not saved: reload it to see theirs, then make your change again.",
      missing: "Bundle not found.",
    },
  );
  // Bundle and course pages are cached: "Also in bundle" and the bundle's page change.
  await markContentChanged(db);
  return { id };
}

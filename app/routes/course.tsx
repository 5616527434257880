import { isDatabaseFailure } from "~/server/core/http.server";
import { Link, data } from "react-router";
import type { Route } from "./+types/course";
import { CourseView } from "~/components/courses/course-view";
import { PageErrorPanel } from "~/components/ui/error-panel";
import { BackToCourses } from "~/components/courses/back-to-courses";
import { truncate } from "~/lib/text";
import { itemPageSeo } from "~/lib/seo";
import { parseId } from "~/server/content/content.server";
import { getCourseDetails } from "~/server/learning/courses.server";
import { getDb } from "~/server/core/db.server";
import { isCouponCodeShape, normaliseCouponCode } from "~/lib/coupons";
import { logEvent, rootCause, shortError, stackOf } from "~/server/core/log.server";
import { bundlesWithCourse } from "~/server/payments/bundles.server";
import { getLearnerSession, hasLearnerCookie, sessionOwnsCourse } from "~/server/learning/learner.server";

export async function loader({ params, request }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const query = new URL(request.url).searchParams;
  const accessRequired = query.get("access") === "required";
  // A discount link (/courses/{id}?coupon=CODE): only carried to the enrol page, which checks it. A code of the wrong
  // shape is dropped here, so the page cache keeps one copy per plausible code at most.
  const typed = normaliseCouponCode(query.get("coupon") ?? "");
  const couponCode = isCouponCodeShape(typed) ? typed : null;
  try {
    const db = getDb();
    const course = id === null ? undefined : await getCourseDetails(db, id);
    if (!course) return data({ course: null, failed: false, owned: false, accessRequired, unprovenEmail: null }, { status: 404 });
    // Only a request with a signed learner cookie costs the extra reads (and is never served from the page cache).
    const learner = (await hasLearnerCookie(request)) ? await getLearnerSession(db, request) : null;
    // An unproven session (the payment-success page's) owns only what its order grants here, and says what the access link opens.
    const owned = learner !== null && (await sessionOwnsCourse(db, learner, course.id));
    const unprovenEmail = learner !== null && learner.scopeCourseId !== null ? learner.email : null;
    // "Also in bundle …": the published bundles that contain this course (docs/payments.md, "Bundles").
    const bundles = await bundlesWithCourse(db, course.id);
    return { course, failed: false, owned, accessRequired, unprovenEmail, couponCode, bundles };
  } catch (error) {
    // D1 failing: the site's 503 page with Retry-After, as on every route (app/server/core/database-outage.server.ts).
    if (isDatabaseFailure(error)) throw error;
    logEvent("error", "course.load_failed", { error: shortError(rootCause(error)), stack: stackOf(error) });
    return data({ course: null, failed: true, owned: false, accessRequired, unprovenEmail: null }, { status: 503 });
  }
}

export function meta({ loaderData, matches, location }: Route.MetaArgs): Route.MetaDescriptors {
  const course = loaderData?.course;
  return itemPageSeo({ matches, location }, course && { ...course, description: truncate(course.description, 160) }, "Course not found");
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { course, failed, owned, accessRequired, unprovenEmail } = loaderData;
  const couponCode = "couponCode" in loaderData ? loaderData.couponCode : null;

  if (!course) {
    return (
      <PageErrorPanel title={failed ? "Course unavailable" : "Course not found"} action={<BackToCourses />}>
        {failed
          ? "Failed to load course details. Please try again later."
          : "There is no course at this address. It may have been withdrawn."}
      </PageErrorPanel>
    );
  }
  const bundles = "bundles" in loaderData ? loaderData.bundles : [];
  return (
    <>
      <CourseView course={course} owned={owned} accessRequired={accessRequired} unprovenEmail={unprovenEmail} couponCode={couponCode} />
      {bundles.length > 0 ? (
        <aside aria-label="Bundles" className="mx-auto max-w-5xl px-4 pb-12 sm:px-6" data-testid="course-bundles">
          {bundles.map((bundle) => (
            <p key={bundle.id}>
              Also in the bundle{" "}
              <Link to={`/bundles/${bundle.id}`} className="inline-block py-3 font-medium text-primary underline underline-offset-4">
                {bundle.title}
              </Link>
            </p>
          ))}
        </aside>
      ) : null}
    </>
  );
}

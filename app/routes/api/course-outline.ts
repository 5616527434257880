/**
 * PUT /api/courses/{id}/outline (admin): replaces a course's modules, lessons and assessments with the outline sent,
 * in order (app/server/learning/course-outline.server.ts), and answers 200 with the outline as stored, new rows with their ids,
 * and the course's new `version` (also the `ETag`). The save says which version of the course it was edited from (the
 * body's `version` or `If-Match`): 428 without one, 409 when the course was saved since.
 */
import type { Route } from "./+types/course-outline";
import { courseOutlineUpdateSchema } from "~/lib/admin-schemas";
import { eq } from "drizzle-orm";
import { courses } from "../../../db/schema";
import { auditItemName } from "~/server/admin/audit.server";
import { adminApi } from "~/server/admin/guard.server";
import { checkItemAccess, itemActor } from "~/server/admin/content-access.server";
import { parseId } from "~/server/content/content.server";
import { saveCourseOutlineWithRevision } from "~/server/admin/content.server";
import { etagOf, requiredVersion } from "~/server/core/edit-version.server";
import { HttpError, handleApi, json, readJsonBody } from "~/server/core/http.server";

/** A whole course with its lesson bodies runs to about 100 KB; the cap leaves room for long courses. */
export const MAX_OUTLINE_BODY_BYTES = 1024 * 1024;

export const loader = () =>
  handleApi(async () => {
    throw new HttpError(405, "Save a course's outline with a PUT request; read it on the course's edit page.");
  });

export const action = ({ request, params, context }: Route.ActionArgs) =>
  adminApi({ request, context }, async (db, session, note) => {
    if (request.method !== "PUT") throw new HttpError(405, "Save a course's outline with a PUT request.");
    const id = parseId(params.id);
    if (id === null) throw new HttpError(404, "Course not found.");
    const { version: bodyVersion, ...outline } = await readJsonBody(request, courseOutlineUpdateSchema, MAX_OUTLINE_BODY_BYTES);
    const version = requiredVersion(request, bodyVersion, "this course's outline", `GET /api/courses/${id} (the course's version)`);
    // A contributor's own draft course only (the route's `items`, app/site-routes.ts).
    await checkItemAccess(db, "course", id, itemActor(request, session), "change");
    const saved = await saveCourseOutlineWithRevision(db, id, outline, session, version);
    const course = await db.select({ title: courses.title }).from(courses).where(eq(courses.id, id)).get();
    note.object = `outline of ${auditItemName("course", id, course?.title)}`;
    return json({ ...saved.outline, version: saved.version }, { headers: { ETag: etagOf(saved.version) } });
  });

/**
 * "Learner insight never contains a written answer's text" (docs/courses-and-learning.md, "Learner insight"): a learner writes
 * a reflection carrying a marker word; then every admin route of app/site-routes.ts (pages, CSV exports and the admin's
 * API) is loaded as the owner, with each id the data has, and what it answers is searched for the word. A page can only
 * show what its loader sent, so the loaders' answers are what is searched. Then the progress CSV: the owner's, an editor
 * gets 403.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie, editorCookie, TEST_ORIGIN } from "../../../tests/support/admin";
import { routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { insightCourse, insightLearners, MARKER } from "../../../tests/support/learner-insight";
import { asRouted, type RouteModule } from "../../../tests/support/routes";
import { ANALYTICS_TABLE_NAMES } from "~/lib/analytics-report";
import { isAdminAccess } from "~/lib/route-policy";
import { POLICY_ROUTES } from "~/site-routes";
import { exportLearnerData } from "~/server/learning/learner-data.server";

const MODULES = import.meta.glob<RouteModule>("/app/routes/**/*.{ts,tsx}");
const moduleOf = (file: string) => {
  const load = MODULES[`/app/${file}`];
  if (!load) throw new Error(`no module ${file}`);
  return load();
};

/** The admin's routes: every route only a signed-in role may read. */
const ADMIN_ROUTES = POLICY_ROUTES.filter((route) => isAdminAccess(route.policy.read));

/** Concrete paths for a pattern: each `:id` as every id given, the other parameters as the seed has them. */
function pathsFor(pattern: string, ids: readonly number[]): { path: string; params: Record<string, string> }[] {
  const variants: { path: string; params: Record<string, string> }[] = [{ path: "", params: {} }];
  for (const segment of pattern.split("/").filter(Boolean)) {
    const name = segment.replace(/^:/, "").replace(/\?$/, "");
    const values = !segment.startsWith(":") && segment !== "*" ? [segment] : name === "id" ? ids.map(String) : [fixed(name)];
    const next = variants.flatMap((v) =>
      values.map((value) => ({
        path: `${v.path}/${value}`,
        params: segment.startsWith(":") || segment === "*" ? { ...v.params, [segment === "*" ? "*" : name]: value } : v.params,
      })),
    );
    variants.splice(0, variants.length, ...next);
  }
  return variants;
}

const fixed = (name: string) =>
  ({ type: "privacy", key: "about", number: "1", subject: "a@example.com", token: "x", "*": "anything" })[name] ?? "1";

/** What a loader answered, as text: a Response's body, React Router's `data()` or plain data as JSON. */
async function answerText(result: unknown): Promise<string> {
  if (result instanceof Response) return result.clone().text();
  if (result && typeof result === "object" && "data" in result && "init" in result)
    return JSON.stringify((result as { data: unknown }).data);
  return JSON.stringify(result ?? null);
}

describe("learner insight and the written answers", () => {
  let courseId: number;
  let orderId: number;
  beforeEach(async () => {
    await seedTestDb();
    const built = await insightCourse();
    await insightLearners(built);
    courseId = built.course.id;
    const order = await env.DB.prepare("SELECT id FROM enrollments WHERE email = ? AND course_id = ?")
      .bind("a@example.com", courseId)
      .first<{ id: number }>();
    orderId = order?.id ?? 0;
  });

  it("no admin page, export or admin API answer carries a written answer's text", async () => {
    // The word is there to be found: in D1, and in the learner's own download (the same search finds it there).
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM assessment_responses WHERE answer LIKE ?")
      .bind(`%${MARKER}%`)
      .first<{ n: number }>();
    expect(stored?.n).toBe(1);
    expect(JSON.stringify(await exportLearnerData(testDb(), "a@example.com"))).toContain(MARKER);

    const cookie = await adminCookie(testDb());
    const byEmail = "?email=a%40example.com&q=a%40example.com&search=a%40example.com";
    // The analytics export answers per table; every other route with and without a learner's address in its query.
    const queriesFor = (pattern: string) =>
      pattern === "/admin/analytics.csv" ? ANALYTICS_TABLE_NAMES.map((t) => `?table=${t}&range=30`) : ["", byEmail];
    const answered: Record<string, string> = {};
    for (const route of ADMIN_ROUTES) {
      const module = await moduleOf(route.file);
      if (!module.loader) continue;
      const layouts = await Promise.all(route.layouts.map(moduleOf));
      const loader = asRouted(module, "loader", layouts);
      for (const { path, params } of pathsFor(route.pattern, [courseId, orderId, 1])) {
        for (const query of queriesFor(route.pattern)) {
          const request = new Request(`${TEST_ORIGIN}${path}${query}`, { headers: { Cookie: cookie } });
          let text: string;
          try {
            text = await answerText(await loader(routeArgs(request, params) as never));
          } catch (thrown) {
            text = await answerText(thrown);
          }
          expect(text, `${path}${query}`).not.toContain(MARKER);
          answered[`${path}${query}`] = text;
        }
      }
    }
    // The walk reached the pages that show this learner: the order page (their record, the answer counted) and the insight.
    expect(Object.keys(answered).length).toBeGreaterThan(ADMIN_ROUTES.length);
    expect(answered[`/admin/orders/${orderId}`]).toContain('"kind":"written","title":"Think","words":5');
    expect(answered[`/admin/courses/${courseId}/insight`]).toContain('"enrolments":5');
    expect(answered[`/admin/courses/${courseId}/progress.csv`]).toContain("a@example.com,100,3 of 3,1 of 1,2026-06-05,2026-06-06");
  }, 180_000);

  it("the progress CSV is the owner's: an editor gets 403, a visitor the sign-in page; a course that does not exist is a 404", async () => {
    const csv = POLICY_ROUTES.find((route) => route.pattern === "/admin/courses/:id/progress.csv");
    if (!csv) throw new Error("no progress CSV route");
    const loader = asRouted(await moduleOf(csv.file), "loader");
    /** The answer as a Response: the guard refuses with React Router's `data()` and a status, as the pages' loaders see it. */
    const get = async (cookie: string, id: number): Promise<Response> => {
      const request = new Request(`${TEST_ORIGIN}/admin/courses/${id}/progress.csv`, { headers: cookie ? { Cookie: cookie } : {} });
      let result: unknown;
      try {
        result = await loader(routeArgs(request, { id: String(id) }) as never);
      } catch (thrown) {
        result = thrown;
      }
      if (result instanceof Response) return result;
      const { data, init } = result as { data: unknown; init: ResponseInit | null };
      return Response.json(data, { status: init?.status ?? 200 });
    };
    const owner = await get(await adminCookie(testDb()), courseId);
    expect(owner.status).toBe(200);
    expect(owner.headers.get("Content-Type")).toContain("text/csv");
    expect(await owner.text()).toContain("email,progress_percent");
    const editor = await get(await editorCookie(testDb()), courseId);
    expect(editor.status).toBe(403);
    expect(await editor.text()).not.toContain("@example.com");
    const visitor = await get("", courseId);
    expect([visitor.status, visitor.headers.get("Location")]).toEqual([302, "/login"]);
    const missing = await get(await adminCookie(testDb()), 999_999);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "There is no such course." });
  });

  it("the insight page is the editor's too, without the export", async () => {
    const page = POLICY_ROUTES.find((route) => route.pattern === "/admin/courses/:id/insight");
    if (!page) throw new Error("no insight route");
    const loader = asRouted(await moduleOf(page.file), "loader", await Promise.all(page.layouts.map(moduleOf)));
    const request = (cookie: string) => new Request(`${TEST_ORIGIN}/admin/courses/${courseId}/insight`, { headers: { Cookie: cookie } });
    const editor = (await loader(routeArgs(request(await editorCookie(testDb())), { id: String(courseId) }) as never)) as {
      insight: { enrolments: number };
      canExport: boolean;
    };
    expect(editor).toMatchObject({ insight: { enrolments: 5 }, canExport: false });
    expect(JSON.stringify(editor)).not.toContain("@example.com");
    const owner = (await loader(routeArgs(request(await adminCookie(testDb())), { id: String(courseId) }) as never)) as {
      canExport: boolean;
    };
    expect(owner.canExport).toBe(true);
  });
});

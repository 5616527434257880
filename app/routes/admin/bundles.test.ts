/** The Bundles page as React Router runs it (inside the route guard): the owner creates and edits bundles. */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie, editorCookie } from "../../../tests/support/admin";
import { routeArgs, seedTestDb } from "../../../tests/support/db";
import { asRouted } from "../../../tests/support/routes";
import * as bundles from "./bundles";
import * as layout from "./layout";

const saveAction = asRouted(bundles, "action", [layout]);

type Answer = { init: ResponseInit | null; data: { ok: boolean; message: string; fieldErrors?: Record<string, string> } };
const answer = (value: unknown): Answer =>
  value && typeof value === "object" && "init" in value ? (value as Answer) : { init: null, data: value as Answer["data"] };

let cookie: string;
beforeEach(async () => {
  await seedTestDb();
  cookie = await adminCookie();
});

const post = (fields: [string, string][], as = cookie) =>
  routeArgs(
    new Request("http://localhost/admin/bundles", {
      method: "POST",
      headers: { Origin: "http://localhost", Cookie: as },
      body: new URLSearchParams(fields),
    }),
  ) as never;
const NEW: [string, string][] = [
  ["title", "The Whole Stoa"],
  ["description", "All of it."],
  ["price", "199.50"],
  ["courseIds", "1"],
  ["courseIds", "3"],
  ["published", "on"],
];
const stored = async () => ({
  bundles: (await env.DB.prepare("SELECT id, title, price_cents, published FROM bundles").all()).results,
  courses: (await env.DB.prepare("SELECT bundle_id, course_id, position FROM bundle_courses ORDER BY position").all()).results,
});

describe("the bundles page", () => {
  it("the owner creates a bundle (price in cents, courses in order), then edits it", async () => {
    expect(answer(await saveAction(post(NEW))).data).toMatchObject({ ok: true, message: "Bundle created." });
    const created = await stored();
    expect(created.bundles).toMatchObject([{ title: "The Whole Stoa", price_cents: 19950, published: 1 }]);
    const id = String((created.bundles[0] as { id: number }).id);
    expect(created.courses.map((row) => (row as { course_id: number }).course_id)).toEqual([1, 3]);
    const edited = [
      ...NEW.filter(([key]) => key !== "courseIds" && key !== "published"),
      ["id", id],
      ["version", ""],
      ["courseIds", "2"],
      ["courseIds", "1"],
    ] as [string, string][];
    expect(answer(await saveAction(post(edited))).data).toMatchObject({ ok: true, message: "Bundle saved." });
    const after = await stored();
    expect(after.bundles).toMatchObject([{ published: 0 }]);
    expect(after.courses.map((row) => (row as { course_id: number }).course_id)).toEqual([2, 1]);
  });

  it("refuses one course, a bad price or an unknown course with 400, an unknown bundle with 404; an editor with 403", async () => {
    const one = answer(await saveAction(post(NEW.filter(([key, value]) => !(key === "courseIds" && value === "3")))));
    expect([one.init?.status, one.data.fieldErrors?.courseIds]).toEqual([400, "Tick at least two courses."]);
    const price = answer(await saveAction(post(NEW.map(([key, value]) => [key, key === "price" ? "1.234" : value]))));
    expect([price.init?.status, price.data.fieldErrors?.price]).toEqual([400, "A price is in dollars and cents, e.g. 99 or 99.50."]);
    const unknown = answer(await saveAction(post([...NEW, ["courseIds", "999"]])));
    expect(unknown.init?.status).toBe(400);
    const missing = answer(await saveAction(post([...NEW, ["id", "999"], ["version", ""]])));
    expect(missing.init?.status).toBe(404);
    const editor = answer(await saveAction(post(NEW, await editorCookie())));
    expect(editor.init?.status).toBe(403);
    expect((await stored()).bundles).toEqual([]);
  });
});

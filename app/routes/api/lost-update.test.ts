/**
 * Two admins editing the same item: a save carries the version it was edited from (`version`, the item's updatedAt,
 * in the schema the form and the API share), and the UPDATE is conditional on it, so the later of two saves from
 * one version is refused with 409 instead of silently overwriting the earlier one.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie, adminRequest, editorCookie } from "../../../tests/support/admin";
import { routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import { CONTENT_TYPE_FORMS, storedValues } from "~/components/admin/content-types";
import { toPayload } from "~/components/admin/content-form";
import { CONTENT_TYPE_KEYS, CONTENT_TYPE_NAMES, type ContentTypeKey } from "~/lib/content-types";
import { getContentForAdmin } from "~/server/admin-content.server";
import { revisionFields } from "~/server/revisions.server";
import * as itemApi from "./content-item";

let owner: string;
let editor: string;
beforeEach(async () => {
  await seedTestDb();
  owner = await adminCookie();
  editor = await editorCookie();
});

/** What the edit form sends for the stored item, with `title` changed and the version the page was read at. */
async function editedBody(key: ContentTypeKey, id: number, title: string) {
  const row = (await getContentForAdmin(testDb(), key, id)) as Record<string, unknown>;
  const body = toPayload(revisionFields(key), storedValues(revisionFields(key), row));
  // The edit page's version: the item's updatedAt, "" for one never saved (the seed's).
  return { ...body, title, version: (row.updatedAt as string | null) ?? "" };
}

function put(key: ContentTypeKey, id: number, body: unknown, cookie: string) {
  const path = `/api/${CONTENT_TYPE_NAMES[key].path}/${id}`;
  return itemApi.action(routeArgs(adminRequest("PUT", path, { cookie, body: body as never }), { id: String(id) }) as never);
}

const revisionCount = async (key: ContentTypeKey, id: number) =>
  (
    await env.DB.prepare("SELECT count(*) AS n FROM content_revisions WHERE content_type = ? AND content_id = ?")
      .bind(key, id)
      .first<{ n: number }>()
  )?.n;

describe.each(CONTENT_TYPE_KEYS)("saving a %s edited from an old version", (key) => {
  it("of two saves from the same version, sent at once, exactly one wins and the other is a 409; nothing is lost silently", async () => {
    const id = 1;
    const [mine, theirs] = await Promise.all([editedBody(key, id, "Owner's title"), editedBody(key, id, "Editor's title")]);
    expect(mine.version).toBe(theirs.version);
    const before = await revisionCount(key, id);
    const answers = await Promise.all([put(key, id, mine, owner), put(key, id, theirs, editor)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? mine : theirs;
    const loser = answers.find((answer) => answer.status === 409) as Response;
    expect(await loser.json()).toEqual({
      message: expect.stringMatching(/^Someone else saved this .* after you opened it/),
      field: "version",
    });
    const stored = (await getContentForAdmin(testDb(), key, id)) as Record<string, unknown>;
    expect(stored.title).toBe(winner.title);
    // The winner's save is in the history; the refused one recorded nothing.
    const after = await revisionCount(key, id);
    expect((after ?? 0) - (before ?? 0)).toBeLessThanOrEqual(2); // the winner's, and the baseline on a first change
    expect(
      (
        await env.DB.prepare("SELECT count(*) AS n FROM content_revisions WHERE content_type = ? AND content_id = ? AND snapshot LIKE ?")
          .bind(key, id, `%${winner === mine ? theirs.title : mine.title}%`)
          .first<{ n: number }>()
      )?.n,
    ).toBe(0);
  });

  it("a save from the current version works, and the version it returns lets the same editor save again", async () => {
    const first = await editedBody(key, 1, "First");
    const saved = (await (await put(key, 1, first, owner)).json()) as { updatedAt: string; title: string };
    expect(saved.title).toBe("First");
    expect(saved.updatedAt).not.toBe(first.version);
    // The stale version is refused; the new one is taken.
    expect((await put(key, 1, { ...first, title: "Stale" }, editor)).status).toBe(409);
    expect((await put(key, 1, { ...first, title: "Second", version: saved.updatedAt }, owner)).status).toBe(200);
  });
});

describe("the version in the shared schema", () => {
  it("is kept by the form's own check (so the browser sends it) and refused when it is not a string", () => {
    const schema = CONTENT_TYPE_FORMS.article.updateSchema;
    const body = { title: "T", excerpt: "E", content: "C", imageUrl: "/images/a.svg", category: "Philosophy", readingTime: 5, author: "A" };
    const parsed = schema.safeParse({ ...body, version: "2026-01-01T00:00:00.000Z" });
    expect(parsed.success && (parsed.data as { version?: string }).version).toBe("2026-01-01T00:00:00.000Z");
    expect(schema.safeParse({ ...body, version: 5 }).success).toBe(false);
  });

  it("an unknown id with a version is still a 404, and bad input a 400, never a 500", async () => {
    const body = await editedBody("article", 1, "X");
    expect((await put("article", 999, body, owner)).status).toBe(404);
    expect((await put("article", 1, { ...body, version: "x".repeat(41) }, owner)).status).toBe(400);
  });
});

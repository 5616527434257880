/**
 * Two admins editing the same item: a save carries the version it was edited from (`version`, the item's updatedAt,
 * in the schema the form and the API share), and the UPDATE is conditional on it, so the later of two saves from
 * one version is refused with 409 instead of silently overwriting the earlier one.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminRequest, seedWithOwnerAndEditor } from "../../../tests/support/admin";
import { routeArgs, testDb } from "../../../tests/support/db";
import { CONTENT_TYPE_SPECS, storedValues, toPayload } from "~/lib/content-types/registry";
import { CONTENT_TYPE_KEYS, CONTENT_TYPE_NAMES, type ContentTypeKey } from "~/lib/content-types";
import { getContentForAdmin } from "~/server/admin/content.server";
import { revisionFields } from "~/server/content/revisions.server";
import * as itemApi from "./content-item";

let owner: string;
let editor: string;
beforeEach(async () => {
  // Categories are not emptied between tests (articles name them), and these tests rename one: start from the seed's.
  await env.DB.prepare("DELETE FROM article_categories").run();
  ({ owner, editor } = await seedWithOwnerAndEditor());
});

/**
 * What the edit form sends for the stored item, with `title` changed (an author's or a category's title is its name) and the version
 * the page was read at.
 */
async function editedBody(key: ContentTypeKey, id: number, title: string) {
  const row = (await getContentForAdmin(testDb(), key, id)) as Record<string, unknown>;
  const body = toPayload(revisionFields(key), storedValues(revisionFields(key), row));
  // The edit page's version: the item's updatedAt, "" for one never saved (the seed's).
  return { ...body, title, ...("name" in body ? { name: title } : {}), version: (row.updatedAt as string | null) ?? "" };
}

function put(key: ContentTypeKey, id: number, body: unknown, cookie: string, headers?: Record<string, string>) {
  const path = `/api/${CONTENT_TYPE_NAMES[key].path}/${id}`;
  return itemApi.action(routeArgs(adminRequest("PUT", path, { cookie, body: body as never, headers }), { id: String(id) }) as never);
}

/** The public GET of an item (its ETag is the version to send back). */
function get(key: ContentTypeKey, id: number) {
  return itemApi.loader(routeArgs(`/api/${CONTENT_TYPE_NAMES[key].path}/${id}`, { id: String(id) }) as never);
}

/** What an API client sends when it does not say which version it edited: the form's body without `version`. */
async function unversionedBody(key: ContentTypeKey, id: number, title: string) {
  const { version: _version, ...body } = await editedBody(key, id, title);
  return body;
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
    const schema = CONTENT_TYPE_SPECS.article.updateSchema;
    const body = { title: "T", excerpt: "E", content: "C", imageUrl: "/images/a.svg", category: "Philosophy", readingTime: 5, authorId: 1 };
    const parsed = schema.safeParse({ ...body, version: "2026-01-01T00:00:00.000Z" });
    expect(parsed.success && (parsed.data as { version?: string }).version).toBe("2026-01-01T00:00:00.000Z");
    expect(schema.safeParse({ ...body, version: 5 }).success).toBe(false);
  });

  it("an unknown id with a version is still a 404, and bad input a 400, never a 500", async () => {
    const body = await editedBody("article", 1, "X");
    expect((await put("article", 999, body, owner)).status).toBe(404);
    expect((await put("article", 999, { ...body, version: undefined }, owner, { "If-Match": '""' })).status).toBe(404);
    expect((await put("article", 1, { ...body, version: "x".repeat(41) }, owner)).status).toBe(400);
  });
});

describe.each(CONTENT_TYPE_KEYS)("the version of a %s saved through the API", (key) => {
  it("a PUT without a version (no body field, no If-Match) is 428 with how to send it, and nothing changes", async () => {
    const before = await getContentForAdmin(testDb(), key, 1);
    const revisions = await revisionCount(key, 1);
    const answer = await put(key, 1, await unversionedBody(key, 1, "Blind overwrite"), owner);
    expect(answer.status).toBe(428);
    const { message } = (await answer.json()) as { message: string };
    expect(message).toMatch(/If-Match/);
    expect(message).toContain(`GET /api/${CONTENT_TYPE_NAMES[key].path}/1`);
    expect(await getContentForAdmin(testDb(), key, 1)).toEqual(before);
    expect(await revisionCount(key, 1)).toBe(revisions);
  });

  it("the GET's ETag is the version: If-Match with it saves (200, with the new ETag), with a stale one is 409", async () => {
    const etag = (await get(key, 1)).headers.get("ETag");
    const version = (await editedBody(key, 1, "")).version;
    expect(etag).toBe(`"${version}"`);
    const saved = await put(key, 1, await unversionedBody(key, 1, "Via If-Match"), owner, { "If-Match": etag as string });
    expect(saved.status).toBe(200);
    const row = (await saved.json()) as { title: string; updatedAt: string };
    expect(row.title).toBe("Via If-Match");
    expect(saved.headers.get("ETag")).toBe(`"${row.updatedAt}"`);
    expect((await get(key, 1)).headers.get("ETag")).toBe(`"${row.updatedAt}"`);

    // The old ETag is stale now; the new one, unquoted, is taken.
    const stale = await put(key, 1, await unversionedBody(key, 1, "Stale"), editor, { "If-Match": etag as string });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toMatch(/^Someone else saved this/);
    expect(((await getContentForAdmin(testDb(), key, 1)) as { title: string }).title).toBe("Via If-Match");
    const unquoted = await put(key, 1, await unversionedBody(key, 1, "Unquoted"), editor, { "If-Match": row.updatedAt });
    expect(unquoted.status).toBe(200);
  });

  it("two PUTs with the same If-Match, sent at once: exactly one 200, one 409", async () => {
    const etag = (await get(key, 1)).headers.get("ETag") as string;
    const [mine, theirs] = await Promise.all([unversionedBody(key, 1, "Owner's"), unversionedBody(key, 1, "Editor's")]);
    const answers = await Promise.all([put(key, 1, mine, owner, { "If-Match": etag }), put(key, 1, theirs, editor, { "If-Match": etag })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? mine : theirs;
    expect(((await getContentForAdmin(testDb(), key, 1)) as { title: string }).title).toBe(winner.title);
  });
});

describe("If-Match and version together, and malformed ones", () => {
  it("a malformed If-Match is a 400 naming the header; a body version and an If-Match that differ are a 400; nothing changes", async () => {
    const body = await unversionedBody("article", 1, "Changed");
    const before = await getContentForAdmin(testDb(), "article", 1);
    for (const ifMatch of ["*", '"a", "b"', "x".repeat(41), '"has space"']) {
      const answer = await put("article", 1, body, owner, { "If-Match": ifMatch });
      expect(answer.status, ifMatch).toBe(400);
      expect(((await answer.json()) as { message: string }).message, ifMatch).toMatch(/If-Match/);
    }
    const both = await put("article", 1, { ...body, version: "" }, owner, { "If-Match": '"2026-01-01T00:00:00.000Z"' });
    expect(both.status).toBe(400);
    expect(await getContentForAdmin(testDb(), "article", 1)).toEqual(before);
    // The same version both ways is fine; so is a weak ETag (W/, as Cloudflare makes of a compressed answer).
    expect((await put("article", 1, { ...body, version: "" }, owner, { "If-Match": '""' })).status).toBe(200);
    const saved = (await getContentForAdmin(testDb(), "article", 1)) as { updatedAt: string };
    expect((await put("article", 1, body, owner, { "If-Match": `W/"${saved.updatedAt}"` })).status).toBe(200);
  });
});

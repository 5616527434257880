/**
 * POST /api/{type}/{id}/autosave: the edit form's values kept as the account's autosave (content_revisions, kind
 * 'autosave'), never the live item; one row per item and account; a real save removes it; the history does not count it.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { accountCookie, adminRequest, seedWithOwnerAndEditor } from "../../../tests/support/admin";
import { routeArgs, testDb } from "../../../tests/support/db";
import { storedValues, toPayload } from "~/lib/content-types/registry";
import { CONTENT_TYPE_KEYS, CONTENT_TYPE_NAMES, type ContentTypeKey } from "~/lib/content-types";
import { getContentForAdmin } from "~/server/admin/content.server";
import { autosaveOffer } from "~/server/admin/autosaves.server";
import { listRevisions, revisionFields } from "~/server/content/revisions.server";
import * as autosaveApi from "./content-autosave";
import * as itemApi from "./content-item";

let owner: string;
let editor: string;
beforeEach(async () => {
  ({ owner, editor } = await seedWithOwnerAndEditor());
});

function post(key: ContentTypeKey, id: number | string, body: unknown, cookie?: string, origin?: string) {
  const path = `/api/${CONTENT_TYPE_NAMES[key].path}/${id}/autosave`;
  return autosaveApi.action(routeArgs(adminRequest("POST", path, { cookie, body: body as never, origin }), { id: String(id) }) as never);
}

/** The stored item as the form holds it, and its version. */
async function formOf(key: ContentTypeKey, id: number) {
  const row = (await getContentForAdmin(testDb(), key, id)) as Record<string, unknown>;
  const values = storedValues(revisionFields(key), row);
  delete values.status;
  return { values, version: (row.updatedAt as string | null) ?? "" };
}

const autosaveRows = async (key: ContentTypeKey, id: number) =>
  (
    await env.DB.prepare(
      "SELECT saved_by AS savedBy, snapshot, base_version AS baseVersion FROM content_revisions WHERE kind = 'autosave' AND content_type = ? AND content_id = ?",
    )
      .bind(key, id)
      .all<{ savedBy: string; snapshot: string; baseVersion: string }>()
  ).results;

describe("autosaving an article", () => {
  it("keeps the form as typed, even unfinished, and never changes the live item, its history or its version", async () => {
    const { values, version } = await formOf("article", 1);
    const before = await getContentForAdmin(testDb(), "article", 1);
    const answer = await post("article", 1, { version, values: { ...values, title: "", content: "Half a thought" } }, owner);
    expect(answer.status).toBe(200);
    const { savedAt } = (await answer.json()) as { savedAt: string };
    expect(Date.parse(savedAt)).toBeGreaterThan(0);
    expect(await getContentForAdmin(testDb(), "article", 1)).toEqual(before);
    expect(await listRevisions(testDb(), "article", 1)).toEqual([]);
    const [row] = await autosaveRows("article", 1);
    expect(row).toMatchObject({ savedBy: "editor", baseVersion: version });
    expect(JSON.parse(row?.snapshot ?? "{}")).toMatchObject({ title: "", content: "Half a thought" });
  });

  it("keeps one row per item and account however often it runs; each account has its own", async () => {
    const { values, version } = await formOf("article", 1);
    for (const n of [1, 2, 3, 4, 5])
      expect((await post("article", 1, { version, values: { ...values, content: `draft ${n}` } }, owner)).status).toBe(200);
    expect((await post("article", 1, { version, values: { ...values, content: "the editor's" } }, editor)).status).toBe(200);
    const rows = await autosaveRows("article", 1);
    expect(rows.map((row) => [row.savedBy, JSON.parse(row.snapshot).content]).sort()).toEqual([
      ["editor", "draft 5"],
      ["editor@example.com", "the editor's"],
    ]);
  });

  it("two autosaves racing leave exactly one row, holding one of the two", async () => {
    const { values, version } = await formOf("practice", 1);
    const answers = await Promise.all([
      post("practice", 1, { version, values: { ...values, title: "Race A" } }, owner),
      post("practice", 1, { version, values: { ...values, title: "Race B" } }, owner),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const rows = await autosaveRows("practice", 1);
    expect(rows).toHaveLength(1);
    expect(["Race A", "Race B"]).toContain(JSON.parse(rows[0]?.snapshot ?? "{}").title);
  });

  it("a real save by the same account removes its autosave, leaves others' alone, and is offered back only while newer", async () => {
    const { values, version } = await formOf("article", 1);
    await post("article", 1, { version, values: { ...values, content: "mine, autosaved" } }, owner);
    await post("article", 1, { version, values: { ...values, content: "theirs, autosaved" } }, editor);
    const offer = await autosaveOffer(testDb(), "article", 1, "editor", version, values);
    expect(offer?.values.content).toBe("mine, autosaved");
    // An autosave that matches the stored form is not worth offering.
    expect(await autosaveOffer(testDb(), "article", 1, "editor", version, { ...values, content: "mine, autosaved" })).toBeNull();

    const body = { ...toPayload(revisionFields("article"), values), content: "mine, saved", intent: "save", version };
    const saved = await itemApi.action(routeArgs(adminRequest("PUT", "/api/articles/1", { cookie: owner, body }), { id: "1" }) as never);
    expect(saved.status).toBe(200);
    expect((await autosaveRows("article", 1)).map((row) => row.savedBy)).toEqual(["editor@example.com"]);
    // The editor's autosave is older than the owner's save now: not offered, and a save from its old version is a 409.
    const current = await formOf("article", 1);
    expect(await autosaveOffer(testDb(), "article", 1, "editor@example.com", current.version, current.values)).toBeNull();
    const stale = await post("article", 1, { version, values: { ...values, content: "late" } }, editor);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ field: "version" });
  });

  it("a save refused as stale (409) keeps the autosave of what was typed", async () => {
    const { values, version } = await formOf("article", 2);
    await post("article", 2, { version, values: { ...values, content: "typed" } }, owner);
    const body = { ...toPayload(revisionFields("article"), values), intent: "save", version: "2020-01-01T00:00:00.000Z" };
    const refused = await itemApi.action(routeArgs(adminRequest("PUT", "/api/articles/2", { cookie: owner, body }), { id: "2" }) as never);
    expect(refused.status).toBe(409);
    expect(await autosaveRows("article", 2)).toHaveLength(1);
  });
});

describe.each(CONTENT_TYPE_KEYS)("autosaving a %s", (key) => {
  it("its edit form as stored passes the shared schema and is kept; the item and its version stay as they were", async () => {
    const { values, version } = await formOf(key, 1);
    const before = await getContentForAdmin(testDb(), key, 1);
    const answer = await post(key, 1, { version, values }, editor);
    expect(answer.status).toBe(200);
    expect(await autosaveRows(key, 1)).toHaveLength(1);
    expect(await getContentForAdmin(testDb(), key, 1)).toEqual(before);
  });
});

describe("the autosave endpoint refuses", () => {
  const good = async () => formOf("article", 1);

  it.each([
    ["not an object", []],
    ["no version", { values: { title: "T" } }],
    ["a version that is no date", { version: "yesterday", values: {} }],
    ["a field the form does not have", { version: "", values: { nope: "x" } }],
    ["a field of the wrong type", { version: "", values: { title: 3 } }],
    ["a field too long", { version: "", values: { title: "x".repeat(201) } }],
    ["the status (the buttons' alone)", { version: "", values: { status: "published" } }],
    ["more than version and values", { version: "", values: {}, extra: 1 }],
  ])("%s: 400 with a message", async (_name, body) => {
    const answer = await post("article", 1, body, owner);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
  });

  it("an unknown or malformed item: 404", async () => {
    const { values, version } = await good();
    expect((await post("article", 9999, { version, values }, owner)).status).toBe(404);
    expect((await post("article", "abc", { version, values }, owner)).status).toBe(404);
  });

  it("a contributor's autosave of an item not theirs: 404, as a save; of their own draft: kept", async () => {
    const { values, version } = await good();
    const contributor = await accountCookie(testDb(), "contributor", "writer@example.com");
    expect((await post("article", 1, { version, values }, contributor)).status).toBe(404);
    expect(await autosaveRows("article", 1)).toEqual([]);
    await env.DB.prepare(
      "UPDATE articles SET status = 'draft', created_by = (SELECT id FROM admin_accounts WHERE username = 'writer@example.com') WHERE id = 1",
    ).run();
    const own = await formOf("article", 1);
    expect((await post("article", 1, { version: own.version, values: own.values }, contributor)).status).toBe(200);
    expect((await autosaveRows("article", 1)).map((row) => row.savedBy)).toEqual(["writer@example.com"]);
  });

  it("without a session 401, from another site 403, a GET 405; none keeps anything", async () => {
    const { values, version } = await good();
    expect((await post("article", 1, { version, values })).status).toBe(401);
    expect((await post("article", 1, { version, values }, owner, "https://evil.example")).status).toBe(403);
    const get = await autosaveApi.loader();
    expect(get.status).toBe(405);
    expect(await autosaveRows("article", 1)).toEqual([]);
  });

  it("is not an audited write: autosaves stay out of the audit log", async () => {
    const { values, version } = await good();
    await post("article", 1, { version, values }, editor);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE target LIKE '%autosave%'").first<{ n: number }>()) ?? {};
    expect(n).toBe(0);
  });
});

/**
 * The content-type registry: every type has its pages and APIs in app/routes.ts (app/site-routes.ts) under ids of its own,
 * its forms cover its schemas, its server entry matches its shared entry (app/lib/content-types/), and the API's refusals name
 * the field at fault (`{ message, field }`) so the form shows them beside it without reading the message.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { z } from "zod";
import { adminCookie, adminRequest } from "../../tests/support/admin";
import { routeArgs, seedTestDb } from "../../tests/support/db";
import { CONTENT_TYPE_SPECS, initialValues, storedValues, toPayload, withOptions } from "~/lib/content-types/registry";
import { CONTENT_TYPE_KEYS, CONTENT_TYPE_NAMES } from "~/lib/content-types";
import routes from "~/routes";
import { policyFor } from "~/site-routes";
import { getContentForAdmin, loadContentOptions } from "~/server/admin/content.server";
import { CONTENT_TYPE_SERVERS } from "~/server/content/content-types.server";
import * as collection from "./api/content-collection";
import * as item from "./api/content-item";

type Entry = { id?: string; file: string; path?: string; children?: Entry[] };
const flatten = (entries: readonly Entry[], parent = ""): { id?: string; file: string; path: string }[] =>
  entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ id: entry.id, file: entry.file, path }, ...flatten(entry.children ?? [], path)];
  });
const ROUTES = flatten(routes as Entry[]);

/**
 * A schema's keys but those the form sends itself, with no field of their own: `version` (the version the edit started
 * from) and `intent` (the button pressed: app/lib/publication.ts). The status is a field, managed by those buttons.
 */
const keysOf = (schema: z.ZodType) =>
  Object.keys((schema as z.ZodObject).shape)
    .filter((name) => name !== "intent")
    .sort();
const fieldKeysOf = (schema: z.ZodType) => keysOf(schema).filter((name) => name !== "version");

describe.each(CONTENT_TYPE_KEYS)("content type %s", (key) => {
  const form = CONTENT_TYPE_SPECS[key];
  const { path } = CONTENT_TYPE_NAMES[key];

  it("has its admin pages and JSON APIs in app/routes.ts, each under an id of its own", () => {
    const expected = [
      { id: `admin-${path}`, file: "routes/admin/content-list.tsx", path: `admin/${path}` },
      { id: `admin-${path}-new`, file: "routes/admin/content-new.tsx", path: `admin/${path}/new` },
      { id: `admin-${path}-edit`, file: "routes/admin/content-edit.tsx", path: `admin/${path}/:id` },
      { id: `api-${path}`, file: "routes/api/content-collection.ts", path: `api/${path}` },
      { id: `api-${path}-id`, file: "routes/api/content-item.ts", path: `api/${path}/:id` },
    ];
    for (const route of expected) expect(ROUTES).toContainEqual(route);
    // Each route's policy names the type (the generic modules read it there); a client-side navigation loads the
    // page's data from "{path}.data".
    expect(policyFor(`/admin/${path}.data`).contentType).toBe(key);
    for (const route of expected) expect(policyFor(`/${route.path.replace(":id", "1")}`).contentType, route.path).toBe(key);
  });

  it("its forms send every key of its schemas, and nothing else", () => {
    expect(form.fields.map((field) => field.name).sort()).toEqual(keysOf(form.createSchema));
    expect((form.editFields ?? form.fields).map((field) => field.name).sort()).toEqual(fieldKeysOf(form.updateSchema));
  });

  it("its server entry has the same names, and reads back every field the edit form shows", async () => {
    const db = await seedTestDb();
    const server = CONTENT_TYPE_SERVERS[key];
    const { noun, path, withArticle } = CONTENT_TYPE_NAMES[key];
    expect({ noun: server.noun, path: server.path, withArticle: server.withArticle }).toEqual({ noun, path, withArticle });
    const row = await getContentForAdmin(db, key, 1);
    for (const field of form.editFields ?? form.fields) expect(row, field.name).toHaveProperty(field.name);
  });

  it("a new form's defaults pass the create schema once filled in, and a stored row's form passes the update schema", async () => {
    const db = await seedTestDb();
    const options = await loadContentOptions(db, key);
    const fields = withOptions(form.fields, options);
    for (const field of fields.filter((spec) => spec.kind === "select")) expect(field.options?.length, field.name).toBeGreaterThan(0);
    const initial = initialValues(fields, form.defaults);
    expect(Object.keys(initial).sort()).toEqual(keysOf(form.createSchema));
    const editFields = withOptions(form.editFields ?? form.fields, options);
    const stored = storedValues(editFields, (await getContentForAdmin(db, key, 1))!);
    expect(form.updateSchema.safeParse(toPayload(editFields, stored)).success).toBe(true);
  });
});

describe("API errors carry { message, field }", () => {
  let cookie: string;
  beforeEach(async () => {
    await seedTestDb();
    cookie = await adminCookie();
  });

  const post = (path: string, body: unknown) =>
    collection.action(routeArgs(adminRequest("POST", path, { body, cookie })) as never) as Promise<Response>;

  it("a schema refusal names its field", async () => {
    const response = await post("/api/articles", { excerpt: "x" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The field "title" is required.', field: "title" });
  });

  it("an unknown resource category names categoryId", async () => {
    const body = { title: "T", author: "A", categoryId: 9999, description: "D", url: "https://example.org" };
    const response = await post("/api/resources", body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'The field "categoryId" must be the id of an existing resource category.',
      field: "categoryId",
    });
  });

  it("an error about no one field has no field", async () => {
    const response = await post("/api/practices", []);
    expect(await response.json()).toEqual({ message: "The request body must be a JSON object." });
    const missing = (await item.action(
      routeArgs(adminRequest("DELETE", "/api/practices/999", { cookie }), { id: "999" }) as never,
    )) as Response;
    expect(await missing.json()).toEqual({ message: "Practice not found." });
  });
});

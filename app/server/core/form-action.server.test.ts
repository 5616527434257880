/**
 * The one form-action helper (`formAction`): the route guard's refusal answered before the form is read, the body's
 * and the schema's refusals, HttpError as `{ ok: false, message, field? }` with its status, and the audit entry of an
 * admin write that succeeded (named by the form's intent).
 */
import { env } from "cloudflare:test";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { TEST_ORIGIN, adminCookie } from "../../../tests/support/admin";
import { seedTestDb } from "../../../tests/support/db";
import { noteAuditObject } from "../admin/audit.server";
import { formAction } from "./form-action.server";
import { HttpError } from "./http.server";

const schema = z.object({
  intent: z.enum(["save", "send"], { error: 'The field "intent" must be "save" or "send".' }),
  title: z.string().min(1, "Give it a title."),
});

/** A form post to `path`, as the site's own page sends it unless `headers` say otherwise. */
function post(path: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  const request = new Request(`${TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: TEST_ORIGIN, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body,
  });
  return { request, context: new RouterContextProvider() };
}

const audit = async () => (await env.DB.prepare("SELECT actor, action, target, object FROM audit_log ORDER BY id").all()).results;

beforeEach(async () => {
  await seedTestDb();
});

describe("formAction", () => {
  it("hands the work the checked input and the form, and returns what the work returns", async () => {
    const answer = await formAction(post("/contact", "intent=save&title=%20Hello&extra=1"), schema, async (input, form) => ({
      ok: true as const,
      message: "Saved.",
      input,
      extra: form.get("extra"),
    }));
    expect(answer).toEqual({ ok: true, message: "Saved.", input: { intent: "save", title: " Hello" }, extra: "1" });
  });

  it("answers the route guard's refusal before reading the form: 403 cross-site, 401 signed out, as the form's result", async () => {
    let ran = false;
    const work = async () => {
      ran = true;
      return { ok: true as const, message: "Done." };
    };
    const crossSite = post("/login", "intent=save&title=x", { Origin: "https://evil.example" });
    expect(await formAction(crossSite, schema, work)).toMatchObject({
      data: { ok: false, message: "Cross-site requests are not allowed." },
      init: { status: 403 },
    });
    expect(crossSite.request.bodyUsed).toBe(false);
    expect(await formAction(post("/admin/messages/1", "intent=save&title=x"), schema, work)).toMatchObject({
      data: { ok: false, message: "Please sign in as an administrator." },
      init: { status: 401 },
    });
    expect(ran).toBe(false);
  });

  it("refuses a body that is not a form (415) and a form the schema refuses (400, naming the field, with what was kept)", async () => {
    const work = async () => ({ ok: true as const, message: "Done." });
    expect(await formAction(post("/contact", "{}", { "Content-Type": "application/json" }), schema, work)).toMatchObject({
      data: { ok: false, message: expect.stringMatching(/^Send the form as/) },
      init: { status: 415 },
    });
    const refused = await formAction(post("/contact", "intent=save&title="), schema, work, { keep: ["title", "intent"] });
    expect(refused).toMatchObject({
      data: {
        ok: false,
        message: "Give it a title.",
        field: "title",
        fieldErrors: { title: "Give it a title." },
        values: { intent: "save", title: "" },
      },
      init: { status: 400 },
    });
  });

  it("answers an HttpError from the work as { ok: false, message, field } with its status and headers", async () => {
    const conflict = await formAction(post("/contact", "intent=send&title=x"), schema, async () => {
      throw new HttpError(429, "Too many requests.", "title", { "Retry-After": "60" });
    });
    expect(conflict).toMatchObject({
      data: { ok: false, message: "Too many requests.", field: "title" },
      init: { status: 429, headers: { "Retry-After": "60" } },
    });
  });

  it("lets anything else through: a bug stays a bug, a thrown redirect still redirects", async () => {
    await expect(
      formAction(post("/contact", "intent=save&title=x"), schema, async () => Promise.reject(new TypeError("a bug"))),
    ).rejects.toThrow("a bug");
    const redirect = new Response(null, { status: 302, headers: { Location: "/admin" } });
    await expect(formAction(post("/contact", "intent=save&title=x"), schema, async () => Promise.reject(redirect))).rejects.toBe(redirect);
  });

  it("records an admin write that succeeded, under the form's intent; not a refusal, nor a public form's post", async () => {
    const cookie = await adminCookie();
    const admin = () => post("/admin/messages/1.data", "intent=send&title=x", { Cookie: cookie });
    await formAction(admin(), schema, async () => ({ ok: false as const, message: "Only part of it was done." }));
    await expect(
      formAction(admin(), schema, async () => {
        throw new HttpError(409, "Already sent.");
      }),
    ).resolves.toMatchObject({ init: { status: 409 } });
    await formAction(post("/contact", "intent=send&title=x", { Cookie: cookie }), schema, async () => ({
      ok: true as const,
      message: "Sent.",
    }));
    expect(await audit()).toEqual([]);

    const { request, context } = admin();
    await formAction({ request, context }, schema, async () => {
      noteAuditObject(context, { object: "issue #1" });
      return { ok: true as const, message: "Sent." };
    });
    expect(await audit()).toEqual([{ actor: "editor", action: "send", target: "/admin/messages/1", object: "issue #1" }]);
  });
});

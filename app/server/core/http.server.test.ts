import { describe, expect, it } from "vitest";
import { HttpError, readFormBody, withFormRefusal } from "./http.server";

const post = (body: string, contentType: string) =>
  new Request("https://example.com/admin/x", { method: "POST", body, headers: { "Content-Type": contentType } });

describe("withFormRefusal", () => {
  it("returns what the action's work returns", async () => {
    expect(await withFormRefusal(async () => ({ ok: true as const, done: "Saved." }))).toEqual({ ok: true, done: "Saved." });
    const form = await withFormRefusal(() => readFormBody(post("intent=save", "application/x-www-form-urlencoded")));
    expect(form instanceof FormData && form.get("intent")).toBe("save");
  });

  it("answers an HttpError as { ok: false, message } with its status, for the form to show", async () => {
    const refused = await withFormRefusal(() => readFormBody(post("{}", "application/json")));
    expect(refused).not.toBeInstanceOf(FormData);
    expect(refused).toMatchObject({
      type: "DataWithResponseInit",
      data: { ok: false, message: expect.stringMatching(/^Send the form as/) },
      init: { status: 415 },
    });
    const conflict = await withFormRefusal(async () => {
      throw new HttpError(409, "This issue was already sent.");
    });
    expect(conflict).toMatchObject({ data: { ok: false, message: "This issue was already sent." }, init: { status: 409 } });
  });

  it("lets anything else through: a bug stays a bug, a thrown redirect still redirects", async () => {
    await expect(withFormRefusal(async () => Promise.reject(new TypeError("a bug")))).rejects.toThrow("a bug");
    const redirect = new Response(null, { status: 302, headers: { Location: "/admin" } });
    await expect(withFormRefusal(async () => Promise.reject(redirect))).rejects.toBe(redirect);
  });
});

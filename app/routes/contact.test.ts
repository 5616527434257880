import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { routeArgs } from "../../tests/support/db";
import { action } from "./contact";

function post(fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  return action(routeArgs(new Request("http://localhost/contact", { method: "POST", body })));
}

const valid = { name: "Ada", email: "Ada@Example.com", subject: "feedback", message: "Thank you for the Stoic essays." };
const stored = async () => (await env.DB.prepare("SELECT name, email, subject, message, handled FROM contact_messages").all()).results;

describe("contact form action", () => {
  it("stores a valid message", async () => {
    expect(await post(valid)).toEqual({ ok: true, message: "Thank you for your message!" });
    expect(await stored()).toEqual([{ name: "Ada", email: "ada@example.com", subject: "feedback", message: valid.message, handled: 0 }]);
  });

  it("refuses each invalid field with its own message and stores nothing", async () => {
    const cases: [Partial<typeof valid>, string, RegExp][] = [
      [{ name: "  " }, "name", /name/i],
      [{ email: "nope" }, "email", /valid email/i],
      [{ subject: "sales" }, "subject", /subject/i],
      [{ message: "" }, "message", /message/i],
      [{ message: "x".repeat(5001) }, "message", /at most 5000/],
    ];
    for (const [override, field, pattern] of cases) {
      const result = (await post({ ...valid, ...override } as Record<string, string>)) as unknown as {
        init: ResponseInit;
        data: { ok: boolean; field: string; fieldErrors: Record<string, string> };
      };
      expect(result.init?.status, field).toBe(400);
      expect(result.data.ok).toBe(false);
      expect(result.data.field).toBe(field);
      expect(result.data.fieldErrors[field]).toMatch(pattern);
    }
    expect(await stored()).toEqual([]);
  });

  it("sends back what was typed with a refusal, so a page posted without JavaScript can refill the form", async () => {
    const typed = { ...valid, email: "not-an-email", extra: "dropped" };
    const result = (await post(typed)) as unknown as { data: { fieldErrors: Record<string, string>; values: Record<string, string> } };
    expect(Object.keys(result.data.fieldErrors)).toEqual(["email"]);
    expect(result.data.values).toEqual({ name: "Ada", email: "not-an-email", subject: "feedback", message: valid.message });
  });
});

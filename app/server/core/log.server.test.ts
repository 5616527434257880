import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { logEvent, REDACTED, requestIdOf, withRequestId } from "./log.server";

let out: MockInstance<typeof console.log>;
let err: MockInstance<typeof console.error>;
beforeEach(() => {
  out = vi.spyOn(console, "log").mockImplementation(() => {});
  err = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  out.mockRestore();
  err.mockRestore();
});
const lastLine = (spy: MockInstance) => JSON.parse(String(spy.mock.calls.at(-1)?.[0]));

describe("logEvent", () => {
  it("writes one JSON line with level, event, time and fields; info to console.log, the rest to console.error", () => {
    logEvent("info", "cron.retention.done", { oldMails: 2 });
    expect(lastLine(out)).toEqual({ level: "info", event: "cron.retention.done", at: expect.any(String), oldMails: 2 });
    logEvent("warn", "payment.failed", { paymentIntent: "pi_1" });
    expect(lastLine(err)).toMatchObject({ level: "warn", event: "payment.failed", paymentIntent: "pi_1" });
    expect(out).toHaveBeenCalledTimes(1);
  });

  it("adds the request id of the request or job it runs in, and none outside one", async () => {
    logEvent("info", "outside");
    expect(lastLine(out)).not.toHaveProperty("requestId");
    await withRequestId("8f1e2d3c4b5a6978-LHR", async () => {
      await Promise.resolve();
      logEvent("info", "inside");
    });
    expect(lastLine(out)).toMatchObject({ event: "inside", requestId: "8f1e2d3c4b5a6978-LHR" });
  });

  it("does not let a field overwrite level, event, at or the request's id; a requestId field stands in outside a request", () => {
    withRequestId("job", () => logEvent("info", "x", { level: "error", event: "y", requestId: "z" }));
    expect(lastLine(out)).toMatchObject({ level: "info", event: "x", requestId: "job" });
    logEvent("info", "x", { requestId: "z" });
    expect(lastLine(out)).toMatchObject({ requestId: "z" });
  });

  it("redacts e-mail-looking text in any field, leaving the rest", () => {
    logEvent("error", "mail.failed", {
      to: "reader@example.com",
      error: "Error: 550 rejected <someone.else+tag@mail.example.org> for policy",
      id: 12,
      code: "invalid_email",
    });
    const line = lastLine(err);
    expect(line).toMatchObject({ to: REDACTED, error: `Error: 550 rejected <${REDACTED}> for policy`, id: 12, code: "invalid_email" });
    expect(JSON.stringify(line)).not.toMatch(/@/);
  });
});

describe("requestIdOf", () => {
  it("takes the cf-ray header, or a random id without one", () => {
    expect(requestIdOf(new Request("http://x/", { headers: { "cf-ray": "abc-LHR" } }))).toBe("abc-LHR");
    const a = requestIdOf(new Request("http://x/"));
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(new Request("http://x/"))).not.toBe(a);
  });
});

describe("the call sites", () => {
  // Every source file that may log (not the tests, the emulators or the scripts), as text.
  const sources = {
    ...import.meta.glob<string>(["/app/**/*.{ts,tsx}", "!/app/**/*.test.{ts,tsx}"], { query: "?raw", import: "default", eager: true }),
    ...import.meta.glob<string>(["/workers/*.ts", "!/workers/*.test.ts"], { query: "?raw", import: "default", eager: true }),
  };
  /** Each `logEvent(...)` call's text, up to its closing parenthesis (calls hold no nested unbalanced text). */
  const calls = Object.entries(sources).flatMap(([file, text]) => {
    const found: { file: string; call: string }[] = [];
    for (let at = text.indexOf("logEvent("); at !== -1; at = text.indexOf("logEvent(", at + 1)) {
      let depth = 0;
      let end = at + "logEvent".length;
      for (; end < text.length; end++) {
        if (text[end] === "(") depth++;
        else if (text[end] === ")" && --depth === 0) break;
      }
      found.push({ file, call: text.slice(at, end + 1) });
    }
    return found;
  });

  it("finds the calls, and no other console output in the server code than logEvent's own", () => {
    expect(calls.length).toBeGreaterThan(50);
    const direct = Object.entries(sources)
      .filter(([file]) => !/log\.server\.ts$|dev-mailbox\.server\.ts$|emulator/.test(file))
      .filter(([file]) => /^\/(app\/server|workers)\//.test(file) || /entry\.server|routes\//.test(file))
      .filter(([, text]) => /console\.(log|error|warn|info)\(/.test(text))
      .map(([file]) => file);
    expect(direct).toEqual([]);
  });

  it("pass no e-mail address, name, token or body as a field", () => {
    // A field's key (`{ email: … }`, or the shorthand `{ email }`), outside the quoted text.
    const key = /[{,]\s*(e-?mail\w*|to|name|\w*token|body|password|secret|address)\s*[:,}]/i;
    const personal = calls.filter(({ call }) => key.test(call.replace(/"[^"]*"|`[^`]*`/g, '""')));
    expect(personal).toEqual([]);
  });

  it("name their events area.event, lower case with underscores", () => {
    // The literal names (a few calls pick theirs from such literals: mail.deferred / mail.retrying / mail.failed).
    const names = calls.flatMap(({ call }) => /logEvent\([^,]+,\s*(["`])([^"`]+)\1/.exec(call)?.[2] ?? []);
    expect(names.length).toBeGreaterThan(50);
    for (const name of names) expect(name).toMatch(/^([a-z0-9_]+|\$\{[a-z]+\})(\.([a-z0-9_-]+|\$\{[a-z]+\}))+$/);
  });
});

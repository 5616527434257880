import { env } from "cloudflare:test";
import { isRouteErrorResponse } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { routeArgs } from "../../../tests/support/db";
import { loader as mailJsonLoader } from "./mail-json";
import { loader as mailPageLoader } from "./mail";
import { withVars } from "../../../tests/support/env";

beforeEach(async () => {
  // tests/setup empties the content tables before each test; mail_log is not among them.
  await env.DB.prepare("DELETE FROM mail_log").run();
  await env.DB.prepare(
    `INSERT INTO mail_log (id, "to", subject, kind, headers, text, html, status, attempts, created_at) VALUES
      (1, 'old@example.com', 'Older', 'receipt', NULL, 'old text', '<p>old</p>', 'sent', 1, '2026-01-01T10:00:00.000Z'),
      (2, 'new@example.com', 'Newer', 'newsletter', '{"List-Unsubscribe":"<https://x.org/u>"}', 'new text', '<p>new</p>', 'queued', 0,
       '2026-01-02T10:00:00.000Z')`,
  ).run();
});

/** Runs `run` with DEV_MAILBOX set as given (as production, which does not set it, when undefined). */
function withDevMailbox<T>(value: string | undefined, run: () => Promise<T>) {
  return withVars({ DEV_MAILBOX: value }, run);
}

describe("/__dev/mail.json", () => {
  it("lists the e-mails newest first with their fields, never cached", async () => {
    expect(env.DEV_MAILBOX).toBe("on");
    const response = (await mailJsonLoader(routeArgs("/__dev/mail.json"))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual([
      {
        id: 2,
        to: "new@example.com",
        subject: "Newer",
        kind: "newsletter",
        headers: { "List-Unsubscribe": "<https://x.org/u>" },
        text: "new text",
        html: "<p>new</p>",
        status: "queued",
        createdAt: "2026-01-02T10:00:00.000Z",
      },
      {
        id: 1,
        to: "old@example.com",
        subject: "Older",
        kind: "receipt",
        headers: null,
        text: "old text",
        html: "<p>old</p>",
        status: "sent",
        createdAt: "2026-01-01T10:00:00.000Z",
      },
    ]);
  });

  it("is a 404 unless DEV_MAILBOX is on", async () => {
    for (const value of [undefined, "off", ""]) {
      const response = (await withDevMailbox(value, async () => mailJsonLoader(routeArgs("/__dev/mail.json")))) as Response;
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("new@example.com");
    }
  });
});

describe("/__dev/mail", () => {
  it("loads the log, newest first", async () => {
    const { messages } = await mailPageLoader(routeArgs("/__dev/mail"));
    expect(messages.map((message) => [message.id, message.kind, message.attempts])).toEqual([
      [2, "newsletter", 0],
      [1, "receipt", 1],
    ]);
  });

  it("throws the site's 404 unless DEV_MAILBOX is on", async () => {
    const thrown = await withDevMailbox(undefined, () =>
      mailPageLoader(routeArgs("/__dev/mail")).then(
        () => null,
        (error: unknown) => error,
      ),
    );
    expect(thrown).not.toBeNull();
    const status = isRouteErrorResponse(thrown) ? thrown.status : (thrown as { init?: { status?: number } }).init?.status;
    expect(status).toBe(404);
  });
});

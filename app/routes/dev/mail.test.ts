import { env } from "cloudflare:test";
import { isRouteErrorResponse } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { routeArgs } from "../../../tests/support/db";
import { loader as mailJsonLoader } from "./mail-json";
import { loader as mailPageLoader } from "./mail";
import { withVars } from "../../../tests/support/env";
import { bindMailProviderEmulatorPerTest } from "../../../tests/support/mail-provider";
import { providerTransport } from "~/server/mail/transports/index.server";

beforeEach(async () => {
  // tests/setup empties the content tables before each test; mail_log is not among them.
  await env.DB.prepare("DELETE FROM mail_log").run();
  await env.DB.prepare(
    `INSERT INTO mail_log (id, "to", subject, kind, headers, data, status, attempts, transport, provider_id, created_at) VALUES
      (1, 'old@example.com', 'Older', 'receipt', NULL, '{"courseTitle":"Stoa","amountCents":4900,"currency":"usd","paidAt":"2026-01-01T00:00:00.000Z","orderReference":"EL-000001","accessUrl":"https://x.org/learn/access/t","learnUrl":"https://x.org/learn","contactEmail":"hello@x.org"}', 'sent', 1, 'email-service', 'p-1', '2026-01-01T10:00:00.000Z'),
      (2, 'new@example.com', 'Newer', 'newsletter-confirmation', '{"List-Unsubscribe":"<https://x.org/u>"}',
       '{"confirmUrl":"https://x.org/newsletter/confirm/abc","expiresInDays":7}', 'queued', 0, NULL, NULL, '2026-01-02T10:00:00.000Z'),
      (3, 'gone@example.com', 'Ancient', 'receipt', NULL, NULL, 'deferred', 2, NULL, NULL, '2025-12-01T10:00:00.000Z')`,
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
    // Each rendered again from its data (the log keeps no body); one that cannot be has null text and html.
    expect(await response.json()).toEqual([
      {
        id: "mail-2",
        to: "new@example.com",
        subject: "Newer",
        kind: "newsletter-confirmation",
        headers: { "List-Unsubscribe": "<https://x.org/u>" },
        text: expect.stringContaining("https://x.org/newsletter/confirm/abc"),
        html: expect.stringContaining('href="https://x.org/newsletter/confirm/abc"'),
        status: "queued",
        transport: null,
        attempts: 0,
        lastError: null,
        providerId: null,
        deferredUntil: null,
        createdAt: "2026-01-02T10:00:00.000Z",
        sentAt: null,
      },
      {
        id: "mail-1",
        to: "old@example.com",
        subject: "Older",
        kind: "receipt",
        headers: null,
        text: expect.stringContaining("EL-000001"),
        html: expect.stringContaining("EL-000001"),
        status: "sent",
        transport: "email-service",
        attempts: 1,
        lastError: null,
        providerId: "p-1",
        deferredUntil: null,
        createdAt: "2026-01-01T10:00:00.000Z",
        sentAt: null,
      },
      {
        id: "mail-3",
        to: "gone@example.com",
        subject: "Ancient",
        kind: "receipt",
        headers: null,
        text: null,
        html: null,
        status: "deferred",
        transport: null,
        attempts: 2,
        lastError: null,
        providerId: null,
        deferredUntil: null,
        createdAt: "2025-12-01T10:00:00.000Z",
        sentAt: null,
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
  it("loads the log, newest first, each mail rendered on view with how its delivery went", async () => {
    const { messages } = await mailPageLoader(routeArgs("/__dev/mail"));
    expect(messages.map((message) => [message.id, message.kind, message.attempts, message.status])).toEqual([
      ["mail-2", "newsletter-confirmation", 0, "queued"],
      ["mail-1", "receipt", 1, "sent"],
      ["mail-3", "receipt", 2, "deferred"],
    ]);
    expect(messages[1]).toMatchObject({ transport: "email-service", providerId: "p-1" });
    expect(messages[1]?.rendered?.text).toContain("EL-000001");
    expect(messages[2]?.rendered).toBeNull();
    expect(messages[0]).not.toHaveProperty("data");
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

describe("/__dev/mail with the mail provider's stand-in", () => {
  bindMailProviderEmulatorPerTest();

  it("shows what the stand-in accepted (newsletter issues) beside the log, and a logged mail it carried once", async () => {
    const from = "The Examined Life <news@x.org>";
    const outcomes = await providerTransport().sendBatch([
      {
        from,
        to: "reader@example.com",
        subject: "Issue one",
        html: '<p>Hello</p><img src="https://x.org/media/cover.jpg" alt="A cover" width="560">',
        text: "Hello",
        headers: { "List-Unsubscribe": "<https://x.org/newsletter/unsubscribe/t>" },
        tags: { delivery: "7" },
      },
      // The same e-mail as mail_log's row 1 (routed to the provider): shown once, as the row.
      { from, to: "old@example.com", subject: "Older", html: "<p>Receipt</p>", text: "Receipt", tags: { mail: "1" } },
    ]);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true]);

    const mails = (await ((await mailJsonLoader(routeArgs("/__dev/mail.json"))) as Response).json()) as {
      subject: string;
      kind: string;
      transport: string;
      headers: Record<string, string> | null;
      html: string | null;
    }[];
    const issue = mails.find((mail) => mail.subject === "Issue one");
    expect(issue).toMatchObject({
      kind: "newsletter",
      transport: "provider",
      headers: { "List-Unsubscribe": "<https://x.org/newsletter/unsubscribe/t>" },
    });
    expect(issue?.html).toContain('<img src="https://x.org/media/cover.jpg" alt="A cover" width="560">');
    expect(mails.filter((mail) => mail.subject === "Older")).toHaveLength(1);
    expect(mails).toHaveLength(4);
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { testDb } from "../../../tests/support/db";
import { HttpError } from "../core/http.server";
import { countUnhandledMessages, listMessages, setMessageHandled, subscribersCsv } from "./inbox.server";

describe("the subscribers CSV", () => {
  it("exports the subscribers newest first", async () => {
    await env.DB.prepare(
      "INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirmed_at) VALUES ('old@example.com', 'confirmed', 't1', '2025-01-01T00:00:00.000Z'), ('new@example.com', 'confirmed', 't2', '2025-02-01T00:00:00.000Z')",
    ).run();
    expect(await subscribersCsv(testDb())).toBe(
      "email,subscribed_at\r\nnew@example.com,2025-02-01T00:00:00.000Z\r\nold@example.com,2025-01-01T00:00:00.000Z\r\n",
    );
  });
});

describe("inbox", () => {
  it("lists unhandled first, newest first, and marks messages handled", async () => {
    await env.DB.prepare(
      "INSERT INTO contact_messages (id, name, email, subject, message, handled, created_at) VALUES (1, 'A', 'a@example.com', 'general', 'm', 0, '2025-01-01T00:00:00.000Z'), (2, 'B', 'b@example.com', 'general', 'm', 1, '2025-03-01T00:00:00.000Z'), (3, 'C', 'c@example.com', 'general', 'm', 0, '2025-02-01T00:00:00.000Z')",
    ).run();
    const db = testDb();
    expect((await listMessages(db)).map((row) => row.id)).toEqual([3, 1, 2]);
    expect(await countUnhandledMessages(db)).toBe(2);
    await setMessageHandled(db, 3, true);
    expect((await listMessages(db)).map((row) => row.id)).toEqual([1, 2, 3]);
    expect(await countUnhandledMessages(db)).toBe(1);
    await expect(setMessageHandled(db, 99, true)).rejects.toBeInstanceOf(HttpError);
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { testDb } from "../../../tests/support/db";
import { HttpError } from "../core/http.server";
import { countUnhandledMessages, csvCell, listMessages, setMessageHandled, subscribersCsv, toCsv } from "./inbox.server";

describe("CSV", () => {
  it("quotes cells with quotes, commas and line breaks (RFC 4180)", () => {
    const cells: [Parameters<typeof csvCell>[0], string][] = [
      ["plain", "plain"],
      ['say "hi"', '"say ""hi"""'],
      ["a,b", '"a,b"'],
      ["line\nbreak", '"line\nbreak"'],
      [null, ""],
      [42, "42"],
    ];
    for (const [value, written] of cells) expect(csvCell(value), String(value)).toBe(written);
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("joins rows with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        ["c", "d"],
      ]),
    ).toBe("a,b\r\nc,d\r\n");
  });

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

/**
 * The mail log as the tests read it: mail_log keeps no bodies (issue #26), so a query that names `text` or `html`
 * (or `*`) gets them rendered again from each row's `data`, as the consumer and the dev mailbox render them.
 * `mailRows('SELECT "to", kind, text FROM mail_log WHERE kind = ?', "receipt")` has the shape it had when the
 * bodies were stored; a row that cannot be rendered has null text and html.
 */
import { env } from "cloudflare:test";
import { assert } from "vitest";
import { renderLoggedMail } from "~/server/mail/mail.server";
import { testDb } from "./db";

export async function mailRows<Row extends Record<string, unknown>>(query: string, ...bindings: unknown[]): Promise<Row[]> {
  const select = /^\s*SELECT\s+([\s\S]*?)\s+FROM\s+mail_log\b/i.exec(query);
  if (!select?.[1]) throw new Error(`mailRows reads mail_log: ${query}`);
  const columns = select[1].split(",").map((column) => column.trim());
  const star = columns.includes("*");
  const wantText = star || columns.includes("text");
  const wantHtml = star || columns.includes("html");
  const rest = columns.filter((column) => column !== "text" && column !== "html");
  const rewritten = query.replace(select[1], [...rest, "data AS __data", "kind AS __kind"].join(", "));
  const rows = (
    await env.DB.prepare(rewritten)
      .bind(...bindings)
      .all<Record<string, unknown>>()
  ).results;
  const db = testDb();
  return Promise.all(
    rows.map(async ({ __data, __kind, ...row }) => {
      const data = typeof __data === "string" ? JSON.parse(__data) : null;
      // As the dev mailbox shows it: locally (DEV_MAILBOX) the rows keep their links (app/server/mail/credentials.server.ts).
      const rendered = await renderLoggedMail(db, { kind: String(__kind), data }, { withSecrets: true });
      return {
        ...row,
        ...(wantText ? { text: rendered?.text ?? null } : {}),
        ...(wantHtml ? { html: rendered?.html ?? null } : {}),
      } as unknown as Row;
    }),
  );
}

/** The token of the refund link in the address's latest receipt (a repeat purchase's: ADR 0008). */
export async function refundToken(email: string) {
  const [receipt] = await mailRows<{ text: string }>(
    'SELECT text FROM mail_log WHERE kind = ? AND "to" = ? ORDER BY id DESC',
    "receipt",
    email,
  );
  const token = /\/orders\/refund\/([A-Za-z0-9_-]{43})/.exec(receipt?.text ?? "")?.[1];
  assert(token, "a refund link in the receipt");
  return token;
}

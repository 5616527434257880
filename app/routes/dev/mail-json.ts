import type { Route } from "./+types/mail-json";
import { getDb } from "~/server/core/db.server";
import { json } from "~/server/core/http.server";
import { devMailboxEnabled, listMailLog } from "~/server/mail/mail.server";

/**
 * GET /__dev/mail.json (local only, DEV_MAILBOX=on): the latest e-mails, newest first, for the
 * browser tests (which follow the links in them) and for a developer's scripts.
 */
export async function loader(_: Route.LoaderArgs) {
  if (!devMailboxEnabled()) return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const rows = await listMailLog(getDb());
  return json(
    rows.map(({ id, to, subject, kind, headers, text, html, status, createdAt }) => ({
      id,
      to,
      subject,
      kind,
      headers,
      text,
      html,
      status,
      createdAt,
    })),
    { headers: { "Cache-Control": "no-store" } },
  );
}

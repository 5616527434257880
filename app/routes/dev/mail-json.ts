import type { Route } from "./+types/mail-json";
import { getDb } from "~/server/core/db.server";
import { json } from "~/server/core/http.server";
import { listDevMailbox } from "~/server/mail/dev-mailbox.server";
import { devMailboxEnabled } from "~/server/mail/mail.server";

/**
 * GET /__dev/mail.json (local only, DEV_MAILBOX=on): the latest e-mails, newest first, each rendered again from
 * its data (text and html are null when it cannot be), for the browser tests (which follow the links in them) and
 * for a developer's scripts.
 */
export async function loader(_: Route.LoaderArgs) {
  if (!devMailboxEnabled()) return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const mails = await listDevMailbox(getDb());
  return json(
    mails.map(({ rendered, ...mail }) => ({ ...mail, text: rendered?.text ?? null, html: rendered?.html ?? null })),
    { headers: { "Cache-Control": "no-store" } },
  );
}

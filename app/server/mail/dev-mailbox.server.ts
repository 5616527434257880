/**
 * The dev mailbox (/__dev/mail, local only): every e-mail the site wrote, whichever transport carries it.
 * - Transactional mail is in `mail_log`, rendered again from its data (bodies are not stored).
 * - Newsletter issues (and anything routed to the provider) are what the provider stand-in accepted
 *   (workers/mail-provider-emulator), with the HTML and text it was given. A provider message tagged with a
 *   `mail` id is the same e-mail as that mail_log row, so it is shown once, as the row.
 */
import type { Database } from "../core/db.server";
import { listRenderedMailLog } from "./mail.server";
import { getProviderMessage, listProviderInbox, type ProviderMessage } from "./provider-inbox.server";

export type DevMail = {
  /** "mail-12" (a mail_log row) or "provider-<id>" (accepted by the stand-in). */
  id: string;
  to: string;
  subject: string;
  kind: string;
  status: string;
  transport: string | null;
  attempts: number;
  providerId: string | null;
  deferredUntil: string | null;
  createdAt: string;
  sentAt: string | null;
  headers: Record<string, string> | null;
  lastError: string | null;
  /** Null when it cannot be rendered (written before bodies stopped being stored, or its source is gone). */
  rendered: { html: string; text: string } | null;
};

/** The newest e-mails of both sources, newest first (at most `limit` of each). */
export async function listDevMailbox(db: Database, limit = 100): Promise<DevMail[]> {
  const [logged, accepted] = await Promise.all([listRenderedMailLog(db, limit), providerMessages(limit)]);
  const fromLog: DevMail[] = logged.map((row) => ({
    id: `mail-${row.id}`,
    to: row.to,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    transport: row.transport,
    attempts: row.attempts,
    providerId: row.providerId,
    deferredUntil: row.deferredUntil,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    headers: row.headers,
    lastError: row.lastError,
    rendered: row.rendered ? { html: row.rendered.html, text: row.rendered.text } : null,
  }));
  const fromProvider = accepted.filter((message) => tag(message, "mail") === undefined).map(providerMail);
  return [...fromLog, ...fromProvider].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit * 2);
}

/** What the stand-in accepted, each read in full (its list leaves out the bodies); none when the app does not use it. */
async function providerMessages(limit: number): Promise<ProviderMessage[]> {
  try {
    const list = await listProviderInbox({ limit });
    if (!list) return [];
    const messages = await Promise.all(list.map((item) => getProviderMessage(item.id)));
    return messages.filter((message): message is ProviderMessage => message !== null);
  } catch (error) {
    // A stand-in that is not running (or a stub) must not hide the mail log.
    console.error("The mail provider stand-in could not be read for the dev mailbox", error);
    return [];
  }
}

function tag(message: ProviderMessage, name: string) {
  return message.tags?.find((each) => each.name === name)?.value;
}

function providerMail(message: ProviderMessage): DevMail {
  const createdAt = new Date(message.created_at).toISOString();
  return {
    id: `provider-${message.id}`,
    to: message.to.join(", "),
    subject: message.subject,
    kind: tag(message, "delivery") === undefined ? "provider" : "newsletter",
    status: message.last_event,
    transport: "provider",
    attempts: 1,
    providerId: message.id,
    deferredUntil: null,
    createdAt,
    sentAt: createdAt,
    headers: message.headers ?? null,
    lastError: null,
    rendered: { html: message.html ?? "", text: message.text ?? "" },
  };
}

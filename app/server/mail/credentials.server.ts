/**
 * Credentials in e-mails (docs/security.md, "Credentials"): a single-use link that signs someone in, opens a gift's
 * page, accepts an invitation or confirms a subscription. Its token's SHA-256 is all its own table keeps; the e-mail
 * carries the token itself. `mail_log.data` must not hold it: the owner's order page, the learner's data download and
 * every backup read that column. So each kind of mail declares which of its fields are credentials
 * (`MAIL_SECRET_FIELDS`; a new kind must list its own, even when none), and `sendEmail`:
 * - writes `data` without them, and `credentials`: for each, the link without its token and the token's hash, which is
 *   what its table already holds, so nothing there opens anything;
 * - puts the links themselves on the queue message only (Cloudflare Queues keeps it until it is delivered, outside D1
 *   and its backups).
 * A mail put back for the cron (a quota, the queue's attempts used up, a dead letter) loses its queue message, so the
 * consumer issues fresh links then (app/server/mail/reissue.server.ts) from `credentials`.
 *
 * Locally, with DEV_MAILBOX on, `data` keeps the links, so the dev mailbox (and the tests reading it) can show the
 * e-mail as it went; production has no DEV_MAILBOX. Every other reader renders a logged mail with each credential
 * replaced by `CREDENTIAL_PLACEHOLDER`.
 */
import { hashToken, isWellFormedToken } from "../core/session-tokens.server";
import type { MailDataByKind, MailKind } from "./render.server";

/** The fields of each kind's data that are credentials: the mapped type makes leaving a kind out a type error. */
export const MAIL_SECRET_FIELDS: { readonly [K in MailKind]: readonly (keyof MailDataByKind[K] & string)[] } = {
  // A repeat purchase's receipt carries a link that refunds it (ADR 0008): optional, see OPTIONAL_SECRET_FIELDS.
  receipt: ["accessUrl", "repeatRefundUrl"],
  "access-link": ["accessUrl"],
  "modules-opened": [],
  refund: [],
  "partial-refund": [],
  "duplicate-refund": ["accessUrl"],
  "automatic-refund": [],
  "owner-alert": [],
  "coupon-spent": [],
  "gift-receipt": ["manageUrl"],
  gift: ["accessUrl"],
  "newsletter-confirmation": ["confirmUrl"],
  "newsletter-test": [],
  // The unsubscribe link is not a credential: it opens nothing but that subscription's "unsubscribe" button, and
  // every issue needs it, so `newsletter_subscribers.unsubscribe_token` keeps it as is (docs/security.md).
  "newsletter-welcome": [],
  "admin-invite": ["inviteUrl"],
  "operator-alert": [],
  "owner-notice": [],
};

/** Secret fields only some mails of a kind carry: missing only when the mail was sent with one (its credentials say so). */
const OPTIONAL_SECRET_FIELDS: { readonly [K in MailKind]?: readonly (keyof MailDataByKind[K] & string)[] } = {
  receipt: ["repeatRefundUrl"],
};

/** A credential as `mail_log.credentials` keeps it: its link up to the token, and the token's SHA-256. */
export type StoredCredential = { url: string; tokenHash: string };
export type StoredCredentials = Record<string, StoredCredential>;

/** What a logged mail shows where a credential was, outside the dev mailbox. */
export const CREDENTIAL_PLACEHOLDER = "[single-use link, not kept: re-send to issue a new one]";
/** An absolute URL the templates accept (their links must be http(s)), swapped for the placeholder once rendered. */
const PLACEHOLDER_URL = "https://credential-not-kept.invalid/";

export function secretFieldsOf(kind: string): readonly string[] {
  return (MAIL_SECRET_FIELDS as Record<string, readonly string[] | undefined>)[kind] ?? [];
}

/** A link's token: its last path segment, when it has a token's shape. */
function tokenOf(url: string): { url: string; token: string } | null {
  const match = /^(.*\/)([A-Za-z0-9_-]{43})$/.exec(url);
  return match?.[1] && match[2] && isWellFormedToken(match[2]) ? { url: match[1], token: match[2] } : null;
}

/**
 * Splits a mail's data: `stored` without its credentials (with them when `keepSecrets`, the local dev mailbox),
 * `secrets` (for the queue message) and `credentials` (for `mail_log.credentials`). A secret field that is not a link
 * with a token is still kept out of `stored`; it simply cannot be issued again.
 */
export async function splitMailData(kind: string, data: Record<string, unknown>, options: { keepSecrets: boolean }) {
  const fields = secretFieldsOf(kind);
  const stored: Record<string, unknown> = { ...data };
  const secrets: Record<string, string> = {};
  const credentials: StoredCredentials = {};
  for (const field of fields) {
    const value = data[field];
    if (typeof value !== "string") continue;
    secrets[field] = value;
    if (!options.keepSecrets) delete stored[field];
    const link = tokenOf(value);
    if (link) credentials[field] = { url: link.url, tokenHash: await hashToken(link.token) };
  }
  return { stored, secrets, credentials: Object.keys(credentials).length > 0 ? credentials : null };
}

/** The fields of `kind` missing from `data`: the credentials the consumer must get from the message, or issue again. */
export function missingSecrets(kind: string, data: Record<string, unknown>, credentials: StoredCredentials | null = null) {
  const optional = (OPTIONAL_SECRET_FIELDS as Record<string, readonly string[] | undefined>)[kind] ?? [];
  return secretFieldsOf(kind).filter(
    (field) => typeof data[field] !== "string" && (!optional.includes(field) || credentials?.[field] !== undefined),
  );
}

/** `data` with every credential field replaced by the placeholder URL (for rendering a logged mail to staff). */
export function withoutSecrets(kind: string, data: Record<string, unknown>): Record<string, unknown> {
  const fields = secretFieldsOf(kind);
  if (fields.length === 0) return data;
  return { ...data, ...Object.fromEntries(fields.map((field) => [field, PLACEHOLDER_URL])) };
}

/** A rendered part with the placeholder URL in words. */
export function placeholderText(text: string) {
  return text.split(PLACEHOLDER_URL).join(CREDENTIAL_PLACEHOLDER);
}

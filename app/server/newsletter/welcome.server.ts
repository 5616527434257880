/**
 * The welcome e-mail (docs/newsletter.md): sent once to an address when its subscription is confirmed, if the owner
 * has it on (Settings → "Welcome e-mail"; on by default). It is list mail: it carries the subscriber's unsubscribe link
 * and the RFC 8058 headers. Its settings live in `site_meta` (keys `welcome.*`).
 */
import { inArray } from "drizzle-orm";
import { siteMeta } from "../../../db/schema";
import { WELCOME_SITE_NAME_PLACEHOLDER, type WelcomeEmailInput } from "~/lib/admin-account-schemas";
import type { Database } from "../core/db.server";
import { logEvent, shortError } from "../core/log.server";
import { sendEmail } from "../mail/mail.server";
import { saveMetaFromVersion, siteSettings } from "../site/site.server";
import { confirmNewsletterSubscription, newsletterUnsubscribeLink } from "./subscriptions.server";

export type WelcomeEmailSettings = { enabled: boolean; subject: string; body: string };

const KEYS = { enabled: "welcome.enabled", subject: "welcome.subject", body: "welcome.body" } as const;

/** What the owner gets until they change it: on, "Welcome to {site name}", and a short note. */
export const WELCOME_EMAIL_DEFAULTS: WelcomeEmailSettings = {
  enabled: true,
  subject: `Welcome to ${WELCOME_SITE_NAME_PLACEHOLDER}`,
  body: [
    `Thank you for confirming your subscription to ${WELCOME_SITE_NAME_PLACEHOLDER}.`,
    "You will get each new letter in this inbox: essays on philosophy, mindfulness and living well, and now and then a practice to try.",
    "Past issues are in the archive on the site, and every letter ends with a link to unsubscribe in one click.",
  ].join("\n\n"),
};

/** The welcome e-mail's settings: the stored ones, else the defaults. */
export async function welcomeEmailSettings(db: Database): Promise<WelcomeEmailSettings> {
  const rows = await db
    .select()
    .from(siteMeta)
    .where(inArray(siteMeta.key, Object.values(KEYS)));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return {
    enabled: stored.has(KEYS.enabled) ? stored.get(KEYS.enabled) === "on" : WELCOME_EMAIL_DEFAULTS.enabled,
    subject: stored.get(KEYS.subject) || WELCOME_EMAIL_DEFAULTS.subject,
    body: stored.get(KEYS.body) || WELCOME_EMAIL_DEFAULTS.body,
  };
}

/** Saves the welcome e-mail's settings (validated by `welcomeEmailSchema`), in one batch, from the form's version (stale: 409). */
export async function saveWelcomeEmailSettings(db: Database, input: Omit<WelcomeEmailInput, "intent">, version: string) {
  const values = { [KEYS.enabled]: input.enabled ? "on" : "off", [KEYS.subject]: input.subject, [KEYS.body]: input.body };
  const writes = Object.entries(values).map(([key, value]) =>
    db.insert(siteMeta).values({ key, value }).onConflictDoUpdate({ target: siteMeta.key, set: { value } }),
  );
  await saveMetaFromVersion(db, "welcome", version, writes);
}

/** "{site name}" replaced by the site's name. */
function withSiteName(text: string, siteName: string) {
  return text.split(WELCOME_SITE_NAME_PLACEHOLDER).join(siteName);
}

/**
 * Sends the welcome e-mail to a subscriber just confirmed, if it is on; returns its mail_log id, or null when off.
 * It is list mail: it carries the subscriber's unsubscribe link and the RFC 8058 headers.
 */
export async function sendWelcomeEmail(db: Database, recipient: { email: string; unsubscribeToken: string; origin: string }) {
  const settings = await welcomeEmailSettings(db);
  if (!settings.enabled) return null;
  const siteName = (await siteSettings(db)).name;
  const { url } = newsletterUnsubscribeLink(recipient.origin, recipient.unsubscribeToken);
  const data = {
    subject: withSiteName(settings.subject, siteName),
    markdown: withSiteName(settings.body, siteName),
    origin: recipient.origin,
    unsubscribeUrl: url,
  };
  return sendEmail({ to: recipient.email, kind: "newsletter-welcome", data, listUnsubscribeUrl: url });
}

/**
 * The confirmation link's button: confirms the subscription (race-safe: of two presses one confirms), and only the press
 * that confirmed sends the welcome e-mail, so confirming twice welcomes once. A welcome that cannot be written is logged;
 * the subscription stays confirmed.
 */
export async function confirmAndWelcome(db: Database, token: string, origin: string, now = new Date()) {
  const result = await confirmNewsletterSubscription(db, token, now);
  if (!result.ok) return result;
  try {
    await sendWelcomeEmail(db, { email: result.email, unsubscribeToken: result.unsubscribeToken, origin });
  } catch (error) {
    logEvent("error", "mail.welcome_failed", { error: shortError(error) });
  }
  return result;
}

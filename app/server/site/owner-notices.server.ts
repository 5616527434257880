/**
 * The owner's notices (Settings → "Tell me by e-mail", docs/admin.md): an e-mail to the site's contact e-mail (Settings →
 * "Contact e-mail", the address the public pages show and the automatic-refund alerts already use) when a course is
 * bought, a message arrives through the contact form, or a contributor submits a draft for review. Each is on until
 * the owner switches it off; the switches live in `site_meta` (`notice.sale`, `notice.contact`, `notice.draft`).
 *
 * A notice goes through `sendEmail` like every transactional mail, so a quota defers it (the cron sends it later) and
 * a slow mail service never delays the sale, the message or the save. Nothing here throws to its caller: a notice
 * that cannot even be written is logged, and what the visitor or contributor did stands.
 */
import { inArray } from "drizzle-orm";
import { siteMeta } from "../../../db/schema";
import type { OwnerNoticesInput } from "~/lib/admin-account-schemas";
import { formatMoney, orderReference } from "~/lib/format";
import type { Database } from "../core/db.server";
import { logEvent, shortError } from "../core/log.server";
import { sendEmail } from "../mail/mail.server";
import type { OwnerNoticeEmailInput, OwnerNoticeEvent } from "../mail/templates/transactional.server";
import { getSiteSettings, siteSettings } from "./site.server";

export type OwnerNoticeSettings = Record<OwnerNoticeEvent, boolean>;

const KEYS: Record<OwnerNoticeEvent, string> = { sale: "notice.sale", contact: "notice.contact", draft: "notice.draft" };

/** Which notices are on: the stored switches, else on. */
export async function ownerNoticeSettings(db: Database): Promise<OwnerNoticeSettings> {
  const rows = await db
    .select()
    .from(siteMeta)
    .where(inArray(siteMeta.key, Object.values(KEYS)));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const on = (event: OwnerNoticeEvent) => stored.get(KEYS[event]) !== "off";
  return { sale: on("sale"), contact: on("contact"), draft: on("draft") };
}

/** Saves the switches (validated by `ownerNoticesSchema`), in one batch. */
export async function saveOwnerNoticeSettings(db: Database, input: Omit<OwnerNoticesInput, "intent">) {
  const [first, ...rest] = (Object.keys(KEYS) as OwnerNoticeEvent[]).map((event) => {
    const value = input[event] ? "on" : "off";
    return db.insert(siteMeta).values({ key: KEYS[event], value }).onConflictDoUpdate({ target: siteMeta.key, set: { value } });
  });
  if (first) await db.batch([first, ...rest]);
}

/** The site's origin for the notice's link: the request's when known, else SITE_URL (empty locally: localhost). */
function originOf(origin: string | undefined) {
  return (origin || getSiteSettings().url || "http://localhost").replace(/\/+$/, "");
}

/**
 * E-mails the owner of `event` if that notice is on; `path` is the admin page to act on it. Resolves to the mail_log id,
 * or null when off (or when it could not be written: logged, never thrown).
 */
export async function notifyOwner(
  db: Database,
  event: OwnerNoticeEvent,
  notice: { title: string; details: OwnerNoticeEmailInput["details"]; path: string; origin?: string },
): Promise<number | null> {
  try {
    if (!(await ownerNoticeSettings(db))[event]) return null;
    const to = (await siteSettings(db)).email;
    if (!to) return null;
    const data = { event, title: notice.title, details: notice.details, url: `${originOf(notice.origin)}${notice.path}` };
    return await sendEmail({ to, kind: "owner-notice", data });
  } catch (error) {
    logEvent("error", "owner_notice.failed", { event, error: shortError(error) });
    return null;
  }
}

/** A sale, told once per receipt (a gift's too): what was bought, for how much, and the order's page. */
export function notifySale(
  db: Database,
  sale: { enrollmentId: number; title: string; amountCents: number; currency: string; origin?: string; gift?: boolean },
) {
  const details: OwnerNoticeEmailInput["details"] = [
    ["Amount", formatMoney(sale.amountCents, sale.currency, { code: true })],
    ["Order reference", orderReference(sale.enrollmentId)],
    ...(sale.gift ? ([["Gift", "yes"]] as OwnerNoticeEmailInput["details"]) : []),
  ];
  return notifyOwner(db, "sale", { title: sale.title, details, path: `/admin/orders/${sale.enrollmentId}`, origin: sale.origin });
}

/** A draft a save just submitted for review (`submittedAt` stamped by the "Submit for review" intent): its edit page. */
export function notifyDraftSubmitted(db: Database, draft: { noun: string; path: string; id: number; title: string; by: string | null }) {
  const details: OwnerNoticeEmailInput["details"] = [
    ["Type", draft.noun],
    ...(draft.by ? ([["Submitted by", draft.by]] as OwnerNoticeEmailInput["details"]) : []),
  ];
  return notifyOwner(db, "draft", {
    title: draft.title || `Untitled ${draft.noun.toLowerCase()}`,
    details,
    path: `/admin/${draft.path}/${draft.id}`,
  });
}

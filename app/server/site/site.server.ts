import { eq, like, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { SITE_SETTING_KEYS, type SiteSettingKey, type SiteSettingsInput } from "~/lib/admin-account-schemas";
import type { SiteSettings, SocialLink } from "~/lib/site";
import { isTimeZone } from "~/lib/time-zone";
import { siteMeta } from "../../../db/schema";
import type { Database } from "../core/db.server";
import { type Config, config } from "../core/config.server";
import { abortUnlessChanged, nextVersion, savedFromVersion } from "../core/edit-version.server";
import { logEvent, rootCause, shortError } from "../core/log.server";

/** The footer's social links, in order, each shown only when its var holds the site's own profile URL. */
const SOCIAL_VARS = [
  { name: "SOCIAL_INSTAGRAM_URL", label: "Instagram", setting: "instagram" },
  { name: "SOCIAL_YOUTUBE_URL", label: "YouTube", setting: "youtube" },
  { name: "SOCIAL_LINKEDIN_URL", label: "LinkedIn", setting: "linkedin" },
] as const;

/**
 * The configured social links (trimmed by `config`): empty vars are left out; a value that is not an https URL is left
 * out too, with an error in the log naming the var, so a typo never puts a broken link in every page's footer.
 */
export function socialLinks(vars: Pick<Config, (typeof SOCIAL_VARS)[number]["name"]>): SocialLink[] {
  const links: SocialLink[] = [];
  for (const { name, label } of SOCIAL_VARS) {
    const value = vars[name];
    if (!value) continue;
    if (URL.canParse(value) && new URL(value).protocol === "https:") links.push({ label, href: value });
    else
      logEvent("error", "config.invalid", { setting: name, problem: `Not an https URL; the ${label} link is hidden until it is fixed.` });
  }
  return links;
}

/** Site-wide settings as the vars in wrangler.toml set them: the defaults of what the owner edits (`siteSettings`). */
export function getSiteSettings(): SiteSettings {
  const vars = config();
  return {
    name: vars.SITE_NAME,
    url: vars.SITE_URL,
    email: vars.CONTACT_EMAIL,
    phone: vars.CONTACT_PHONE,
    address: vars.CONTACT_ADDRESS,
    social: socialLinks(vars),
  };
}

// ---------------------------------------------------------------- settings edited in the admin

/** The `site_meta` keys of the edited settings: "setting.name", "setting.instagram", ... */
const SETTING_KEY_PREFIX = "setting.";
/** How long an isolate reuses the settings it read: the one that saved sees a change at once, others within this. */
export const SITE_SETTINGS_MEMO_MS = 1_000;

let memo: { settings: SiteSettings; until: number } | null = null;

/** The values the Settings form shows: the stored ones, else the vars'. */
export async function siteSettingsForm(db: Database): Promise<SiteSettingsInput> {
  const stored = await storedSettings(db);
  const defaults = getSiteSettings();
  const social = Object.fromEntries(SOCIAL_VARS.map(({ name, setting }) => [setting, config()[name]]));
  const fallback: Record<SiteSettingKey, string> = {
    ...social,
    name: defaults.name,
    email: defaults.email,
    phone: defaults.phone,
    address: defaults.address,
    operatorEmail: "",
    timeZone: "",
  } as Record<SiteSettingKey, string>;
  return Object.fromEntries(SITE_SETTING_KEYS.map((key) => [key, stored.get(key) ?? fallback[key]])) as SiteSettingsInput;
}

/**
 * The site's settings for its pages (the root loader): what the owner saved in /admin/settings, over the
 * vars as defaults. A saved empty social link hides that link even when its var is set.
 */
export async function siteSettings(db: Database, now: () => number = Date.now): Promise<SiteSettings> {
  if (memo && now() < memo.until) return memo.settings;
  let stored: Map<SiteSettingKey, string>;
  try {
    stored = await storedSettings(db);
  } catch (error) {
    // Every page's header and footer show these: without the database they fall back to the vars, not an error page.
    logEvent("error", "site.settings_unavailable", { error: shortError(rootCause(error)) });
    return getSiteSettings();
  }
  const settings = applyStoredSettings(getSiteSettings(), stored);
  memo = { settings, until: now() + SITE_SETTINGS_MEMO_MS };
  return settings;
}

/**
 * Saves the settings (validated by `siteSettingsSchema`) in one batch, from the version the form was opened at (a stale
 * one: 409, nothing written); the caller bumps the page cache's content version.
 */
export async function saveSiteSettings(db: Database, input: SiteSettingsInput, version: string): Promise<void> {
  const values = SITE_SETTING_KEYS.map((key) =>
    db
      .insert(siteMeta)
      .values({ key: `${SETTING_KEY_PREFIX}${key}`, value: input[key] })
      .onConflictDoUpdate({ target: siteMeta.key, set: { value: input[key] } }),
  );
  await saveMetaFromVersion(db, "settings", version, values);
  memo = null;
}

// ---------------------------------------------------------------- versions of the settings' forms

/**
 * The settings' forms (Settings, the welcome e-mail) have no row of their own to carry a version: each keeps one in
 * `site_meta` under `version.<form>` (absent: "", never saved), moved on by every save of that form.
 */
export type MetaForm = "settings" | "welcome";
const metaVersionKey = (form: MetaForm) => `version.${form}`;

/** The version a settings form is opened at. */
export async function metaVersion(db: Database, form: MetaForm): Promise<string> {
  const row = await db
    .select({ value: siteMeta.value })
    .from(siteMeta)
    .where(eq(siteMeta.key, metaVersionKey(form)))
    .get();
  return row?.value ?? "";
}

/**
 * Runs a settings form's writes in one batch behind its version check: the version row moves on only from `version`
 * (inserted when there is none and `version` is ""), else the batch aborts and the save is a 409.
 */
export async function saveMetaFromVersion(db: Database, form: MetaForm, version: string, writes: BatchItem<"sqlite">[]) {
  const key = metaVersionKey(form);
  const next = nextVersion(version);
  const bump = db
    .insert(siteMeta)
    .select(sql`SELECT ${key}, ${next} WHERE coalesce((SELECT value FROM ${siteMeta} WHERE key = ${key}), '') = ${version}`)
    .onConflictDoUpdate({ target: siteMeta.key, set: { value: next }, setWhere: eq(siteMeta.value, version) });
  await savedFromVersion(() => db.batch([bump, abortUnlessChanged(db), ...writes]), {
    version,
    current: () => metaVersion(db, form),
    message:
      "Someone saved these settings after you opened the page, so yours were not saved: reload it to see theirs, then make your change again.",
  });
}

/**
 * Where the operator's alerts go: the "Operator e-mail" of Settings, else the contact e-mail (Settings, else the
 * CONTACT_EMAIL var). Not part of `siteSettings`: the pages never show it.
 */
export async function operatorEmail(db: Database): Promise<string> {
  const stored = await storedSettings(db);
  return stored.get("operatorEmail") || stored.get("email") || getSiteSettings().email;
}

/**
 * The owner's time zone (Settings → "Time zone"), in which the editor shows and takes publish times; "" when not set
 * (the editor uses the browser's). Checked again here: a stored name the runtime does not know is no zone.
 */
/**
 * The owner's time zone as stored (unchecked), as a scalar subquery: the admin frame reads it with the session, in one
 * statement (app/server/admin/guard.server.ts); `ownerZoneOf` checks it.
 */
export const ownerTimeZoneFigure = () =>
  sql<string>`coalesce((select ${siteMeta.value} from ${siteMeta} where ${siteMeta.key} = ${`${SETTING_KEY_PREFIX}timeZone`}), '')`;

/** A stored zone name if the runtime knows it, else "" (times in UTC). */
export const ownerZoneOf = (stored: string) => (isTimeZone(stored) ? stored : "");

export async function ownerTimeZone(db: Database): Promise<string> {
  const zone = (await storedSettings(db)).get("timeZone") ?? "";
  return isTimeZone(zone) ? zone : "";
}

/** Forgets the settings this isolate read: the browser tests' server puts its database back between files (workers/e2e-routes.ts). */
export function forgetSiteSettings() {
  memo = null;
}

async function storedSettings(db: Database): Promise<Map<SiteSettingKey, string>> {
  const rows = await db
    .select()
    .from(siteMeta)
    .where(like(siteMeta.key, `${SETTING_KEY_PREFIX}%`));
  const stored = new Map<SiteSettingKey, string>();
  for (const { key, value } of rows) {
    const name = key.slice(SETTING_KEY_PREFIX.length) as SiteSettingKey;
    if (SITE_SETTING_KEYS.includes(name)) stored.set(name, value);
  }
  return stored;
}

function applyStoredSettings(defaults: SiteSettings, stored: Map<SiteSettingKey, string>): SiteSettings {
  if (stored.size === 0) return defaults;
  const social = SOCIAL_VARS.flatMap(({ label, setting }) => {
    const value = stored.has(setting) ? stored.get(setting) : defaults.social.find((link) => link.label === label)?.href;
    return value && URL.canParse(value) && new URL(value).protocol === "https:" ? [{ label, href: value }] : [];
  });
  return {
    ...defaults,
    name: stored.get("name") || defaults.name,
    email: stored.get("email") || defaults.email,
    phone: stored.get("phone") ?? defaults.phone,
    address: stored.get("address") ?? defaults.address,
    social,
  };
}

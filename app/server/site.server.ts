import { env } from "cloudflare:workers";
import type { SiteSettings, SocialLink } from "~/lib/site";

/** The footer's social links, in order, each shown only when its var holds the site's own profile URL. */
const SOCIAL_VARS = [
  { name: "SOCIAL_INSTAGRAM_URL", label: "Instagram" },
  { name: "SOCIAL_YOUTUBE_URL", label: "YouTube" },
  { name: "SOCIAL_LINKEDIN_URL", label: "LinkedIn" },
] as const;

/**
 * The configured social links: empty vars are left out; a value that is not an https URL is left out too,
 * with an error in the log naming the var, so a typo never puts a broken link in every page's footer.
 */
export function socialLinks(vars: Partial<Record<(typeof SOCIAL_VARS)[number]["name"], string>>): SocialLink[] {
  const links: SocialLink[] = [];
  for (const { name, label } of SOCIAL_VARS) {
    const value = vars[name]?.trim();
    if (!value) continue;
    if (URL.canParse(value) && new URL(value).protocol === "https:") links.push({ label, href: value });
    else console.error(`${name} is not an https URL; the ${label} link is hidden until it is fixed.`);
  }
  return links;
}

/** Site-wide settings, configured as vars in wrangler.toml. */
export function getSiteSettings(): SiteSettings {
  return {
    name: env.SITE_NAME,
    url: env.SITE_URL,
    email: env.CONTACT_EMAIL,
    phone: env.CONTACT_PHONE,
    address: env.CONTACT_ADDRESS,
    social: socialLinks(env),
  };
}

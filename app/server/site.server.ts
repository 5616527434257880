import { env } from "cloudflare:workers";
import type { SiteSettings } from "~/lib/site";

/** Site-wide settings, configured as vars in wrangler.toml. */
export function getSiteSettings(): SiteSettings {
  return {
    name: env.SITE_NAME,
    url: env.SITE_URL,
    email: env.CONTACT_EMAIL,
    phone: env.CONTACT_PHONE,
    address: env.CONTACT_ADDRESS,
  };
}

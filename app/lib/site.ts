import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

/** The site-wide settings (wrangler.toml vars, read by app/server/site/site.server.ts; browsers get them from the root loader). */
export type SiteSettings = {
  name: string;
  url: string;
  email: string;
  phone: string;
  address: string;
  /** The site's own social profiles: only those configured (SOCIAL_*_URL vars); none by default. */
  social: SocialLink[];
};

export type SocialLink = { label: string; href: string };

/** '{page} | {site}', the form of every page title. */
export function pageTitle(page: string, siteName: string) {
  return `${page} | ${siteName}`;
}

export const DEFAULT_SITE_NAME = "The Examined Life";

/** The configured site name, read from the root loader's data inside a `meta` function. */
export function siteNameFromMatches(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { site?: { name?: string } } | undefined;
  return root?.site?.name ?? DEFAULT_SITE_NAME;
}

/** The site settings from the root loader, for any component. */
export function useSiteSettings(): SiteSettings {
  return (
    useRouteLoaderData<typeof rootLoader>("root")?.site ?? {
      name: DEFAULT_SITE_NAME,
      url: "",
      email: "",
      phone: "",
      address: "",
      social: [],
    }
  );
}

/** The article categories the footer links to (those with a published article, in their order), from the root loader. */
export function useFooterCategories(): readonly string[] {
  return useRouteLoaderData<typeof rootLoader>("root")?.categories ?? [];
}

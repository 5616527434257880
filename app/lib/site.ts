import { useRouteLoaderData } from "react-router";

/** Browser-safe site settings shape (the values come from the root loader). */
export type PublicSiteSettings = {
  name: string;
  url: string;
  email: string;
  phone: string;
  address: string;
};

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
export function useSiteSettings(): PublicSiteSettings {
  const data = useRouteLoaderData("root") as { site?: PublicSiteSettings } | undefined;
  return data?.site ?? { name: DEFAULT_SITE_NAME, url: "", email: "", phone: "", address: "" };
}

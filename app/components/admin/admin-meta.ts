import { pageTitle, siteNameFromMatches } from "~/lib/site";

/** '{page} | {site}' for an admin page, kept out of search engines. */
export function adminMeta(page: string, matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>) {
  return [{ title: pageTitle(`${page} · Admin`, siteNameFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

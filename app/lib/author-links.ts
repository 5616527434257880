/**
 * An author's links ("Website", "Books"…): stored as JSON, [{ label, url }], in authors.links; edited in the admin
 * as one link a line, "Label | https://…". Every url passes the same safeUrl as Markdown links (an http(s) URL or a
 * path on this site); the public page checks them again when it reads them.
 */
import { safeUrl } from "./urls";

export type AuthorLink = { label: string; url: string };

/** At most this many links, each label at most this long. */
export const AUTHOR_LINKS_MAX = 10;
export const AUTHOR_LINK_LABEL_MAX = 80;
/** Between a link's label and its url, in the admin's textarea. */
const SEPARATOR = "|";

/**
 * The links of the admin's text, or the first line's problem ("Line 2: …"). Empty lines are skipped. The stored JSON
 * list is taken too (and checked the same way), so the schema's output passes it again: the form sends what its own
 * check gave.
 */
export function parseLinkLines(text: string): { links: AuthorLink[] } | { error: string } {
  if (text.trim().startsWith("[")) return parseLinkList(text);
  const links: AuthorLink[] = [];
  const lines = text.split("\n");
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = line.lastIndexOf(SEPARATOR);
    const label = at < 0 ? "" : line.slice(0, at).trim();
    const url = at < 0 ? line : line.slice(at + 1).trim();
    if (!label) return { error: `Line ${index + 1}: write the link as "Label | https://…".` };
    if (label.length > AUTHOR_LINK_LABEL_MAX)
      return { error: `Line ${index + 1}: a label can be at most ${AUTHOR_LINK_LABEL_MAX} characters.` };
    if (safeUrl(url) === null) return { error: `Line ${index + 1}: the link must be an http(s) URL or a path on this site.` };
    links.push({ label, url });
  }
  if (links.length > AUTHOR_LINKS_MAX) return { error: `At most ${AUTHOR_LINKS_MAX} links.` };
  return { links };
}

/** The links a stored JSON holds, keeping only well-formed ones with a safe url (never throws). */
export function storedLinks(json: string): AuthorLink[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null) return [];
    const { label, url } = item as Record<string, unknown>;
    if (typeof label !== "string" || typeof url !== "string" || !label.trim()) return [];
    const safe = safeUrl(url);
    return safe === null ? [] : [{ label: label.trim(), url: safe }];
  });
}

/** A JSON list of { label, url }, checked as the lines it stands for (unchanged: the same text gives the same JSON). */
function parseLinkList(json: string): { links: AuthorLink[] } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { error: 'write one link a line, "Label | https://…".' };
  }
  const items = Array.isArray(value) ? value : [];
  const lines = items.flatMap((item: unknown) => {
    const { label, url } = typeof item === "object" && item !== null ? (item as Record<string, unknown>) : {};
    return typeof label === "string" && typeof url === "string" && !label.includes("\n") && !url.includes("\n")
      ? [`${label} ${SEPARATOR} ${url}`]
      : [];
  });
  if (!Array.isArray(value) || lines.length !== value.length)
    return { error: "each link needs a label and an http(s) URL or a path on this site." };
  return parseLinkLines(lines.join("\n"));
}

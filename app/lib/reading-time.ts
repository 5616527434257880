/**
 * An article's reading time, computed from its words (the form shows it live; the server stores it when the writer
 * typed no override): 230 words a minute, rounded up, at least 1 minute. The words are those of the Markdown's text,
 * not its syntax: markers, link targets, images and gallery blocks are not words.
 */

/** Words read a minute. */
export const WORDS_PER_MINUTE = 230;

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** The readable text of Markdown: fenced gallery blocks and images dropped, links kept as their text, markers dropped. */
function markdownText(markdown: string): string {
  return (
    markdown
      // A gallery block lists image paths, not words; other fences keep their lines (their markers have no letters).
      .replace(/^```gallery[^\n]*\n[\s\S]*?^```[^\n]*$/gm, " ")
      .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/<[^>]+>/g, " ")
      // A numbered list's markers ("1.") are not words; other markers have no letters or digits.
      .replace(/^[\t >]*\d+[.)][\t ]/gm, " ")
      .replace(/https?:\/\/\S+/g, " ")
  );
}

/** How many words the Markdown's text has. */
export function wordCount(markdown: string): number {
  return markdownText(markdown).match(WORD)?.length ?? 0;
}

/** Minutes to read `words` words: 230 a minute, rounded up, at least 1. */
export function minutesForWords(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** The reading time of a Markdown body, in whole minutes (at least 1). */
export function readingTimeOf(markdown: string): number {
  return minutesForWords(wordCount(markdown));
}

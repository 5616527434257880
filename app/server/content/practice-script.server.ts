/**
 * A practice's script (its `transcript`): Markdown written in the visual editor, with stage directions in square
 * brackets ("[pause]", "[bell]", "[5 minutes of silence]") that shape the recording (scripts/make-practice-audio.sh),
 * not the text. They are taken out here, on the server, before the Markdown is parsed: the page and the search index
 * read the words only.
 */
import type { Block } from "~/lib/markdown";
import { parseMarkdown } from "./markdown.server";

/**
 * A run of stage directions with the spaces around it: a bracketed text of at most 40 characters on one line (its
 * brackets perhaps escaped: after an edit the editor writes `\[pause\]`) that is not a link's text, which a "(" follows.
 */
const STAGE_DIRECTIONS = /(?:[ \t]*\\?\[[^\]\n]{1,40}?\\?\](?!\())+[ \t]*(\n?)/g;

/**
 * The script without its stage directions. Mid-line, a run leaves one space; at a line's start or end, none; a line
 * that held only directions goes with its line break, so the lines either side stay one paragraph (as the plain
 * rendering before the editor joined them) and a blank line stays blank.
 */
export function withoutStageDirections(script: string): string {
  return script.replace(STAGE_DIRECTIONS, (run: string, newline: string, offset: number, whole: string) => {
    const startsLine = offset === 0 || whole[offset - 1] === "\n";
    const endsLine = newline !== "" || offset + run.length === whole.length;
    if (startsLine) return "";
    return endsLine ? newline : " ";
  });
}

/** The script as the page shows it: the safe Markdown tree of its words. */
export function practiceScript(script: string): Block[] {
  return parseMarkdown(withoutStageDirections(script));
}

/** A practice as its page gets it: its script's tree in place of the stored text (the page never needs the directions). */
export function withScript<T extends { transcript: string }>({ transcript, ...practice }: T) {
  return { ...practice, script: practiceScript(transcript) };
}

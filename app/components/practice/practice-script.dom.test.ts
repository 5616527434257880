/**
 * A practice's script became Markdown from the visual editor (issue #29). Every seed practice's page must show the
 * words it showed as plain text: the paragraphs the old `transcriptParagraphs` split, stage directions out, now
 * rendered from the safe tree by the public page's own MarkdownBody. In happy-dom (vitest.dom.config.ts), to read the
 * rendered paragraphs as a browser would.
 */
import { Editor } from "@tiptap/core";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { seedPractices } from "../../../db/seed/practices";
import { MarkdownBody } from "~/components/content/markdown-body";
import { transcriptParagraphs } from "~/lib/format";
import { parseMarkdown } from "~/server/content/markdown.server";
import { practiceScript } from "~/server/content/practice-script.server";
import type { Block } from "~/lib/markdown";
import { editorExtensions, markdownOf } from "~/components/admin/visual-editor/schema";

/** The rendered body's blocks, as the tag and the text a reader sees (white space as a browser lays it out). */
function rendered(blocks: Block[]) {
  const body = document.createElement("div");
  body.innerHTML = renderToStaticMarkup(createElement(MarkdownBody, { blocks, className: "practice-script" }));
  return [...(body.firstElementChild?.children ?? [])].map((block) => ({
    tag: block.tagName.toLowerCase(),
    text: words(block.textContent ?? ""),
  }));
}

const words = (text: string) => text.replace(/\s+/g, " ").trim();
/** What the page showed before: one paragraph each. */
const shownBefore = (transcript: string) => transcriptParagraphs(transcript).map((text) => ({ tag: "p", text: words(text) }));

describe("a practice's script on its page", () => {
  it.each(seedPractices.map((practice) => [practice.id, practice] as const))(
    "practice %i shows the same paragraphs and words as before the editor",
    (_id, practice) => {
      const old = shownBefore(practice.transcript);
      expect(old.length).toBeGreaterThan(3);
      expect(rendered(practiceScript(practice.transcript))).toEqual(old);
    },
  );

  it("the comparison notices stage directions left in (the seed scripts have them)", () => {
    const withDirections = seedPractices.filter((practice) => /\[[^\]]+\]/.test(practice.transcript));
    expect(withDirections.length).toBe(seedPractices.length);
    for (const practice of withDirections) {
      expect(rendered(parseMarkdown(practice.transcript))).not.toEqual(shownBefore(practice.transcript));
    }
  });

  it("a direction typed in the visual editor is hidden too, whatever escaping the editor writes", () => {
    const editor = new Editor({ extensions: editorExtensions() });
    try {
      editor.commands.setContent({
        type: "doc",
        content: [{ type: "paragraph", content: [{ type: "text", text: "Breathe out. [pause] Now rest. [2 minutes of silence]" }] }],
      });
      // The editor escapes brackets it did not read from Markdown.
      expect(markdownOf(editor)).toBe("Breathe out. \\[pause\\] Now rest. \\[2 minutes of silence\\]");
      expect(rendered(practiceScript(markdownOf(editor)))).toEqual([{ tag: "p", text: "Breathe out. Now rest." }]);
    } finally {
      editor.destroy();
    }
  });
});

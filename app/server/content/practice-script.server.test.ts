import { describe, expect, it } from "vitest";
import { practiceScript, withoutStageDirections } from "./practice-script.server";

describe("withoutStageDirections", () => {
  it.each([
    ["a direction ending a line goes with the spaces before it", "Breathe out. [pause]\n\nNow rest.", "Breathe out.\n\nNow rest."],
    ["one mid-line leaves one space", "Breathe out [pause]  and rest.", "Breathe out and rest."],
    ["a run of them is one gap", "In. [pause] [bell] Out.", "In. Out."],
    ["one starting a line leaves no indent", "[bell] Welcome.", "Welcome."],
    ["a line of directions only goes with its line break", "Sit.\n[2 minutes of silence]\nStand.", "Sit.\nStand."],
    ["a paragraph of directions only leaves the blank line", "Sit.\n\n[bell]\n\nStand.", "Sit.\n\n\nStand."],
    ["brackets the editor escaped", "Rest. \\[pause\\] Go on.", "Rest. Go on."],
    ["a link's text stays", "Read [the notes](/articles/1) [pause] later.", "Read [the notes](/articles/1) later."],
    ["an image's alt stays", "![A stoa](/images/gallery/stoa.svg)", "![A stoa](/images/gallery/stoa.svg)"],
    ["a bracket longer than 40 characters stays", `Look [${"x".repeat(41)}] here.`, `Look [${"x".repeat(41)}] here.`],
    ["a bracket across lines stays", "An [open\nbracket] here.", "An [open\nbracket] here."],
    ["Markdown around them is kept", "- **Sit** [pause]\n- Stand", "- **Sit**\n- Stand"],
  ])("%s", (_name, script, expected) => {
    expect(withoutStageDirections(script)).toBe(expected);
  });

  it("the script's tree is safe Markdown without the directions", () => {
    expect(practiceScript("Breathe **slowly**. [pause]\n\n<script>alert(1)</script>")).toEqual([
      {
        type: "paragraph",
        children: [
          { type: "text", text: "Breathe " },
          { type: "strong", children: [{ type: "text", text: "slowly" }] },
          { type: "text", text: "." },
        ],
      },
      { type: "paragraph", children: [{ type: "text", text: "<script>alert(1)</script>" }] },
    ]);
  });
});

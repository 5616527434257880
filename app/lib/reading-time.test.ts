import { describe, expect, it } from "vitest";
import { WORDS_PER_MINUTE, readingTimeOf, wordCount } from "./reading-time";

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(" ");

describe("reading time", () => {
  it("is 230 words a minute, rounded up, at least one minute", () => {
    expect(WORDS_PER_MINUTE).toBe(230);
    expect(readingTimeOf("")).toBe(1);
    expect(readingTimeOf(words(230))).toBe(1);
    expect(readingTimeOf(words(231))).toBe(2);
    expect(readingTimeOf(words(690))).toBe(3);
    expect(readingTimeOf(words(691))).toBe(4);
  });

  it("counts the words of the text, not the Markdown's syntax", () => {
    expect(wordCount("## A heading\n\n> A *quoted* **line**\n\n- one\n- two\n\n1. three")).toBe(8);
    expect(wordCount("See [the Stoics](https://example.org/stoa/long-path) today.")).toBe(4);
    expect(wordCount("![alt words here](/images/a.svg)\n\nText.")).toBe(1);
    expect(
      wordCount(
        'Before.\n\n```gallery grid\n![Alt text](/images/gallery/stoa.svg "A caption")\n![Another](/images/gallery/river.svg)\n```\n\nAfter.',
      ),
    ).toBe(2);
    // Apostrophes and hyphens join a word's parts.
    expect(wordCount("Marcus Aurelius’s don't well-being")).toBe(4);
  });
});

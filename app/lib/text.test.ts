import { describe, expect, it } from "vitest";
import { byline, courseContentsSentence, enrolmentLabel, truncate } from "./text";

describe("truncate", () => {
  const description =
    "A practical introduction to Stoic philosophy for everyday life. Learn what the Stoics meant by virtue, control and equanimity, and build a simple daily practice.";

  it("cuts at a word boundary, never mid-word, within the maximum including the ellipsis", () => {
    const short = truncate(description, 120);
    expect(short.length).toBeLessThanOrEqual(120);
    expect(short.endsWith("…")).toBe(true);
    const kept = short.slice(0, -1);
    expect(description.startsWith(kept)).toBe(true);
    // The character after the kept text is a space or punctuation: the last word is whole.
    expect(description[kept.length]).toMatch(/[\s,.;:]/);
    expect(short).toBe(
      "A practical introduction to Stoic philosophy for everyday life. Learn what the Stoics meant by virtue, control and…",
    );
  });

  it("keeps a word that ends exactly at the cut, and drops punctuation left dangling", () => {
    expect(truncate("one two three four", 8)).toBe("one two…");
    expect(truncate("alpha, beta gamma", 8)).toBe("alpha…");
  });

  it("leaves short text alone and cuts a single overlong word where it must", () => {
    expect(truncate("Short enough.", 120)).toBe("Short enough.");
    expect(truncate("x".repeat(200), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

describe("byline", () => {
  it("prefixes 'by' to a name, but not to an author line that already says how the work came about", () => {
    expect(byline("Epictetus (trans. Elizabeth Carter)")).toBe("by Epictetus (trans. Elizabeth Carter)");
    expect(byline("Traditionally attributed to the Buddha (trans. F. Max Müller)")).toBe(
      "Traditionally attributed to the Buddha (trans. F. Max Müller)",
    );
    expect(byline("Adapted from Seneca, On Anger")).toBe("Adapted from Seneca, On Anger");
  });
});

describe("enrolmentLabel", () => {
  it("shows the real count, and invites rather than boasting '0 students'", () => {
    expect(enrolmentLabel(0)).toBe("Be among the first to enrol");
    expect(enrolmentLabel(1)).toBe("1 student enrolled");
    expect(enrolmentLabel(27)).toBe("27 students enrolled");
  });
});

describe("courseContentsSentence (the course page says what its lessons really have)", () => {
  const lesson = (kinds: string[], hasRecording = false) => ({ hasRecording, assessments: kinds.map((kind) => ({ kind })) });

  it("promises no reflection or quiz when no lesson has one", () => {
    const sentence = courseContentsSentence([lesson([]), lesson([])]);
    expect(sentence).toBe("The lessons are readings.");
    expect(sentence).not.toMatch(/quiz|reflection/);
  });

  it("counts lessons with quizzes, written answers and recordings", () => {
    expect(courseContentsSentence([lesson(["quiz"], true), lesson(["reflection"], true), lesson(["quiz", "exercise"], true)])).toBe(
      "2 of the 3 lessons have a quiz, 2 of the 3 lessons have a written exercise or reflection and every lesson has a recording.",
    );
    expect(courseContentsSentence([lesson(["quiz"]), lesson([])])).toBe("1 of the 2 lessons has a quiz.");
    expect(courseContentsSentence([lesson(["exercise"])])).toBe("The lesson has a written exercise or reflection.");
    expect(courseContentsSentence([])).toBe("");
  });
});

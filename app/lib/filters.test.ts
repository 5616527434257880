import { describe, expect, it } from "vitest";
import { matchesDuration, matchesSearch, resolveCategory } from "./filters";

describe("list filters", () => {
  it("search is a case-insensitive substring over any of the fields", () => {
    expect(matchesSearch("STOIC", "The Stoic Art", "x")).toBe(true);
    expect(matchesSearch("breath", "Title", "Follow the breath")).toBe(true);
    expect(matchesSearch("zen", "Title", "Excerpt")).toBe(false);
    expect(matchesSearch("  ", "anything")).toBe(true);
  });

  it("duration bands split at 15 and 30 minutes", () => {
    expect([5, 15, 16, 30, 31].map((m) => matchesDuration("short", m))).toEqual([true, true, false, false, false]);
    expect([15, 16, 30, 31].map((m) => matchesDuration("medium", m))).toEqual([false, true, true, false]);
    expect([30, 31, 45].map((m) => matchesDuration("long", m))).toEqual([false, true, true]);
    expect(matchesDuration(null, 99)).toBe(true);
  });

  it("resolves a category from the URL case-insensitively, unknown means all", () => {
    expect(resolveCategory("mindfulness", ["Philosophy", "Mindfulness"])).toBe("Mindfulness");
    expect(resolveCategory("basics", ["Philosophy"])).toBeNull();
    expect(resolveCategory(null, ["Philosophy"])).toBeNull();
  });
});

import { loggedEvents } from "../../../tests/support/logs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "../core/config.server";
import { socialLinks } from "./site.server";

describe("socialLinks", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows none by default: every SOCIAL_*_URL var is empty in wrangler.toml", () => {
    expect(socialLinks(parseConfig({ SOCIAL_INSTAGRAM_URL: "", SOCIAL_YOUTUBE_URL: "", SOCIAL_LINKEDIN_URL: "" }))).toEqual([]);
    expect(socialLinks(parseConfig({}))).toEqual([]);
  });

  it("shows only the configured profiles, in the footer's order", () => {
    expect(
      socialLinks(
        parseConfig({
          SOCIAL_LINKEDIN_URL: "https://www.linkedin.com/company/examined-life",
          SOCIAL_INSTAGRAM_URL: " https://instagram.com/examinedlife ",
        }),
      ),
    ).toEqual([
      { label: "Instagram", href: "https://instagram.com/examinedlife" },
      { label: "LinkedIn", href: "https://www.linkedin.com/company/examined-life" },
    ]);
  });

  it("leaves out a value that is not an https URL, and says which var in the log", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(socialLinks(parseConfig({ SOCIAL_YOUTUBE_URL: "javascript:alert(1)", SOCIAL_INSTAGRAM_URL: "instagram.com/x" }))).toEqual([]);
    expect(loggedEvents(logged)).toEqual([
      expect.objectContaining({ level: "error", event: "config.invalid", setting: "SOCIAL_INSTAGRAM_URL" }),
      expect.objectContaining({ level: "error", event: "config.invalid", setting: "SOCIAL_YOUTUBE_URL" }),
    ]);
  });
});

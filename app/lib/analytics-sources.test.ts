/** One reading of a visit's source, shared by the Worker's counting and by attribution (docs/analytics.md). */
import { describe, expect, it } from "vitest";
import {
  externalReferrerHost,
  issueCampaign,
  NEWSLETTER_SOURCE,
  normaliseTag,
  SOURCE_MAX_LENGTH,
  visitSourceFrom,
} from "./analytics-sources";

const OWN = "theexaminedlife.org";

describe("normaliseTag", () => {
  it("trims, lower-cases and cuts at SOURCE_MAX_LENGTH; empty is null", () => {
    expect(normaliseTag("  Twitter ")).toBe("twitter");
    expect(normaliseTag("x".repeat(300))).toHaveLength(SOURCE_MAX_LENGTH);
    expect(normaliseTag(`${"a".repeat(SOURCE_MAX_LENGTH - 1)} b`)).toBe("a".repeat(SOURCE_MAX_LENGTH - 1));
    for (const empty of ["", "   ", null, undefined]) expect(normaliseTag(empty)).toBeNull();
  });
});

describe("externalReferrerHost", () => {
  it("keeps only another site's host, without www., never a path or a query", () => {
    expect(externalReferrerHost("https://www.Google.com/search?q=stoicism", OWN)).toBe("google.com");
    expect(externalReferrerHost("http://news.ycombinator.com/item?id=1", OWN)).toBe("news.ycombinator.com");
    expect(externalReferrerHost("https://blog.example:8443/post", OWN)).toBe("blog.example:8443");
  });

  it("reads a bare host (what a tab keeps) the same way", () => {
    expect(externalReferrerHost("www.duckduckgo.com", OWN)).toBe("duckduckgo.com");
    expect(externalReferrerHost("Example.org", OWN)).toBe("example.org");
  });

  it("is null for this site, nothing, malformed values and anything but http(s)", () => {
    for (const value of [
      `https://${OWN}/articles/1`,
      OWN,
      "",
      null,
      undefined,
      "not a url://",
      "ftp://files.example.com/x",
      "javascript://alert(1)",
      "android-app://com.google.android.gm/",
      "host with spaces",
      "evil.com/path",
      "<script>",
    ])
      expect(externalReferrerHost(value, OWN), String(value)).toBeNull();
  });
});

describe("visitSourceFrom", () => {
  it("takes utm_source, utm_medium and utm_campaign, normalised", () => {
    const query = new URLSearchParams("utm_source=Mastodon&utm_medium=Social&utm_campaign=%20Spring%20&other=1");
    expect(visitSourceFrom(query, "google.com")).toEqual({ source: "mastodon", medium: "social", campaign: "spring" });
  });

  it("falls back to ref, then to the referrer's host; neither is a direct visit", () => {
    expect(visitSourceFrom(new URLSearchParams("ref=Producthunt"), "google.com")).toEqual({
      source: "producthunt",
      medium: null,
      campaign: null,
    });
    expect(visitSourceFrom(new URLSearchParams("utm_source=&ref=x"), null).source).toBe("x");
    expect(visitSourceFrom(new URLSearchParams("q=1"), "google.com")).toEqual({ source: "google.com", medium: null, campaign: null });
    expect(visitSourceFrom(new URLSearchParams(""), null)).toEqual({ source: null, medium: null, campaign: null });
  });

  it("a newsletter issue's link reads as its campaign", () => {
    const link = new URLSearchParams({ utm_source: NEWSLETTER_SOURCE, utm_campaign: issueCampaign(12) });
    expect(visitSourceFrom(link, null)).toEqual({ source: "newsletter", medium: null, campaign: "issue-12" });
  });
});

import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AnalyticsChart, axisTop, cursorAfterKey, pointText } from "./analytics-chart";
import { Sparkline } from "./sparkline";

const point = (day: string, views: number, visitors: number) => ({
  day,
  views,
  visitors,
  previousDay: "2026-10-01",
  previousViews: 3,
  previousVisitors: 2,
});

describe("the analytics chart", () => {
  it("moves its cursor a day with the arrows, a week with Page Up/Down, to the ends with Home/End, never past them", () => {
    expect([cursorAfterKey("ArrowLeft", 5, 30), cursorAfterKey("ArrowRight", 5, 30)]).toEqual([4, 6]);
    expect([cursorAfterKey("PageDown", 5, 30), cursorAfterKey("PageUp", 25, 30)]).toEqual([0, 29]);
    expect([cursorAfterKey("Home", 5, 30), cursorAfterKey("End", 5, 30), cursorAfterKey("ArrowLeft", 0, 30)]).toEqual([0, 29, 0]);
    expect(cursorAfterKey("a", 5, 30)).toBeNull();
  });

  it("tops its axis at a round number", () => {
    expect([axisTop(0), axisTop(7), axisTop(12), axisTop(480), axisTop(1000)]).toEqual([1, 10, 20, 500, 1000]);
  });

  it("is a slider whose value says the day's counts and the previous period's, on the last day at first, with a table", () => {
    const html = renderToString(<AnalyticsChart title="Visits" points={[point("2026-11-01", 5, 4), point("2026-11-02", 1200, 800)]} />);
    expect(html).toContain('role="slider"');
    expect(html).toContain('aria-valuenow="2"');
    expect(pointText(point("2026-11-02", 1200, 800))).toBe(
      "Nov 2, 2026: 1,200 visits, 800 unique visitors. Previous period, Oct 1, 2026: 3 visits, 2 unique visitors.",
    );
    expect(html).toContain("Show as a table");
    expect(html).toContain('data-day="2026-11-01"');
  });

  it("the sparkline is one image named by its summary", () => {
    const html = renderToString(<Sparkline values={[1, 5, 2]} label="12 visits in 30 days" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="12 visits in 30 days"');
  });
});

/** Not-found and error states: one h1 per page (the page's name for screen readers and search), and their titles. */
import { describe, expect, it } from "vitest";
import { enterBuyer, uniqueBuyer } from "./checkout";
import { gotoHydrated, openPagePerTest } from "./browser";

const t = openPagePerTest();

const headingsOne = () => t.page.locator("h1").allTextContents();

describe("not-found and error states", () => {
  it("every not-found page and panel has exactly one h1", async () => {
    const pages: [string, string][] = [
      ["/no/such/page", "404 Page Not Found"],
      ["/articles/999999", "Article Not Found"],
      ["/practices/424242", "Practice Not Found"],
      ["/resources/999999", "Resource Not Found"],
      ["/courses/999", "Course not found"],
      ["/courses/999/enroll", "Course not found"],
    ];
    for (const [path, heading] of pages) {
      const response = await gotoHydrated(t.page, path);
      expect(response?.status(), path).toBe(404);
      expect(await headingsOne(), path).toEqual([heading]);
    }
    expect(t.pageErrors.filter((message) => !message.includes("404"))).toEqual([]);
  });

  it("the enrol page's payment error keeps the page's one h1 (the panel's title is below it)", async () => {
    await t.page.route("**/api/create-payment-intent", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ message: "Something went wrong on our side. Please try again." }),
      }),
    );
    await gotoHydrated(t.page, "/courses/1/enroll");
    await enterBuyer(t.page, uniqueBuyer());
    await t.page.getByRole("heading", { level: 2, name: "Failed to initialize payment" }).waitFor();
    expect(await headingsOne()).toEqual(["Complete Your Enrollment"]);
  });

  it("the 404 page's title comes from the root's meta, before and after hydration", async () => {
    const response = await t.page.request.get("/no/such/page");
    expect(await response.text()).toContain("<title>Page Not Found | The Examined Life</title>");
    await gotoHydrated(t.page, "/no/such/page");
    expect(await t.page.title()).toBe("Page Not Found | The Examined Life");
  });
});

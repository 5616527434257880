/** A bundle's page as the server renders it: its courses (linked), its price, the saving, and the way to buy it. */
import { describe, expect, it } from "vitest";
import { renderRoute, textOf, textWhere } from "../../tests/support/route-html";
import type { Route } from "./+types/bundle";
import BundlePage from "./bundle";

type BundleData = Route.ComponentProps["loaderData"];
type Bundle = NonNullable<BundleData["bundle"]>;

const course = (id: number, title: string, priceCents: number) => ({
  id,
  title,
  imageUrl: `/images/courses/${id}.svg`,
  imageAlt: "",
  level: "Beginner",
  priceCents,
});

const BUNDLE = {
  id: 4,
  title: "The Whole Stoa",
  description: "Three courses together.",
  priceCents: 19900,
  courses: [
    course(1, "Stoicism for Everyday Life", 4900),
    course(2, "Meditations, Slowly", 7900),
    course(3, "Letters from a Stoic", 12900),
  ],
  listCents: 25700,
  savingsCents: 5800,
} satisfies Bundle;

const render = (loaderData: BundleData) => renderRoute("/bundles/4", { path: "/bundles/:id", Component: BundlePage, loaderData });

describe("bundle page", () => {
  it("lists its courses with links, its price, the list price struck through and the saving, and links to its checkout", async () => {
    const html = await render({ bundle: BUNDLE });
    const courses = textWhere(html, 'data-testid="bundle-courses"');
    for (const title of ["Stoicism for Everyday Life", "Meditations, Slowly", "Letters from a Stoic"]) expect(courses).toContain(title);
    for (const id of [1, 2, 3]) expect(html).toContain(`href="/courses/${id}"`);
    expect(textWhere(html, 'data-testid="bundle-price"')).toBe("$199.00");
    expect(textWhere(html, 'data-testid="bundle-list-price"')).toBe("$257.00");
    expect(textWhere(html, 'data-testid="bundle-savings"')).toBe("You save $58.00");
    expect(html).toContain('href="/bundles/4/enroll"');
  });

  it("says when there is no such bundle", async () => {
    const html = await render({ bundle: null });
    expect(textOf(html)).toContain("Bundle not found");
    expect(html).not.toContain("/enroll");
  });
});

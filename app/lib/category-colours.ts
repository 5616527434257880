/**
 * The colours an article category may take: names for the badge colours of the palette (app/app.css, `--color-badge-*`),
 * each a background and text pair that keeps AA contrast in both themes (docs/design.md). A category stores the name, so
 * the admin picks from these and never types a colour.
 */
export const CATEGORY_COLOURS = ["sand", "blue", "green", "plum"] as const;
export type CategoryColour = (typeof CATEGORY_COLOURS)[number];

export const CATEGORY_COLOUR_LABELS: Record<CategoryColour, string> = {
  sand: "Sand (the default)",
  blue: "Blue",
  green: "Green",
  plum: "Plum",
};

export const isCategoryColour = (value: string): value is CategoryColour => (CATEGORY_COLOURS as readonly string[]).includes(value);

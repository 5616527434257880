/** The list filters: case-insensitive substring search, ANDed with one category or duration band. */

export function matchesSearch(query: string, ...fields: string[]) {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((field) => field.toLowerCase().includes(needle));
}

export const DURATION_BANDS = [
  { value: "short", label: "≤ 15 min", test: (minutes: number) => minutes <= 15 },
  { value: "medium", label: "16-30 min", test: (minutes: number) => minutes > 15 && minutes <= 30 },
  { value: "long", label: "> 30 min", test: (minutes: number) => minutes > 30 },
] as const;

export type DurationBand = (typeof DURATION_BANDS)[number]["value"];

export function matchesDuration(band: string | null, minutes: number) {
  const found = DURATION_BANDS.find((b) => b.value === band);
  return found ? found.test(minutes) : true;
}

/** Finds the listed category that a URL value names (case-insensitive); unknown values mean "All". */
export function resolveCategory(value: string | null, categories: readonly string[]) {
  if (!value) return null;
  return categories.find((c) => c.toLowerCase() === value.toLowerCase()) ?? null;
}

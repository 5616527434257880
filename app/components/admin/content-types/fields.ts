/** Helpers the content types' field lists share, and the generic form values built from them. */
import type { FieldSpec, FormValues } from "../content-form";
import { PUBLICATION_STATUSES, PUBLICATION_STATUS_LABELS, publishAtInputValue } from "~/lib/publication";
import type { LoadedOptions } from "./types";

export const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export const IMAGE_HINT =
  "Choose or upload one from the media library below, or a path on this site such as /images/… (images are served from this site only).";

/** The status and publish-time fields of the types with drafts and scheduling (articles, practices, courses). */
export const PUBLICATION_FIELDS: FieldSpec[] = [
  {
    name: "status",
    label: "Status",
    kind: "select",
    required: true,
    options: PUBLICATION_STATUSES.map((value) => ({ value, label: PUBLICATION_STATUS_LABELS[value] })),
    hint: "Draft: hidden from the site (use Preview). Scheduled: published automatically at the time below. Published: on the site.",
  },
  {
    name: "publishAt",
    label: "Publish at (UTC)",
    kind: "datetime",
    hint: "Only for Scheduled: the date and time in UTC (Coordinated Universal Time), checked every 5 minutes.",
  },
];

/** The fields with the loaded options filled in (a select keeps its own options when none were loaded for it). */
export function withOptions(fields: ReadonlyArray<FieldSpec>, options: LoadedOptions): FieldSpec[] {
  return fields.map((field) => (options[field.name] ? { ...field, options: options[field.name] } : field));
}

/** A new item's form: the defaults, else empty; a select whose default is not among its options takes the first one. */
export function initialValues(fields: ReadonlyArray<FieldSpec>, defaults: Record<string, string | number | boolean>): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = defaults[field.name];
    if (field.kind === "checkbox") values[field.name] = value === true;
    else if (field.kind === "date") continue;
    else {
      const text = value === undefined ? "" : String(value);
      const options = field.kind === "select" ? field.options : undefined;
      values[field.name] = options && !options.some((option) => option.value === text) ? (options[0]?.value ?? text) : text;
    }
  }
  return values;
}

/** A stored item's form: each field's value as the inputs hold it (numbers as text, checkboxes as booleans). */
export function storedValues(fields: ReadonlyArray<FieldSpec>, row: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = row[field.name];
    if (field.kind === "checkbox") values[field.name] = value === true;
    else if (field.kind === "datetime") values[field.name] = publishAtInputValue(typeof value === "string" ? value : null);
    else values[field.name] = value === null || value === undefined ? "" : String(value);
  }
  return values;
}

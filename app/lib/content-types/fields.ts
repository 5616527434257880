/**
 * The content types' form fields as data (what each input is, not how it is drawn: app/components/admin/content-form.tsx),
 * the helpers their field lists share, and the form values and JSON bodies built from them, in the browser and on the server.
 */
import { LIMITS, parseWholeNumber } from "~/lib/admin-schemas";
import type { MediaKind } from "~/lib/media-schemas";
import { PUBLICATION_STATUSES, PUBLICATION_STATUS_LABELS, publishAtInputValue } from "~/lib/publication";

/** A form field; `Name` is the schema key it sends (a type's fields are checked against its schema: ./types.ts). */
export type FieldSpec<Name extends string = string> = {
  name: Name;
  label: string;
  /** "datetime": a date and time in UTC (a publish time), stored as an ISO timestamp. */
  kind: "text" | "url" | "textarea" | "markdown" | "number" | "select" | "checkbox" | "date" | "datetime";
  required?: boolean;
  maxLength?: number;
  rows?: number;
  hint?: string;
  placeholder?: string;
  /** For selects; `numeric` sends the chosen value as a number. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  numeric?: boolean;
  /** A "markdown" field written in the visual editor (with a switch to the Markdown source): app/components/admin/markdown-editor.tsx. */
  visual?: boolean;
  /** Spans both columns on wide screens. */
  wide?: boolean;
  /** An image or audio URL: the field gets the media library's picker (upload, or choose). */
  media?: MediaKind;
  /**
   * The field holding this image's alt text (a course's `imageAlt`): picking or uploading a file in the picker fills it
   * with the library's alt text for that file, which would otherwise be lost between the two pickers.
   */
  altField?: string;
  /**
   * Not an input: shown and changed by the editor's buttons only (the status: Publish, Schedule…, Unpublish, with the
   * intent they send). Its stored value is read into the form (and revisions) but never sent.
   */
  managed?: boolean;
  /**
   * A number computed from another field when left empty (an article's reading time from its content): the form shows
   * the computed value live, the server stores it. A stored value equal to the computed one reads back as empty.
   */
  computed?: { from: string; value: (text: string) => number };
};

export type FormValues = Record<string, string | boolean>;

/** Options a server entry loads for a select, by field name (e.g. the resource categories for "categoryId"). */
export type LoadedOptions = Record<string, ReadonlyArray<{ value: string; label: string }>>;

/** Turns what the inputs hold into the JSON body: whole numbers parsed (0 when not a number), checkboxes as booleans. */
export function toPayload(fields: ReadonlyArray<FieldSpec>, values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.managed) continue;
    if (field.kind === "checkbox") body[field.name] = value === true;
    else if (field.kind === "number" && !field.required && !String(value ?? "").trim()) continue;
    else if (field.kind === "number" || (field.kind === "select" && field.numeric))
      body[field.name] = parseWholeNumber(String(value ?? ""));
    else if (field.kind === "date" || field.kind === "datetime") {
      if (String(value ?? "").trim()) body[field.name] = String(value);
    } else body[field.name] = String(value ?? "");
  }
  return body;
}

export const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

const IMAGE_HINT =
  "Choose or upload one from the media library below, or a path on this site such as /images/… (images are served from this site only).";

/** The cover image of an article, practice or course: picked from the media library or a path on this site. */
export function coverImageField(placeholder: string, altField?: string): FieldSpec<"imageUrl"> {
  return {
    name: "imageUrl",
    media: "image",
    ...(altField ? { altField } : {}),
    label: "Image URL",
    kind: "url",
    required: true,
    maxLength: LIMITS.url,
    hint: IMAGE_HINT,
    placeholder,
  };
}

/**
 * The status and publish-time fields of the types with drafts and scheduling (articles, practices, courses). The status
 * is managed: the editor's Publish, Schedule… and Unpublish buttons change it (app/components/admin/content-form.tsx).
 */
export const PUBLICATION_FIELDS: FieldSpec<"status" | "publishAt">[] = [
  {
    name: "status",
    label: "Status",
    kind: "select",
    managed: true,
    options: PUBLICATION_STATUSES.map((value) => ({ value, label: PUBLICATION_STATUS_LABELS[value] })),
    hint: "Draft: hidden from the site (use Preview). Scheduled: published automatically at its time. Published: on the site.",
  },
  {
    name: "publishAt",
    label: "Publish at (UTC)",
    kind: "datetime",
    hint: "For “Schedule…”: the date and time in UTC (Coordinated Universal Time), checked every 5 minutes.",
  },
];

/** The fields with the loaded options filled in (a select keeps its own options when none were loaded for it). */
export function withOptions(fields: ReadonlyArray<FieldSpec>, options: LoadedOptions): FieldSpec[] {
  return fields.map((field) => (options[field.name] ? { ...field, options: options[field.name] } : field));
}

/** A new item's form: the defaults, else empty; a select whose default is not among its options takes the first one. */
export function initialValues(fields: ReadonlyArray<FieldSpec>, defaults: Partial<Record<string, string | number | boolean>>): FormValues {
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
    else if (field.computed && value === field.computed.value(String(row[field.computed.from] ?? ""))) values[field.name] = "";
    else values[field.name] = value === null || value === undefined ? "" : String(value);
  }
  return values;
}

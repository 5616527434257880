/**
 * Autosave (docs/admin.md, "Autosave and unsaved changes"): what the edit form sends every 10 seconds after a change
 * and when it loses focus, checked with the same schema in the browser and by POST /api/{type}/{id}/autosave. An
 * autosave keeps the form as typed, unfinished or not (an empty title is fine), so the schema checks only shapes and
 * lengths, never the rules a real save applies.
 */
import { z } from "zod";
import { editedVersion } from "./admin-schemas";
import type { FieldSpec, FormValues } from "./content-types/fields";
import { MARKDOWN_MAX_CHARS } from "./markdown";

/** How long after a change the form waits before it autosaves. */
export const AUTOSAVE_DELAY_MS = 10_000;

/** The longest a field without its own limit may be in an autosave (a number, a date, a select's value). */
const SHORT_FIELD_MAX = 1_000;

/** The fields an autosave keeps: what the writer types (a managed status is the buttons', never autosaved). */
export const autosavedFields = (fields: ReadonlyArray<FieldSpec>) => fields.filter((field) => !field.managed);

/** `{ version, values }`: the version the form was edited from (as a save sends it) and the form's values by field name. */
export function autosaveSchema(fields: ReadonlyArray<FieldSpec>) {
  const shape = Object.fromEntries(
    autosavedFields(fields).map((field) => {
      const max = field.maxLength ?? (field.kind === "markdown" || field.kind === "textarea" ? MARKDOWN_MAX_CHARS : SHORT_FIELD_MAX);
      const value =
        field.kind === "checkbox"
          ? z.boolean({ error: `The field "${field.name}" must be true or false.` })
          : z
              .string({ error: `The field "${field.name}" must be text.` })
              .max(max, `The field "${field.label}" can be at most ${max} characters.`);
      return [field.name, value.optional()];
    }),
  );
  return z.strictObject(
    {
      version: editedVersion.unwrap(),
      values: z.strictObject(shape, { error: (issue) => autosaveValuesError(issue) }),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? 'Send only "version" and "values".' : 'Send "version" and "values".') },
  );
}

function autosaveValuesError(issue: { code?: string; keys?: string[] }) {
  if (issue.code === "unrecognized_keys") return `The form has no field named ${issue.keys?.map((key) => `"${key}"`).join(", ")}.`;
  return 'The field "values" must be an object of the form\'s fields.';
}

export type AutosaveInput = { version: string; values: Partial<FormValues> };

/** What the edit page reads of the signed-in account's autosave of an item, to offer it back. */
export type AutosaveOffer = { values: FormValues; savedAt: string; baseVersion: string };

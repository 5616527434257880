import {
  LIMITS,
  PRACTICE_CATEGORIES,
  PRACTICE_DEFAULTS,
  type PracticeInput,
  practiceSchema,
  practiceUpdateSchema,
} from "~/lib/admin-schemas";
import { CONTENT_TYPE_NAMES } from ".";
import type { FieldSpec } from "./fields";
import { PUBLICATION_FIELDS, choices, coverImageField } from "./fields";
import { type FieldName, defineContentSpec } from "./types";

/** The practice categories offered, plus "Stoic", the value the seed practices use. */
const fields: FieldSpec<FieldName<PracticeInput>>[] = [
  { name: "title", label: "Title", kind: "text", required: true, maxLength: LIMITS.title, wide: true },
  { name: "description", label: "Description", kind: "textarea", required: true, maxLength: LIMITS.description, rows: 3 },
  coverImageField("e.g. /images/practices/practice-1.svg"),
  { name: "category", label: "Category", kind: "select", required: true, options: choices(PRACTICE_CATEGORIES) },
  { name: "duration", label: "Duration (minutes)", kind: "number", required: true },
  { name: "focus", label: "Focus", kind: "text", required: true, maxLength: LIMITS.focus },
  {
    name: "audioUrl",
    media: "audio",
    label: "Audio URL",
    kind: "url",
    required: true,
    maxLength: LIMITS.url,
    hint: "A path on this site such as /audio/… (recordings are served from this site only).",
    placeholder: "e.g. /audio/practice-1.ogg",
  },
  {
    name: "transcript",
    label: "Transcript",
    kind: "markdown",
    visual: true,
    maxLength: LIMITS.transcript,
    rows: 12,
    hint: "The spoken guidance, shown under the player. Directions in square brackets, such as [pause] or [2 minutes of silence], shape the recording and are not shown.",
  },
  { name: "featured", label: "Featured", kind: "checkbox", hint: "Featured practices appear on the home page (the first two)." },
  ...PUBLICATION_FIELDS,
];

export const practiceSpec = defineContentSpec({
  ...CONTENT_TYPE_NAMES.practice,
  createSchema: practiceSchema,
  updateSchema: practiceUpdateSchema,
  fields,
  defaults: PRACTICE_DEFAULTS,
  listDescription: "Every guided practice, newest first, with its status: only published ones are on /practices.",
  newDescription: "A new practice is a draft: save it, preview it, then publish or schedule it from its edit page.",
});

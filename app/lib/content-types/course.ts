import type { z } from "zod";
import { COURSE_DEFAULTS, COURSE_LEVELS, COURSE_PRICE_MAX_DOLLARS, LIMITS, courseSchema, courseUpdateSchema } from "~/lib/admin-schemas";
import { CONTENT_TYPE_NAMES } from ".";
import type { FieldSpec } from "./fields";
import { PUBLICATION_FIELDS, choices, coverImageField } from "./fields";
import { type FieldName, defineContentSpec } from "./types";
import { DRIP_DAYS_MAX, DRIP_MODE_LABELS, DRIP_MODES } from "~/lib/drip";

const fields: FieldSpec<FieldName<z.output<typeof courseSchema>>>[] = [
  { name: "title", label: "Title", kind: "text", required: true, maxLength: LIMITS.title, wide: true },
  { name: "description", label: "Description", kind: "textarea", required: true, maxLength: LIMITS.description, rows: 4 },
  coverImageField("e.g. /images/courses/course-1.svg", "imageAlt"),
  {
    name: "imageAlt",
    label: "Image description (alt text)",
    kind: "text",
    maxLength: LIMITS.imageCaption,
    hint: "What the image shows, for readers who cannot see it. Leave empty if it is only decoration.",
  },
  { name: "level", label: "Level", kind: "select", required: true, options: choices(COURSE_LEVELS) },
  { name: "duration", label: "Length (hours)", kind: "number", required: true },
  {
    name: "price",
    label: "Price (US dollars)",
    kind: "text",
    required: true,
    maxLength: 9,
    hint: `Dollars and cents, such as 49 or 49.99 (0 to ${COURSE_PRICE_MAX_DOLLARS}).`,
  },
  {
    name: "dripMode",
    label: "Lessons open",
    kind: "select",
    required: true,
    options: DRIP_MODES.map((mode) => ({ value: mode, label: DRIP_MODE_LABELS[mode] })),
    hint: "Drip release. The free preview is always open. Module by module: the first module opens at enrolment, each next one N days later. Fixed dates: each module's date is set in the outline below (a module without one is open).",
  },
  {
    name: "dripDays",
    label: "Days between modules (N)",
    kind: "number",
    required: true,
    hint: `For module by module: module 2 opens N days after the day of enrolment, module 3 after 2 × N days, and so on (1 to ${DRIP_DAYS_MAX}).`,
  },
  {
    name: "dripEmail",
    label: "E-mail learners when a module opens",
    kind: "checkbox",
    hint: "At most one e-mail a day per learner, sent by the daily job, for a course that does not open all at once.",
  },
  ...PUBLICATION_FIELDS.map((field) =>
    field.name === "status"
      ? {
          ...field,
          hint: "A published course is listed on /courses, found by search and on sale. A draft is hidden; its learners keep access.",
        }
      : field,
  ),
];

export const courseSpec = defineContentSpec({
  ...CONTENT_TYPE_NAMES.course,
  createSchema: courseSchema,
  updateSchema: courseUpdateSchema,
  fields,
  defaults: COURSE_DEFAULTS,
  listDescription:
    "Every course, newest first, with its status. Drafts are hidden from the site; a course with enrolments can only be made a draft.",
  newDescription: "A new course starts as a draft. Save it, then add its modules, lessons and assessments on its edit page.",
});

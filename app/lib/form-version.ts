/**
 * The version an edit started from, as forms and the API send it (docs/api.md, "Versions"). Kept apart from the admin's
 * schemas so a small shared module (bundles.ts) can take it without them.
 */
import { z } from "zod";

/** A version as an item's updatedAt can be: "" (never saved) or a date and time (an ISO string as stored). */
export function isEditedVersion(value: string) {
  return value === "" || (value.length <= 40 && Number.isFinite(Date.parse(value)));
}

/** What a save without its version is told (400, field "version"). */
export const FORM_VERSION_MISSING = "This form was sent without the version it was opened at: reload the page and make your change again.";

/**
 * The version a page's form (an editable page, Settings, a bundle, a newsletter issue) was opened at, as a hidden field:
 * required, so a form posted without it is a 400 instead of a save over whatever is stored (docs/admin.md, "Two
 * admins on one item"). A stale one is the save's 409.
 */
export const formVersion = z
  .string({ error: () => FORM_VERSION_MISSING })
  .trim()
  .max(40, 'The field "version" must be the updatedAt the form was opened at.')
  .refine((value) => isEditedVersion(value), 'The field "version" must be the updatedAt the form was opened at.');

/**
 * Validation rules shared by the forms (browser) and the server schemas (app/lib/schemas.ts).
 * Plain constants, so importing them costs the browser bundle almost nothing.
 */
export const EMAIL_MAX = 254;
export const NAME_MAX = 120;
export const MESSAGE_MAX = 5000;
export const CONTACT_SUBJECTS = [
  { value: "general", label: "General inquiry" },
  { value: "support", label: "Support" },
  { value: "partnership", label: "Partnership" },
  { value: "feedback", label: "Feedback" },
  { value: "other", label: "Other" },
] as const;

/** A practical e-mail check (the same one on both sides): something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** The longest written answer to an exercise or reflection. */
export const WRITTEN_ANSWER_MAX = 5000;

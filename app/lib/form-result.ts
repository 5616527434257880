/**
 * What every page form's action answers (`formAction`, app/server/core/form-action.server.ts), and what its page
 * reads back: done, with a sentence for the visitor (and data of the action's own), or refused, with the sentence and
 * the field at fault. The JSON API answers its own shape, `{ message, field }` (docs/api.md).
 */
export type FormRefusal = {
  ok: false;
  message: string;
  /** The form field the refusal is about, if one is. */
  field?: string;
  /** Each field's first problem, when the form's checks refused it: for forms that show an error beside every field. */
  fieldErrors?: Record<string, string>;
  /** What was typed into the fields the action keeps (never a password), so that a page posted without JavaScript refills its form. */
  values?: Record<string, string>;
};

export type FormSuccess<Data extends object = object> = { ok: true; message: string } & Data;

export type FormResult<Data extends object = object> = FormSuccess<Data> | FormRefusal;

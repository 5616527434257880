import { MediaPicker } from "./media-picker";
import { useId, useRef, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { toast } from "~/components/layout/toaster";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, FieldFrame, SelectField, TextareaField } from "~/components/ui/field";
import { type FieldSpec, type FormValues, toPayload } from "~/lib/content-types/fields";
import { fieldErrors } from "~/lib/schemas";
import { ApiError, sendJson } from "~/lib/api-client";
import { MarkdownEditor } from "./markdown-editor";

type Props = {
  /** "Article", "Practice", "Resource": used in the toasts and buttons. */
  noun: string;
  fields: ReadonlyArray<FieldSpec>;
  initial: FormValues;
  schema: z.ZodType;
  mode: "create" | "edit";
  method: "POST" | "PUT";
  endpoint: string;
  /** Where the saved item can be seen (and edited) once created. */
  publicPath: (id: number) => string;
  adminPath: (id: number) => string;
  /**
   * Editing: the item's `updatedAt` when the page was read, sent with each save as `version`, so a save over someone
   * else's newer one is refused (409) instead of overwriting it; then the form keeps what was typed and links to the
   * item's history (`historyPath`).
   */
  version?: string;
  /** Given: the version is the page's state, shared with what else saves the item there (a course's outline editor). */
  onVersion?: (version: string) => void;
  historyPath?: string;
};

/**
 * The admin create/edit form: every field labelled, errors beside their field, a busy
 * button, a success or error toast, and a reset to the defaults after a successful create. The browser checks
 * with the same zod schema the server uses; the server's 400 message is shown beside the field its `field` names.
 */
export function ContentForm(props: Props) {
  const { noun, fields, initial, mode, publicPath, adminPath, historyPath } = props;
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const idFor = (name: string) => `${formId}-${name}`;

  function set(name: string, value: string | boolean) {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _removed, ...rest }) => rest);
  }

  function focusField(name: string) {
    const element = formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`);
    element?.focus();
  }

  const { busy, created, conflict, submit } = useContentSubmit(props, { values, setValues, setErrors, focusField });

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      className="space-y-6"
      aria-label={mode === "create" ? `New ${noun.toLowerCase()}` : `Edit ${noun.toLowerCase()}`}
    >
      {created && mode === "create" && <CreatedNotice created={created} publicPath={publicPath} adminPath={adminPath} />}
      {conflict && <SaveConflict message={conflict} historyPath={historyPath} />}
      <div className="grid gap-x-6 gap-y-2 md:grid-cols-2">
        {fields.map((field) => (
          <FieldControl
            key={field.name}
            field={field}
            id={idFor(field.name)}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(value) => set(field.name, value)}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={busy} aria-busy={busy}>
          {busy ? (mode === "create" ? "Creating..." : "Saving...") : mode === "create" ? `Create ${noun}` : "Save Changes"}
        </Button>
      </div>
    </form>
  );
}

/**
 * Sending the form: checked first with the schema (errors beside their fields, focus on the first), then sent with the
 * version it was edited from. A create resets the form to its defaults and says where the new item is; a 409 keeps
 * what was typed and shows `conflict`; the server's refusal of a field is shown beside it.
 */
function useContentSubmit(
  { noun, fields, initial, schema, mode, method, endpoint, version, onVersion }: Props,
  form: {
    values: FormValues;
    setValues: (values: FormValues) => void;
    setErrors: (errors: Record<string, string>) => void;
    focusField: (name: string) => void;
  },
) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ id: number; title: string } | null>(null);
  // The version this form's values were edited from: the page's, then each own save's.
  const [ownVersion, setOwnVersion] = useState(version);
  const editedFrom = onVersion ? version : ownVersion;
  const setEditedFrom = onVersion ?? setOwnVersion;
  const [conflict, setConflict] = useState<string | null>(null);
  const { values, setValues, setErrors, focusField } = form;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = toPayload(fields, values);
    if (mode === "edit" && editedFrom !== undefined) body.version = editedFrom;
    const checked = schema.safeParse(body);
    if (!checked.success) {
      const found = fieldErrors(checked.error);
      setErrors(found);
      const first = fields.find((field) => found[field.name]);
      if (first) focusField(first.name);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await sendJson<{ id: number; title: string; updatedAt?: string }>(method, endpoint, checked.data);
      setConflict(null);
      if (saved.updatedAt) setEditedFrom(saved.updatedAt);
      if (mode === "create") {
        toast.success("Success", { description: `${noun} has been created successfully.` });
        setValues(initial);
        setCreated({ id: saved.id, title: saved.title });
      } else {
        toast.success("Success", { description: `${noun} has been updated successfully.` });
        revalidator.revalidate();
      }
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : "";
      toast.error("Error", {
        description:
          message || (mode === "create" ? "Failed to create content. Please try again." : "Failed to save your changes. Please try again."),
      });
      const field = error instanceof ApiError ? error.field : undefined;
      if (field && fields.some((spec) => spec.name === field)) {
        setErrors({ [field]: message });
        focusField(field);
      }
      if (error instanceof ApiError && error.status === 401) navigate("/login");
      // Someone else saved first: nothing typed is lost (the values stay), and the notice links to what they changed.
      if (error instanceof ApiError && error.status === 409) setConflict(message);
    } finally {
      setBusy(false);
    }
  }

  return { busy, created, conflict, submit };
}

/** After a create: the new item's title, and links to it on the site and to its edit page. */
function CreatedNotice({
  created,
  publicPath,
  adminPath,
}: {
  created: { id: number; title: string };
  publicPath: (id: number) => string;
  adminPath: (id: number) => string;
}) {
  return (
    <p role="status" className="rounded-md border border-success/40 bg-card p-3 text-sm text-success">
      Created “{created.title}”.{" "}
      <Link className="font-medium underline underline-offset-4" to={publicPath(created.id)}>
        View it on the site
      </Link>{" "}
      or{" "}
      <Link className="font-medium underline underline-offset-4" to={adminPath(created.id)}>
        edit it
      </Link>
      .
    </p>
  );
}

/** A save refused because someone else saved first (409): what was typed stays, and the history shows what they changed. */
export function SaveConflict({ message, historyPath }: { message: string; historyPath?: string }) {
  return (
    <div role="alert" className="rounded-md border border-destructive/50 p-3 text-sm text-destructive" data-testid="save-conflict">
      <p>{message}</p>
      {historyPath && (
        <p className="mt-2">
          <Link className="font-medium underline underline-offset-4" to={historyPath} target="_blank" rel="noreferrer">
            See what changed in the history
          </Link>{" "}
          (opens in a new tab, so this form and what you typed stay here).
        </p>
      )}
    </div>
  );
}

/** One field of the form, drawn by its kind: the error shown is the browser's check or the server's refusal naming it. */
export function FieldControl({
  field,
  id,
  value,
  error,
  onChange,
}: {
  field: FieldSpec;
  id: string;
  value: string | boolean | undefined;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
}) {
  const text = typeof value === "string" ? value : "";
  const wide = field.wide || field.kind === "textarea" || field.kind === "markdown" ? "md:col-span-2" : "";
  const common = { id, name: field.name, required: field.required, label: field.label, hint: field.hint, error };

  if (field.kind === "checkbox") {
    return <CheckboxField {...common} className={wide} checked={value === true} onChange={(event) => onChange(event.target.checked)} />;
  }

  const framed = { ...common, optional: !field.required, className: field.media ? undefined : wide };
  const control =
    field.kind === "markdown" ? (
      <FieldFrame {...framed}>
        {(wired) => (
          <MarkdownEditor
            {...wired}
            name={field.name}
            required={field.required}
            value={text}
            maxLength={field.maxLength}
            rows={field.rows ?? 16}
            onChange={onChange}
          />
        )}
      </FieldFrame>
    ) : field.kind === "textarea" ? (
      <TextareaField
        {...framed}
        value={text}
        maxLength={field.maxLength}
        rows={field.rows ?? 4}
        onChange={(event) => onChange(event.target.value)}
      />
    ) : field.kind === "select" ? (
      <SelectField {...framed} value={text} onChange={(event) => onChange(event.target.value)}>
        {field.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>
    ) : field.kind === "number" ? (
      <Field
        {...framed}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={text}
        onChange={(event) => onChange(event.target.value)}
      />
    ) : field.kind === "date" ? (
      <Field {...framed} type="date" value={text} onChange={(event) => onChange(event.target.value)} />
    ) : field.kind === "datetime" ? (
      <Field {...framed} type="datetime-local" value={text} onChange={(event) => onChange(event.target.value)} />
    ) : (
      <Field
        {...framed}
        // Site paths ("/images/…") are allowed as well as http(s) URLs, which type="url" would refuse.
        type="text"
        inputMode={field.kind === "url" ? "url" : undefined}
        autoComplete="off"
        spellCheck={field.kind === "url" ? false : undefined}
        placeholder={field.placeholder}
        value={text}
        maxLength={field.maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  if (!field.media) return control;
  return (
    <div className={wide}>
      {control}
      <MediaPicker kind={field.media} label={field.label} onPick={onChange} />
    </div>
  );
}

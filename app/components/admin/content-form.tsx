import { MediaPicker } from "./media-picker";
import { useId, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { ConfirmDialog } from "./confirm-dialog";
import { toast } from "~/components/layout/toaster";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { CheckboxField, Field, FieldFrame, SelectField, TextareaField } from "~/components/ui/field";
import { type FieldSpec, type FormValues, toPayload } from "~/lib/content-types/fields";
import { fieldErrors } from "~/lib/schemas";
import { ApiError, sendJson } from "~/lib/api-client";
import {
  IN_REVIEW_LABEL,
  PUBLICATION_STATUS_LABELS,
  type PublicationIntent,
  type PublicationStatus,
  formatPublishAtIn,
  parsePublishAt,
  publishAtFromZone,
  publishAtInZone,
} from "~/lib/publication";
import { useOwnerTimeZone } from "./local-time";
import { formatCount } from "~/lib/format";
import { minutesForWords, wordCount } from "~/lib/reading-time";
import { safeUrl } from "~/lib/urls";
import { MarkdownEditor } from "./markdown-editor";
import { type AutosaveOffer, autosaveSchema } from "~/lib/autosave";
import { AutosaveNotice, AutosaveStatus, useAutosave, useUnsavedChangesGuard } from "./use-autosave";

type Props = {
  /** "Article", "Practice", "Resource": used in the toasts and buttons. */
  noun: string;
  fields: ReadonlyArray<FieldSpec>;
  initial: FormValues;
  schema: z.ZodType;
  mode: "create" | "edit";
  method: "POST" | "PUT";
  endpoint: string;
  /** The edit page of an item: where a create lands. */
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
  /**
   * Editing: the item's autosave endpoint, and the signed-in account's autosave newer than the item (offered back).
   * A new item has none: it is autosaved once its first save has created it (the leave guard protects it until then).
   */
  autosave?: { endpoint: string; offer: AutosaveOffer | null };
  /** The owner's time zone from Settings ("" or none: the browser's): the publish time is shown and typed in it. */
  timeZone?: string;
  /**
   * An edit of a type with drafts: whether this account may change the status (its route's policy, app/site-routes.ts)
   * and whether the draft is in review. One that may not gets "Submit for review" instead of Publish and Schedule….
   */
  review?: { mayPublish: boolean; inReview: boolean };
};

/** The status of the form's item, when its type has one (a managed "status" field: app/lib/content-types/fields.ts). */
function statusOf(fields: ReadonlyArray<FieldSpec>, values: FormValues): PublicationStatus | null {
  if (!fields.some((field) => field.name === "status" && field.managed)) return null;
  const status = values.status;
  return status === "scheduled" || status === "published" ? status : "draft";
}

/** The buttons that change the status, by the item's status and the account's rights: each asks first (`IntentDialog`). */
function intentsFor(status: PublicationStatus, review: Props["review"]): Exclude<PublicationIntent, "save">[] {
  if (review && !review.mayPublish) return status === "draft" && !review.inReview ? ["submit"] : [];
  if (status === "draft") return ["publish", "schedule"];
  if (status === "scheduled") return ["publish", "schedule", "unpublish"];
  return ["unpublish"];
}

const INTENT_BUTTONS: Record<Exclude<PublicationIntent, "save">, { label: string; busy: string; confirm: string; done: string }> = {
  publish: { label: "Publish", busy: "Publishing...", confirm: "Publish", done: "published" },
  schedule: { label: "Schedule…", busy: "Scheduling...", confirm: "Schedule", done: "scheduled" },
  unpublish: { label: "Unpublish", busy: "Unpublishing...", confirm: "Unpublish", done: "unpublished: it is a draft again" },
  submit: { label: "Submit for review", busy: "Submitting...", confirm: "Submit", done: "submitted for review" },
};

/**
 * The admin create/edit form: every field labelled, errors beside their field, a busy button, a success or error
 * toast. The browser checks with the same zod schema the server uses; the server's 400 message is shown beside the
 * field its `field` names. A type with a status never changes it by surprise: "Save draft" (or "Save Changes" once
 * published) keeps the status, and "Publish", "Schedule…" and "Unpublish" each ask first and send their intent. A
 * create lands on the new item's edit page.
 */
export function ContentForm(props: Props) {
  const { noun, fields, mode, historyPath, review } = props;
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>(props.initial);
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

  // The autosave and the leave guard learn of each real save before the navigation a create makes.
  const onSaved = useRef<(saved: FormValues, version?: string) => void>(() => {});
  // …and of each save's start and end: no autosave races a save (use-autosave.tsx).
  const onSaving = useRef<{ start: () => void; end: () => void }>({ start: () => {}, end: () => {} });
  const { busy, conflict, check, send, editedFrom, setEditedFrom } = useContentSubmit(props, {
    values,
    setValues,
    setErrors,
    focusField,
    onSaved: (saved, version) => onSaved.current(saved, version),
    onSaving: { start: () => onSaving.current.start(), end: () => onSaving.current.end() },
  });
  const schemaForAutosave = useMemo(() => autosaveSchema(fields), [fields]);
  const autosave = useAutosave({ fields, values, version: editedFrom, endpoint: props.autosave?.endpoint, schema: schemaForAutosave });
  onSaved.current = autosave.markSaved;
  onSaving.current = { start: autosave.saveStarting, end: autosave.saveSettled };
  const timeZone = useOwnerTimeZone(props.timeZone);
  const leaveDialog = useUnsavedChangesGuard(autosave.dirtyRef, autosave.dirty, autosave.state.kind === "autosaved");
  const status = statusOf(fields, values);
  // The status change being confirmed; the dialog stays mounted (closing it returns focus to its button).
  const [asking, setAsking] = useState<{ intent: Exclude<PublicationIntent, "save">; open: boolean }>({ intent: "publish", open: false });
  // The publish time is for "Schedule…": not shown on a create (a new item is saved as a draft), once published, nor to
  // an account that may not schedule.
  const noSchedule = mode === "create" || status === "published" || review?.mayPublish === false;
  const shown = fields.filter((field) => !field.managed && !(field.kind === "datetime" && field.name === "publishAt" && noSchedule));
  const saveLabel =
    status === null ? (mode === "create" ? `Create ${noun}` : "Save Changes") : status === "draft" ? "Save draft" : "Save Changes";

  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        if (check("save")) void send("save");
      }}
      onBlur={autosave.onFormBlur}
      className="space-y-6"
      aria-label={mode === "create" ? `New ${noun.toLowerCase()}` : `Edit ${noun.toLowerCase()}`}
    >
      {props.autosave?.offer && (
        <AutosaveNotice
          offer={props.autosave.offer}
          currentVersion={props.version ?? ""}
          endpoint={props.autosave.endpoint}
          timeZone={timeZone}
          onRestore={(offer) => {
            setValues((current) => ({ ...current, ...offer.values }));
            // Typed over an older version: saving it is refused (409) rather than overwriting the newer save unseen.
            if (offer.baseVersion !== (props.version ?? "")) setEditedFrom(offer.baseVersion);
          }}
        />
      )}
      {conflict && <SaveConflict message={conflict} historyPath={historyPath} />}
      <div className="grid gap-x-6 gap-y-2 md:grid-cols-2">
        {shown.map((field) => (
          <FieldControl
            key={field.name}
            field={field}
            id={idFor(field.name)}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(value) => set(field.name, value)}
            onPickAlt={field.altField ? (alt) => set(field.altField as string, alt) : undefined}
            computedFrom={field.computed ? String(values[field.computed.from] ?? "") : undefined}
            thumbnailAlt={typeof values.title === "string" && values.title.trim() ? `Cover of “${values.title.trim()}”` : "Cover image"}
            timeZone={timeZone}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {status !== null && (
          <p className="text-sm text-muted-foreground" data-status-now={status}>
            Status:{" "}
            <strong className="font-semibold text-foreground">
              {review?.inReview ? IN_REVIEW_LABEL : PUBLICATION_STATUS_LABELS[status]}
            </strong>
          </p>
        )}
        <Button type="submit" size="lg" disabled={busy !== null} aria-busy={busy === "save"}>
          {busy === "save" ? (mode === "create" ? "Creating..." : "Saving...") : saveLabel}
        </Button>
        {mode === "edit" &&
          status !== null &&
          intentsFor(status, review).map((intent) => (
            <Button
              key={intent}
              variant={intent === "unpublish" ? "outline" : "primary"}
              size="lg"
              disabled={busy !== null}
              aria-busy={busy === intent}
              onClick={() => {
                if (check(intent)) setAsking({ intent, open: true });
              }}
            >
              {busy === intent ? INTENT_BUTTONS[intent].busy : INTENT_BUTTONS[intent].label}
            </Button>
          ))}
        <AutosaveStatus state={autosave.state} dirty={autosave.dirty} timeZone={timeZone} />
      </div>
      {leaveDialog}
      {status !== null && mode === "edit" && (
        <ConfirmDialog
          open={asking.open}
          title={`${INTENT_BUTTONS[asking.intent].confirm} this ${noun.toLowerCase()}?`}
          message={intentMessage(asking.intent, String(values.title ?? ""), String(values.publishAt ?? ""), timeZone)}
          confirmLabel={INTENT_BUTTONS[asking.intent].confirm}
          confirmVariant={asking.intent === "unpublish" ? "destructive" : "primary"}
          busyLabel={INTENT_BUTTONS[asking.intent].busy}
          busy={busy === asking.intent}
          onCancel={() => setAsking(({ intent }) => ({ intent, open: false }))}
          onConfirm={async () => {
            await send(asking.intent);
            setAsking(({ intent }) => ({ intent, open: false }));
          }}
        />
      )}
    </form>
  );
}

/** What each status change does, said before it is done. */
function intentMessage(intent: Exclude<PublicationIntent, "save">, title: string, publishAt: string, timeZone: string) {
  const name = title.trim() ? `“${title.trim()}”` : "It";
  if (intent === "submit")
    return (
      <>{name} will be saved with the changes in the form and marked “In review”. It stays off the site until an editor publishes it.</>
    );
  if (intent === "publish") return <>{name} will be on the site at once, with the changes in the form, for every reader.</>;
  if (intent === "unpublish")
    return <>{name} will be taken off the site at once and become a draft again; its address will answer “not found”.</>;
  const iso = parsePublishAt(publishAt);
  return (
    <>
      {name} will be published automatically on {iso ? formatPublishAtIn(iso, timeZone) : "the time chosen"} (checked every 5 minutes), with
      the changes in the form. Until then it stays hidden from the site.
    </>
  );
}

/**
 * Sending the form: `check` first with the schema (errors beside their fields, focus on the first), then `send` with
 * the version it was edited from and the intent (a type with a status). A create lands on the new item's edit page
 * with a toast; a 409 keeps what was typed and shows `conflict`; the server's refusal of a field is shown beside it.
 */
function useContentSubmit(
  { noun, fields, schema, mode, method, endpoint, version, onVersion, adminPath }: Props,
  form: {
    values: FormValues;
    setValues: (update: (values: FormValues) => FormValues) => void;
    setErrors: (errors: Record<string, string>) => void;
    focusField: (name: string) => void;
    /** A save went through with these values, and its new version (called before a create's navigation). */
    onSaved: (values: FormValues, version?: string) => void;
    /** A save is sent, and has answered (whatever it answered). */
    onSaving: { start: () => void; end: () => void };
  },
) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<PublicationIntent | null>(null);
  // The version this form's values were edited from: the page's, then each own save's.
  const [ownVersion, setOwnVersion] = useState(version);
  const editedFrom = onVersion ? version : ownVersion;
  const setEditedFrom = onVersion ?? setOwnVersion;
  const [conflict, setConflict] = useState<string | null>(null);
  const { values, setValues, setErrors, focusField, onSaved, onSaving } = form;
  const hasStatus = statusOf(fields, values) !== null;

  /** The body of a save with `intent`, checked with the schema: the parsed body, or null (errors shown). */
  function checked(intent: PublicationIntent) {
    const body = toPayload(fields, values);
    if (hasStatus) body.intent = intent;
    if (mode === "edit" && editedFrom !== undefined) body.version = editedFrom;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      const first = fields.find((field) => found[field.name]);
      if (first) focusField(first.name);
      return null;
    }
    setErrors({});
    // What is sent keeps the intent: the server reads the status from it (the parsed body has the status instead).
    return body;
  }

  async function send(intent: PublicationIntent) {
    if (busy) return;
    const body = checked(intent);
    if (!body) return;
    setBusy(intent);
    onSaving.start();
    try {
      const saved = await sendJson<{ id: number; title: string; updatedAt?: string; status?: string }>(method, endpoint, body);
      setConflict(null);
      onSaved(values, saved.updatedAt ?? undefined);
      if (saved.updatedAt) setEditedFrom(saved.updatedAt);
      if (mode === "create") {
        toast.success("Success", {
          description: hasStatus ? `${noun} has been saved as a draft.` : `${noun} has been created successfully.`,
        });
        navigate(adminPath(saved.id));
        return;
      }
      if (saved.status) setValues((current) => ({ ...current, status: String(saved.status) }));
      toast.success("Success", {
        description: intent === "save" ? `${noun} has been updated successfully.` : `${noun} has been ${INTENT_BUTTONS[intent].done}.`,
      });
      revalidator.revalidate();
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
      onSaving.end();
      setBusy(null);
    }
  }

  return { busy, conflict, check: (intent: PublicationIntent) => checked(intent) !== null, send, editedFrom, setEditedFrom };
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
  onPickAlt,
  computedFrom,
  thumbnailAlt = "Cover image",
  timeZone = "UTC",
}: {
  field: FieldSpec;
  id: string;
  value: string | boolean | undefined;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
  /** An image field with an alt-text field (`altField`): the picked file's alt text from the library goes there. */
  onPickAlt?: (alt: string) => void;
  /** A computed field's source text (an article's content, for its reading time). */
  computedFrom?: string;
  /** The alt text of an image field's thumbnail (the item's title). */
  thumbnailAlt?: string;
  /** The zone a date-and-time field is shown and typed in (its value stays UTC). */
  timeZone?: string;
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
            visual={field.visual}
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
        placeholder={field.computed && computedFrom !== undefined ? String(field.computed.value(computedFrom)) : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    ) : field.kind === "date" ? (
      <Field {...framed} type="date" value={text} onChange={(event) => onChange(event.target.value)} />
    ) : field.kind === "datetime" ? (
      <Field
        {...framed}
        label={`${field.label.replace(/ \(UTC\)$/, "")} (${timeZone})`}
        hint={
          timeZone === "UTC" ? field.hint : `For “Schedule…”: the date and time in ${timeZone} (stored in UTC), checked every 5 minutes.`
        }
        type="datetime-local"
        value={publishAtInZone(text, timeZone)}
        onChange={(event) => onChange(publishAtFromZone(event.target.value, timeZone))}
      />
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
  if (field.computed && computedFrom !== undefined) {
    return (
      <div className={wide}>
        {control}
        <WordCount text={computedFrom} override={text} />
      </div>
    );
  }
  if (!field.media) return control;
  // The image as readers will see it, when its address is one this site serves.
  const thumbnail = field.media === "image" && text.trim() ? safeUrl(text.trim(), { siteOnly: true }) : null;
  return (
    <div className={wide}>
      {control}
      {thumbnail && (
        <img
          src={thumbnail}
          alt={thumbnailAlt}
          data-thumbnail={field.name}
          className="mb-3 h-24 w-auto max-w-full rounded-md border border-border object-cover"
          loading="lazy"
        />
      )}
      <MediaPicker
        kind={field.media}
        label={field.label}
        onPick={(url, item) => {
          onChange(url);
          onPickAlt?.(item.altText);
        }}
      />
    </div>
  );
}

/** The words written so far and the reading time they give (230 a minute), updated as the writer types. */
function WordCount({ text, override }: { text: string; override: string }) {
  const words = wordCount(text);
  const minutes = minutesForWords(words);
  return (
    <p className="-mt-2 mb-4 text-sm text-muted-foreground" data-word-count={words}>
      {words === 1 ? "1 word" : `${formatCount(words)} words`} · {minutes} min to read
      {override.trim() ? ` (overridden: ${override.trim()} min)` : " (used when the field is empty)"}
    </p>
  );
}

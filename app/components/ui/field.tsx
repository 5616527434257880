import { useId } from "react";
import { Input, Label, Select, Textarea } from "./input";

/** One message, several, or none (`undefined`, `null`, `""` and `false` entries are dropped). */
export type ErrorMessages = string | ReadonlyArray<string | null | undefined | false> | null | undefined;

function errorList(errors: ErrorMessages): string[] {
  if (!errors) return [];
  return (typeof errors === "string" ? [errors] : errors).filter((error): error is string => !!error);
}

/**
 * A field's (or a form's) error line, tied to its control by id (aria-describedby). It is drawn, empty, before
 * any error, so the live region is already there when a message arrives and is announced; its reserved
 * height keeps the form from jumping.
 */
export function ErrorList({ id, errors }: { id: string; errors?: ErrorMessages }) {
  const list = errorList(errors);
  return (
    <p id={id} className="mt-1 min-h-5 text-sm text-destructive" aria-live="polite">
      {list.length > 1
        ? list.map((error) => (
            <span key={error} className="block">
              {error}
            </span>
          ))
        : list[0]}
    </p>
  );
}

/** What a field adds around its control: the label, a hint, the error line. */
export type FieldFrameProps = {
  label: React.ReactNode;
  /** The control's id; a generated one (useId) when not given. The hint is `<id>-hint`, the error line `<id>-error`. */
  id?: string;
  /** Help shown below the control and read with it (aria-describedby). */
  hint?: React.ReactNode;
  /** The hint's classes, to replace the muted small print (a character count turning red). */
  hintClassName?: string;
  /** The field's error: the control is marked invalid and described by the message. */
  error?: ErrorMessages;
  /** Another id for the error line (default `<id>-error`), e.g. one kept from before, or a line the form draws itself. */
  errorId?: string;
  /**
   * `false`: the field draws no error line. Either it has no error of its own (its form's refusal is one alert),
   * or its error is in an `<ErrorList>` the form places itself (named by `errorId`).
   */
  errorLine?: boolean;
  /** Marks an optional field "(optional)" in its label: required is the rule on this site, so the exception is named. */
  optional?: boolean;
  /** The label's classes (`sr-only` for a label that is only read). */
  labelClassName?: string;
  /** The wrapper's classes (grid placement, spacing). */
  className?: string;
};

/** The attributes a field gives its control: its id, whether it is invalid, and what describes it. */
export type FieldControlProps = { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined };

/** The ids of a field and the attributes of its control, in one place. */
export function useFieldIds({ id, hint, error, errorId }: Pick<FieldFrameProps, "id" | "hint" | "error" | "errorId">) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint === undefined || hint === null || hint === false || hint === "" ? undefined : `${controlId}-hint`;
  const errorLineId = errorId ?? `${controlId}-error`;
  const invalid = errorList(error).length > 0;
  const describedBy = [hintId, invalid ? errorLineId : undefined].filter(Boolean).join(" ") || undefined;
  const control: FieldControlProps = { id: controlId, "aria-invalid": invalid, "aria-describedby": describedBy };
  return { hintId, errorLineId, control };
}

function OptionalMark() {
  return <span className="font-normal text-muted-foreground"> (optional)</span>;
}

/**
 * A field around a control of one's own (the Markdown editor): label, hint and error line wired once; the control
 * is drawn by `children` with the id and aria attributes it must carry.
 */
export function FieldFrame({
  label,
  id,
  hint,
  hintClassName = "mt-1 text-sm text-muted-foreground",
  error,
  errorId,
  errorLine = true,
  optional,
  labelClassName,
  className,
  children,
}: FieldFrameProps & { children: (control: FieldControlProps) => React.ReactNode }) {
  const { hintId, errorLineId, control } = useFieldIds({ id, hint, error, errorId });
  return (
    <div className={className}>
      <Label htmlFor={control.id} className={labelClassName}>
        {label}
        {optional ? <OptionalMark /> : null}
      </Label>
      {children(control)}
      {hintId ? (
        <p id={hintId} className={hintClassName}>
          {hint}
        </p>
      ) : null}
      {errorLine ? <ErrorList id={errorLineId} errors={error} /> : null}
    </div>
  );
}

type Own<T> = Omit<T, keyof FieldFrameProps | "aria-invalid" | "aria-describedby"> &
  FieldFrameProps & {
    /** Classes added to the control's own. */
    controlClassName?: string;
  };

function splitFrame<T extends FieldFrameProps & { controlClassName?: string }>(props: T) {
  const { label, id, hint, hintClassName, error, errorId, errorLine, optional, labelClassName, className, controlClassName, ...control } =
    props;
  return {
    frame: { label, id, hint, hintClassName, error, errorId, errorLine, optional, labelClassName, className },
    controlClassName,
    control,
  };
}

/** A labelled text input (any `type` but checkbox and radio) with its hint and error. */
export function Field(props: Own<React.InputHTMLAttributes<HTMLInputElement>>) {
  const { frame, controlClassName, control } = splitFrame(props);
  return <FieldFrame {...frame}>{(wired) => <Input {...control} {...wired} className={controlClassName} />}</FieldFrame>;
}

/** A required password box of a sign-in form, whose refusal is the form's alert, never an error line under the box. */
export function PasswordField({ name, ...props }: Own<React.InputHTMLAttributes<HTMLInputElement>> & { name: string }) {
  return <Field errorLine={false} name={name} type="password" required {...props} />;
}

/** A labelled textarea with its hint and error. */
export function TextareaField(props: Own<React.TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { frame, controlClassName, control } = splitFrame(props);
  return <FieldFrame {...frame}>{(wired) => <Textarea {...control} {...wired} className={controlClassName} />}</FieldFrame>;
}

/** A labelled select (its `<option>`s as children) with its hint and error. */
export function SelectField(props: Own<React.SelectHTMLAttributes<HTMLSelectElement>>) {
  const { frame, controlClassName, control } = splitFrame(props);
  return <FieldFrame {...frame}>{(wired) => <Select {...control} {...wired} className={controlClassName} />}</FieldFrame>;
}

/** A checkbox with its label beside it, the hint and the error below the label. */
export function CheckboxField(props: Omit<Own<React.InputHTMLAttributes<HTMLInputElement>>, "type" | "optional">) {
  const { frame, controlClassName = "", control } = splitFrame(props);
  const { hintId, errorLineId, control: wired } = useFieldIds(frame);
  return (
    <div className={`flex items-start gap-3 py-2 ${frame.className ?? ""}`}>
      <input
        {...control}
        {...wired}
        type="checkbox"
        className={`mt-1 h-4 w-4 rounded border-input accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${controlClassName}`}
      />
      <div>
        <label htmlFor={wired.id} className={`text-sm font-medium ${frame.labelClassName ?? ""}`}>
          {frame.label}
        </label>
        {hintId ? (
          <p id={hintId} className={frame.hintClassName ?? "text-sm text-muted-foreground"}>
            {frame.hint}
          </p>
        ) : null}
        {frame.errorLine === false ? null : <ErrorList id={errorLineId} errors={frame.error} />}
      </div>
    </div>
  );
}

import { Link, type LinkProps } from "react-router";

type Variant = "primary" | "outline" | "ghost" | "destructive";
type Size = "sm" | "md" | "lg";

/**
 * The looks live in app.css (`.btn`, `.btn-primary`, `.btn-lg`, …: docs/design.md, "Buttons"), so the class names
 * shipped to the browser stay short. `primary`: the one filled action of a place; `outline`: the quiet secondary
 * (a tonal fill, no outline). Every size is at least 44 px tall.
 */
export function buttonClass(variant: Variant = "primary", size: Size = "md", extra = "") {
  return `btn btn-${variant} btn-${size} ${extra}`;
}

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size };

export function Button({ variant, size, className = "", type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

export function LinkButton({ variant, size, className = "", ...props }: LinkProps & { variant?: Variant; size?: Size }) {
  return <Link className={buttonClass(variant, size, className)} {...props} />;
}

/** A form's one wide submit button: disabled, saying `busyLabel`, while the form is being sent. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: React.ReactNode }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}

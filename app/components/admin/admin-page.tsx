import { Link } from "react-router";
import { ArrowLeftIcon } from "~/components/ui/icons";

/** The heading block of an admin page: optional back link, title, description and actions. */
export function AdminPageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <div className="mb-8">
      {back && (
        <Link
          to={back.to}
          className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <ArrowLeftIcon className="h-4 w-4" />
          {back.label}
        </Link>
      )}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-serif text-3xl font-semibold tracking-tight">{title}</h1>
          {description && <p className="mt-2 text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
      </div>
    </div>
  );
}

/** An admin 404 inside the panel. */
export function AdminNotFound({ title, message, back }: { title: string; message: string; back: { to: string; label: string } }) {
  return (
    <div>
      <AdminPageHeader title={title} back={back} />
      <p className="text-muted-foreground">{message}</p>
    </div>
  );
}

/** What the page's last form post answered, above the page: its sentence, in red when it was refused. */
export function FormResultNotice({ result, testId }: { result: { ok: boolean; message: string } | undefined | null; testId?: string }) {
  if (!result) return null;
  return (
    <p
      role="status"
      data-testid={testId}
      className={`mb-6 rounded-xl border p-4 ${result.ok ? "border-border" : "border-destructive text-destructive"}`}
    >
      {result.message}
    </p>
  );
}

/** A failed form post's message, as an alert (`margin` places it: "mb-6" above the form, "mt-6" under an intro); nothing otherwise. */
export function FormErrorAlert({
  result,
  margin,
}: {
  result: { ok: boolean; message: string } | undefined | null;
  margin: "mb-6" | "mt-6";
}) {
  if (!result || result.ok) return null;
  return (
    <p role="alert" className={`${margin} rounded-md border border-destructive/50 p-3 text-sm text-destructive`}>
      {result.message}
    </p>
  );
}

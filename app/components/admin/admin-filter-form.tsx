import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Input, Label, Select } from "~/components/ui/input";

/** One filter of an admin list; its value comes from the URL, and its input's id is `{idPrefix}-{name}`. */
export type FilterField = { name: string; label: string; value: string } & (
  | { kind: "search"; maxLength: number }
  | { kind: "date" }
  | { kind: "select"; anyLabel: string; options: readonly { value: string | number; label: string }[]; className?: string }
);

const LAYOUTS = {
  /** A search box that grows, with its other filters and buttons beside it from the small breakpoint. */
  row: "mb-4 flex flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-end",
  /** Several filters of equal width (five columns on a wide screen, buttons included). */
  grid: "mb-6 grid gap-4 rounded-xl border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end",
};

/**
 * The GET form over an admin list (/admin/users, /admin/subscribers, /admin/orders): the filters go into the URL, so a
 * filtered list can be reloaded and shared. "Clear", back to `path`, shows once any filter has a value. A form with a
 * search box is a search landmark.
 */
export function AdminFilterForm({
  path,
  idPrefix,
  fields,
  submitLabel,
  layout,
}: {
  path: string;
  idPrefix: string;
  fields: readonly FilterField[];
  submitLabel: string;
  layout: keyof typeof LAYOUTS;
}) {
  const filtered = fields.some((field) => field.value !== "");
  return (
    <Form method="get" role={fields.some((field) => field.kind === "search") ? "search" : undefined} className={LAYOUTS[layout]}>
      {fields.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        return (
          <div key={field.name} className={field.kind === "search" ? "grow" : undefined}>
            <Label htmlFor={id}>{field.label}</Label>
            {field.kind === "select" ? (
              <Select id={id} name={field.name} defaultValue={field.value} className={field.className}>
                <option value="">{field.anyLabel}</option>
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            ) : (
              <Input
                id={id}
                name={field.name}
                type={field.kind}
                defaultValue={field.value}
                maxLength={field.kind === "search" ? field.maxLength : undefined}
              />
            )}
          </div>
        );
      })}
      <div className="flex gap-2">
        <Button type="submit">{submitLabel}</Button>
        {filtered && (
          <Link to={path} className={buttonClass("outline")}>
            Clear
          </Link>
        )}
      </div>
    </Form>
  );
}

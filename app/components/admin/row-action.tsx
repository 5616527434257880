import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/** A row's one-button action (remove, withdraw, delete): a form posting `intent` and the row's key as `name`. */
export function RowAction({
  intent,
  name,
  value,
  busy,
  label,
  children,
}: {
  intent: string;
  name: string;
  value: string | number;
  busy: boolean;
  /** The button's accessible name, naming the row. */
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <Button type="submit" variant="outline" disabled={busy} aria-label={label}>
        {children}
      </Button>
    </Form>
  );
}

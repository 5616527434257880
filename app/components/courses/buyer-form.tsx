import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { EMAIL_MAX, NAME_MAX } from "~/lib/validation";

/**
 * The buyer, before the card: an e-mail address (where the receipt and the access link go) and an optional name.
 * The server's refusal (`error`) is the form's line below both fields; the address field is marked invalid and
 * described by it.
 */
export function BuyerForm({
  defaults,
  error,
  onSubmit,
}: {
  defaults: { email: string; name: string };
  error?: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-describedby="buyer-error">
      <Field
        label="Email address"
        id="buyer-email"
        hint="Your receipt and a link back to the course go here. No account or password needed."
        error={error}
        errorId="buyer-error"
        errorLine={false}
        name="email"
        type="email"
        required
        autoComplete="email"
        maxLength={EMAIL_MAX}
        defaultValue={defaults.email}
      />
      <Field
        label="Name (optional, for your certificate)"
        id="buyer-name"
        errorLine={false}
        name="name"
        autoComplete="name"
        maxLength={NAME_MAX}
        defaultValue={defaults.name}
      />
      <ErrorList id="buyer-error" errors={error} />
      <Button type="submit" size="lg">
        Continue to payment
      </Button>
    </form>
  );
}

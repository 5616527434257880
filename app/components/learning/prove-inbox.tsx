import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * What an unproven learner session (started on the payment-success page) is told on /learn, the course page and the
 * completion page: it opens the course just bought, and nothing older. The words are the same whatever the address owns.
 */
export const UNPROVEN_SESSION_NOTE =
  "This device is signed in for the course just bought here, and only for it. Other courses, answers written before and certificates of this address open with the access link we e-mail to it.";

/** The note, and a button that e-mails the access link (a POST to /learn: the same generic answer as its form). */
export function ProveInboxNote({ email, className = "" }: { email: string; className?: string }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/learn";
  return (
    <div className={`rounded-lg border border-border bg-muted p-4 text-sm ${className}`} role="note" data-testid="prove-inbox">
      <p>{UNPROVEN_SESSION_NOTE}</p>
      <Form method="post" action="/learn" className="mt-3">
        <input type="hidden" name="email" value={email} />
        <Button type="submit" variant="outline" disabled={sending}>
          {sending ? "Sending..." : `Email my access link to ${email}`}
        </Button>
      </Form>
    </div>
  );
}

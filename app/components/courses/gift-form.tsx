import { Button } from "~/components/ui/button";
import { ErrorList, Field, TextareaField } from "~/components/ui/field";
import { EMAIL_MAX, GIFT_MESSAGE_MAX, NAME_MAX, textareaMaxLength } from "~/lib/validation";

export type GiftFormValues = {
  email: string;
  recipientEmail: string;
  recipientName: string;
  message: string;
  sendOn: string;
};

/**
 * "Give this course", before the card: the buyer's address (the receipt and the gift's manage link go there; it gets no
 * access), the recipient's address and name, a message, and the day the recipient is e-mailed (docs/payments.md,
 * "Gifts"). The server's refusal (`error`) is the form's line below the fields.
 */
export function GiftForm({
  defaults,
  today,
  error,
  onSubmit,
}: {
  defaults: GiftFormValues;
  /** The UTC day now, `YYYY-MM-DD`: the earliest day to choose. */
  today: string;
  error?: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-describedby="gift-error" aria-label="Gift details">
      <Field
        label="Your email address"
        id="gift-buyer-email"
        hint="Your receipt and a link to manage the gift go here. The course is the recipient's, not yours."
        errorLine={false}
        name="email"
        type="email"
        required
        autoComplete="email"
        maxLength={EMAIL_MAX}
        defaultValue={defaults.email}
      />
      <Field
        label="Recipient's email address"
        id="gift-recipient-email"
        errorLine={false}
        name="recipientEmail"
        type="email"
        required
        autoComplete="off"
        maxLength={EMAIL_MAX}
        defaultValue={defaults.recipientEmail}
      />
      <Field
        label="Recipient's name"
        id="gift-recipient-name"
        errorLine={false}
        name="recipientName"
        required
        autoComplete="off"
        maxLength={NAME_MAX}
        defaultValue={defaults.recipientName}
      />
      <TextareaField
        label="Your message"
        id="gift-message"
        optional
        hint={`Up to ${GIFT_MESSAGE_MAX} characters, sent with the gift.`}
        errorLine={false}
        name="message"
        rows={4}
        maxLength={textareaMaxLength(GIFT_MESSAGE_MAX)}
        defaultValue={defaults.message}
      />
      <Field
        label="Day to send it"
        id="gift-send-on"
        hint="Today sends it right away; a later day (a birthday, say) sends it early that day, UTC."
        errorLine={false}
        name="sendOn"
        type="date"
        required
        min={today}
        defaultValue={defaults.sendOn || today}
      />
      <ErrorList id="gift-error" errors={error} />
      <Button type="submit" size="lg">
        Continue to payment
      </Button>
    </form>
  );
}

import { EMAIL_MAX } from "~/lib/validation";

/** A newsletter signup's e-mail box with its label for screen readers; `props` add to the input's own (value, looks). */
export function NewsletterEmail({ id, ...props }: { id: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Email address
      </label>
      <input
        id={id}
        name="email"
        type="email"
        required
        maxLength={EMAIL_MAX}
        autoComplete="email"
        placeholder="Your email address"
        {...props}
      />
    </>
  );
}

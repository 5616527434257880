/** Bare controls, for a control labelled otherwise (aria-label, a filter bar). A field with a label, hint and error is `Field` and its kin (`./field`). */
const FIELD =
  "w-full rounded-md border border-input bg-card px-3 text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function Input({ className = "", ...props }: React.InputHTMLAttributes<HTMLInputElement>) {
  return <input className={`h-10 ${FIELD} ${className}`} {...props} />;
}

export function Textarea({ className = "", ...props }: React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={`min-h-32 py-2 ${FIELD} ${className}`} {...props} />;
}

export function Select({ className = "", ...props }: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={`h-11 ${FIELD} ${className}`} {...props} />;
}

export function Label({ className = "", htmlFor, children, ...props }: React.LabelHTMLAttributes<HTMLLabelElement>) {
  return (
    <label htmlFor={htmlFor} className={`mb-1.5 block text-sm font-medium ${className}`} {...props}>
      {children}
    </label>
  );
}

import type { ReactNode } from "react";

/** The frame of the newsletter's own pages (signup result, confirmation, unsubscribe): a heading and a few lines. */
export function NewsletterPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center sm:px-6">
      <h1 className="font-serif text-4xl font-semibold">{title}</h1>
      <div className="mt-6 space-y-4 leading-7 text-muted-foreground">{children}</div>
    </section>
  );
}

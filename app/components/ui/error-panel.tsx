/** The red panel a section shows when its data fails to load; the rest of the page keeps working. */
export function ErrorPanel({
  title,
  titleLevel = 2,
  children,
  action,
}: {
  title?: string;
  /** 1 when the panel is all the page shows (its title is then the page's heading). */
  titleLevel?: 1 | 2;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  const Title = titleLevel === 1 ? "h1" : "h2";
  return (
    <div role="alert" className="rounded-xl border border-destructive/50 bg-card p-6 text-destructive">
      {title && <Title className="font-serif text-xl font-semibold">{title}</Title>}
      <p className={title ? "mt-2" : ""}>{children}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/** The panel as all a page shows (a record not found, or withdrawn): its title is the page's heading. */
export function PageErrorPanel({ children, ...panel }: Omit<React.ComponentProps<typeof ErrorPanel>, "titleLevel">) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <ErrorPanel titleLevel={1} {...panel}>
        {children}
      </ErrorPanel>
    </div>
  );
}

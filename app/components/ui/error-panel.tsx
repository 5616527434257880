/** The spec's red failure panel. */
export function ErrorPanel({ title, children, action }: { title?: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div role="alert" className="rounded-xl border border-destructive/50 bg-card p-6 text-destructive">
      {title && <h2 className="font-serif text-xl font-semibold">{title}</h2>}
      <p className={title ? "mt-2" : ""}>{children}</p>
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

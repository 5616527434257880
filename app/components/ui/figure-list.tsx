import type { ReactNode } from "react";

/** A row of figures, each a label over its value: the learner's data counts, the subscribers summary. */
export function FigureList({
  figures,
  ...props
}: { figures: ReadonlyArray<readonly [string, ReactNode]> } & React.HTMLAttributes<HTMLElement>) {
  return (
    <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4" {...props}>
      {figures.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="mt-1 font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

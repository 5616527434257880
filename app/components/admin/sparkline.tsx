/**
 * A tiny line of daily values (an edit page's last 30 days of visits), drawn inline in the theme's primary colour.
 * It is one image to assistive technology: `label` says what it sums up (the totals), since the line alone cannot be read.
 */
export function Sparkline({ values, label, className = "" }: { values: readonly number[]; label: string; className?: string }) {
  const width = 120;
  const height = 32;
  const top = Math.max(1, ...values);
  const x = (i: number) => (values.length <= 1 ? width / 2 : (i / (values.length - 1)) * (width - 4) + 2);
  const y = (value: number) => height - 2 - (value / top) * (height - 4);
  const d = values.map((v, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      className={className}
      data-sparkline
    >
      <line x1={0} x2={width} y1={height - 2} y2={height - 2} className="stroke-border" strokeWidth={1} />
      {values.length > 0 ? <path d={d} fill="none" className="stroke-primary" strokeWidth={2} strokeLinejoin="round" /> : null}
    </svg>
  );
}

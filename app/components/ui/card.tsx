/**
 * A surface told apart by tone and a soft shadow, not a border. `lift`: the card leads somewhere (an article, a
 * practice, a course), so it rises a little under the pointer (app.css `.lift`; still under reduced motion).
 */
export function Card({ className = "", lift = false, ...props }: React.HTMLAttributes<HTMLDivElement> & { lift?: boolean }) {
  return (
    <div className={`overflow-hidden rounded-2xl bg-card text-card-foreground shadow-card ${lift ? "lift" : ""} ${className}`} {...props} />
  );
}

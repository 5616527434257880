export type BadgeTone = "stoicism" | "mindfulness" | "existentialism" | "default";

const TONES: Record<BadgeTone, string> = {
  stoicism: "bg-badge-stoicism text-badge-stoicism-foreground",
  mindfulness: "bg-badge-mindfulness text-badge-mindfulness-foreground",
  existentialism: "bg-badge-existentialism text-badge-existentialism-foreground",
  default: "bg-badge-default text-badge-default-foreground",
};

export function Badge({ tone = "default", className = "", children }: { tone?: BadgeTone; className?: string; children: React.ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]} ${className}`}>
      {children}
    </span>
  );
}

/** Spec: article badges have their own colour for stoicism, mindfulness and existentialism. */
export function articleBadgeTone(category: string): BadgeTone {
  const key = category.toLowerCase();
  if (key === "stoicism" || key === "mindfulness" || key === "existentialism") return key;
  return "default";
}

/** Spec: practice category 'Stoic' gets the stoicism colour; anything else the mindfulness colour. */
export function practiceBadgeTone(category: string): BadgeTone {
  return category === "Stoic" ? "stoicism" : "mindfulness";
}

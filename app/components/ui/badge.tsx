import type { CategoryColour } from "~/lib/category-colours";

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

/** An article category's badge: the palette colour its row names (app/lib/category-colours.ts); an unknown one is sand. */
export function categoryBadgeTone(colour: string | null | undefined): BadgeTone {
  return CATEGORY_TONES[colour ?? ""] ?? "default";
}

const CATEGORY_TONES: Record<string, BadgeTone> = {
  sand: "default",
  blue: "stoicism",
  green: "mindfulness",
  plum: "existentialism",
} satisfies Record<CategoryColour, BadgeTone>;

/** Spec: practice category 'Stoic' gets the stoicism colour; anything else the mindfulness colour. */
export function practiceBadgeTone(category: string): BadgeTone {
  return category === "Stoic" ? "stoicism" : "mindfulness";
}

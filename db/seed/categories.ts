import type { SeedCategory } from "./types";

/**
 * The five article categories the site had in code before they were a table (#29), in the admin's order of then.
 * Mindfulness keeps the green badge it had; the others the default sand.
 */
export const seedCategories: SeedCategory[] = [
  {
    id: 1,
    name: "Philosophy",
    description: "The old schools read for today: Stoicism, existentialism, ethics and the questions of how to live.",
    colour: "sand",
    position: 1,
  },
  {
    id: 2,
    name: "Mindfulness",
    description: "Attention, breath and the present moment: what the practice is, and how to keep it up.",
    colour: "green",
    position: 2,
  },
  {
    id: 3,
    name: "Spirituality",
    description: "Meaning, gratitude and the sacred in ordinary life, with or without a tradition.",
    colour: "sand",
    position: 3,
  },
  {
    id: 4,
    name: "Psychology",
    description: "What research and the counselling room teach about the mind, habits and self-compassion.",
    colour: "sand",
    position: 4,
  },
  {
    id: 5,
    name: "Wellness",
    description: "Sleep, rest, nature and the body: the everyday ground of a balanced life.",
    colour: "sand",
    position: 5,
  },
];

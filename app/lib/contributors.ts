/**
 * The people who write for the site: the About page lists them, and an article whose author is one of them
 * ends with their bio (components/content/article-end.tsx). An author not listed here gets no bio.
 */
export type Contributor = { name: string; portrait: string; role: string; bio: string };

export const CONTRIBUTORS: readonly Contributor[] = [
  {
    name: "Dr. Elena Marsh",
    portrait: "/images/contributors/elena-marsh.svg",
    role: "Philosopher and editor",
    bio: "Elena taught ancient philosophy for fifteen years before leaving the lecture hall to write for everyone else. She edits the essays and writes on Stoicism and ethics.",
  },
  {
    name: "Samuel Okafor",
    portrait: "/images/contributors/samuel-okafor.svg",
    role: "Mindfulness teacher",
    bio: "Samuel has led meditation courses in hospitals, schools and prisons. He records most of our guided practices and writes on attention and rest.",
  },
  {
    name: "Dr. Priya Raman",
    portrait: "/images/contributors/priya-raman.svg",
    role: "Counselling psychologist",
    bio: "Priya is a registered counselling psychologist with a practice in existential and compassion-focused therapy. She makes sure what we publish is safe and sound.",
  },
];

/** The contributor an article's author field names, or null: no bio, rather than a placeholder. */
export function contributorNamed(author: string): Contributor | null {
  return CONTRIBUTORS.find((person) => person.name === author) ?? null;
}

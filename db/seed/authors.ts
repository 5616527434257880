import type { SeedAuthor } from "./types";

/** The site's three contributors, as About listed them before authors were a table (issue #29). */
export const seedAuthors: SeedAuthor[] = [
  {
    id: 1,
    name: "Dr. Elena Marsh",
    role: "Philosopher and editor",
    bio: "Elena taught ancient philosophy for fifteen years before leaving the lecture hall to write for everyone else. She edits the essays and writes on Stoicism and ethics.",
    portrait: "/images/contributors/elena-marsh.svg",
    links: "[]",
    position: 1,
  },
  {
    id: 2,
    name: "Samuel Okafor",
    role: "Mindfulness teacher",
    bio: "Samuel has led meditation courses in hospitals, schools and prisons. He records most of our guided practices and writes on attention and rest.",
    portrait: "/images/contributors/samuel-okafor.svg",
    links: "[]",
    position: 2,
  },
  {
    id: 3,
    name: "Dr. Priya Raman",
    role: "Counselling psychologist",
    bio: "Priya is a registered counselling psychologist with a practice in existential and compassion-focused therapy. She makes sure what we publish is safe and sound.",
    portrait: "/images/contributors/priya-raman.svg",
    links: "[]",
    position: 3,
  },
];

/** The id of the seed author an article names; a seed article naming no seed author is a mistake in the seed. */
export function seedAuthorId(name: string): number {
  const author = seedAuthors.find((candidate) => candidate.name === name);
  if (!author) throw new Error(`The seed article's author "${name}" is not among the seed's authors (db/seed/authors.ts).`);
  return author.id;
}

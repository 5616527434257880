/** Shapes of the seed content. Ids are fixed so that seeding is repeatable and links are stable. */

import type { CategoryColour } from "../../app/lib/category-colours";

/** A person who writes for the site (db/schema.ts `authors`); the seed's articles name theirs by `name`. */
export type SeedAuthor = {
  id: number;
  name: string;
  role: string;
  /** Markdown. */
  bio: string;
  /** A path on this site. */
  portrait: string;
  /** JSON: [{ label, url }] (app/lib/author-links.ts). */
  links: string;
  position: number;
};

/** An article category (db/schema.ts `article_categories`); the seed's articles name theirs by `name`. */
export type SeedCategory = {
  id: number;
  name: SeedArticle["category"];
  description: string;
  /** A palette colour's name (app/lib/category-colours.ts). */
  colour: CategoryColour;
  position: number;
};

export type SeedArticle = {
  id: number;
  title: string;
  excerpt: string;
  /** Markdown: headings, lists, quotes, and image groups in ```gallery fences (see app/lib/markdown.ts). */
  content: string;
  imageUrl: string;
  category: "Philosophy" | "Mindfulness" | "Spirituality" | "Psychology" | "Wellness";
  readingTime: number;
  /** The name of one of the seed's authors (./authors.ts): the seed sets the article's authorId from it. */
  author: string;
  featured: boolean;
  /** YYYY-MM-DD */
  publishedDate: string;
};

export type SeedPractice = {
  id: number;
  title: string;
  description: string;
  imageUrl: string;
  category: string;
  duration: number;
  focus: string;
  audioUrl: string;
  transcript: string;
  featured: boolean;
};

export type SeedResourceCategory = { id: number; name: string };

export type SeedResource = {
  id: number;
  title: string;
  author: string;
  description: string;
  url: string;
  categoryId: number;
};

export type SeedBook = {
  id: number;
  title: string;
  author: string;
  description: string;
  coverUrl: string;
  amazonUrl: string;
  category: "Stoicism" | "Existentialism" | "Buddhism" | "Taoism" | "Mindfulness";
};

/** One multiple-choice question: `correct` is the index of the right choice; every choice explains itself. */
export type SeedQuizChoice = { text: string; explanation: string };
export type SeedQuizQuestion = { prompt: string; choices: SeedQuizChoice[]; correct: number };
export type SeedAssessment =
  /** 3-6 questions, graded on the server; the pass mark is a percentage (70 unless set). */
  | { title: string; kind: "quiz"; passMark?: number; questions: SeedQuizQuestion[] }
  /** A prompt the learner answers in writing, privately. */
  | { title: string; kind: "reflection" | "exercise"; prompt: string };
export type SeedLesson = {
  title: string;
  description: string;
  /** Minutes. */
  duration: number;
  /** Markdown, rendered by the same safe renderer as articles. At least 400 words. */
  body: string;
  /**
   * A guided recording (db/seed/recordings/<file>, made by scripts/make-lesson-audio.sh, put in the media bucket by
   * the seed) and its words; `audioUrl` is `/media/<sha256 of the file>.ogg`.
   */
  recording?: { file: string; audioUrl: string; transcript: string };
  assessments: SeedAssessment[];
};
export type SeedModule = { title: string; description: string; lessons: SeedLesson[] };
export type SeedCourse = {
  id: number;
  title: string;
  description: string;
  imageUrl: string;
  level: "Beginner" | "Intermediate" | "Advanced";
  duration: number;
  priceCents: number;
  modules: SeedModule[];
};

/** An editable page (db/schema.ts `pages`): its fields as JSON, checked by its schema in app/lib/pages.ts. */
export type SeedPage = { key: import("../../app/lib/pages").PageKey; fields: string; updatedAt: string };

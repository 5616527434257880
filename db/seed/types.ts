/** Shapes of the seed content. Ids are fixed so that seeding is repeatable and links are stable. */

export type SeedArticle = {
  id: number;
  title: string;
  excerpt: string;
  /** Markdown: headings, lists, quotes, and image groups in ```gallery fences (see app/lib/markdown.ts). */
  content: string;
  imageUrl: string;
  category: "Philosophy" | "Mindfulness" | "Spirituality" | "Psychology" | "Wellness";
  readingTime: number;
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

export type SeedAssessment = { title: string; kind: "quiz" | "reflection" | "exercise" };
export type SeedLesson = { title: string; description: string; duration: number; assessments: SeedAssessment[] };
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

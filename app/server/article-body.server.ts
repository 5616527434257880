/**
 * An article's body: its own Markdown, or, when it has none, a static essay chosen by category and
 * title (`selectStaticEssay` below). The static essays are the seed essays on those topics.
 */
import { seedArticles } from "../../db/seed/articles";
import type { Block } from "~/lib/markdown";
import { parseMarkdown } from "./markdown.server";

export type StaticEssay = "mindfulness" | "existentialism" | "ethics" | "metaphysics" | "stoicism";

export function selectStaticEssay(article: { category: string; title: string }): StaticEssay {
  if (article.category === "Mindfulness") return "mindfulness";
  if (article.category === "Philosophy" && article.title.includes("Existentialism")) return "existentialism";
  if (/Ethics|Moral/.test(article.title)) return "ethics";
  if (/Metaphysics|Reality/.test(article.title)) return "metaphysics";
  return "stoicism";
}

const STATIC_ESSAYS: Record<StaticEssay, (a: { title: string; category: string }) => boolean> = {
  mindfulness: (a) => a.category === "Mindfulness",
  existentialism: (a) => a.title.includes("Existentialism"),
  ethics: (a) => /Ethics|Moral/.test(a.title),
  metaphysics: (a) => /Metaphysics|Reality/.test(a.title),
  stoicism: (a) => a.title.includes("Stoic"),
};

export function staticEssayMarkdown(essay: StaticEssay) {
  return seedArticles.find(STATIC_ESSAYS[essay])?.content ?? "";
}

export function articleBody(article: { category: string; title: string; content: string }): Block[] {
  const markdown = article.content.trim() ? article.content : staticEssayMarkdown(selectStaticEssay(article));
  return parseMarkdown(markdown);
}

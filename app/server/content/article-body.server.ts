/**
 * An article's body: its own Markdown, or, when it has none, one of the static essays (app/content/essays.ts)
 * chosen by category and title. `selectStaticEssay` is the only rule: the essays are named, not looked up.
 */
import { STATIC_ESSAYS, type StaticEssay } from "~/content/essays";
import type { Block } from "~/lib/markdown";
import { parseMarkdown } from "./markdown.server";

export type { StaticEssay };

/** Mindfulness by category; existentialism for a Philosophy article about it; ethics, metaphysics by title; else stoicism. */
export function selectStaticEssay(article: { category: string; title: string }): StaticEssay {
  if (article.category === "Mindfulness") return "mindfulness";
  if (article.category === "Philosophy" && article.title.includes("Existentialism")) return "existentialism";
  if (/Ethics|Moral/.test(article.title)) return "ethics";
  if (/Metaphysics|Reality/.test(article.title)) return "metaphysics";
  return "stoicism";
}

export function staticEssayMarkdown(essay: StaticEssay): string {
  return STATIC_ESSAYS[essay];
}

export function articleBody(article: { category: string; title: string; content: string }): Block[] {
  const markdown = article.content.trim() ? article.content : staticEssayMarkdown(selectStaticEssay(article));
  return parseMarkdown(markdown);
}

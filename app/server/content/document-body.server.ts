/**
 * Sending a page's body once. A document request renders the body into the HTML; repeating it in the loader
 * data (for hydration) would send it twice, about 13 KB an article. So for a document request the loader
 * hands the body to the server render (entry.server.tsx reads this context) and returns none; React hydrates
 * over the server's markup and keeps it (components/content/markdown-body.tsx). A data request (a client navigation,
 * a revalidation) has no markup to keep: it gets the body in its data.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { Block } from "~/lib/markdown";

/** Set by workers/app.ts for document requests only. */
export const documentBodiesContext = createContext<Map<string, Block[]> | null>(null);

/** The body for the loader data: none on a document request (it goes into the markup only), else `blocks`. */
export function bodyOnce(context: Readonly<RouterContextProvider>, name: string, blocks: Block[]): Block[] | undefined {
  const bodies = context.get(documentBodiesContext);
  if (!bodies) return blocks;
  bodies.set(name, blocks);
  return undefined;
}

/** Document requests, as opposed to React Router's data requests (`….data`). */
export function isDocumentRequest(url: URL) {
  return !url.pathname.endsWith(".data");
}

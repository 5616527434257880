import { createContext } from "react";
import type { Block } from "./markdown";

/**
 * The bodies (an article's, a lesson's) the server renders into the document without repeating them in the
 * loader data (app/server/content/document-body.server.ts). entry.server.tsx provides them; in the browser there is no
 * provider, and the body React hydrates over is the server's markup, kept as it is.
 */
export const DocumentBodiesContext = createContext<ReadonlyMap<string, Block[]> | null>(null);

import { join } from "node:path";

/** Where the benchmark keeps its database, server logs and Lighthouse reports (ignored by git). */
export const benchTmp = (...parts: string[]) => join("bench", "tmp", ...parts);

/**
 * Runs before every browser test file (vitest.config.ts's setupFiles): the file starts from the seeded database,
 * whatever the files before it did, so no file depends on another or on their order (server-db.ts).
 */
import { beforeAll } from "vitest";
import { resetServerState } from "./server-db";

beforeAll(resetServerState);

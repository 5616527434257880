import { defineConfig } from "vitest/config";

// Browser tests: Node runs vitest, playwright-core drives Debian's Chromium against the production
// build served by workerd (see global-setup.ts). One worker: the machine has 2 cores. The files share that server,
// and each starts from its seeded database (fresh-state.ts).
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    setupFiles: ["tests/e2e/fresh-state.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});

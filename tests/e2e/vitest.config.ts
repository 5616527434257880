import { defineConfig } from "vitest/config";

// Browser tests: Node runs vitest, playwright-core drives Debian's Chromium against the production
// build served by workerd (see global-setup.ts). One worker: the machine has 2 cores.
export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    maxWorkers: 1,
  },
});

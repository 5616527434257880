import { defineConfig } from "vitest/config";

// Tests that need a browser's DOM but no browser: the visual editor's Markdown round trip
// (app/components/admin/visual-editor/round-trip.dom.test.ts), in happy-dom on Node. The main config runs
// everything else inside workerd, which has no DOM, and leaves these files out.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.dom.test.ts"],
    environment: "happy-dom",
    testTimeout: 20_000,
  },
});

import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { build, defineConfig, type Plugin } from "vite";

// The local runtime would fetch a sample `Request.cf` object from workers.cloudflare.com, and print a stack trace
// when the network says no (this project runs offline); its built-in placeholder is enough for local use.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

// Production builds (CLOUDFLARE_ENV=production) leave the local Stripe emulator and mail provider stand-in out.
const local = process.env.CLOUDFLARE_ENV !== "production";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      auxiliaryWorkers: local
        ? [{ configPath: "./workers/stripe-emulator/wrangler.toml" }, { configPath: "./workers/mail-provider-emulator/wrangler.toml" }]
        : [],
    }),
    tailwindcss(),
    reactRouter(),
    serviceWorker(),
  ],
  resolve: {
    tsconfigPaths: true,
    // Every import of "zod" gets app/lib/zod.ts, which sets zod's config first (jitless: no eval probe under the CSP).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("./app/lib/zod.ts", import.meta.url)) }],
  },
  // The build's version for GET /healthz (app/server/operator/health.server.ts): when it was built (no git in the build).
  define: { __BUILD_TIME__: JSON.stringify(`${new Date().toISOString().slice(0, 19)}Z`) },
  // Loopback only: the dev server (and its Stripe emulator) is for this machine, not the network.
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Fewer, larger chunks for the browser: React, React DOM and the router in one, and the small
            // components and helpers most public pages share in another. Each file costs its own gzip
            // overhead and request, so this keeps a first visit within the JavaScript budget (npm run bench).
            // Admin code and the Stripe and toast libraries stay in chunks of their own, and so do the form fields
            // (components/ui/field.tsx: only pages with a form need them). tests/e2e/js-budget.e2e.ts checks the budget.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
                  priority: 2,
                },
                {
                  name: "ui",
                  test: /[\\/]app[\\/](components[\\/](ui[\\/](?!field\b)|layout[\\/](not-found-panel|not-found-content|use-menu-open|toaster)\b)|lib[\\/](site|nonce|format)\b)/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
});

/**
 * Builds app/service-worker.ts into the client build as /sw.js: one classic script (the broadest support for
 * service workers), at the root so its scope is the whole site. docs/offline.md describes it.
 */
function serviceWorker(): Plugin {
  return {
    name: "examined-life:service-worker",
    apply: "build",
    async writeBundle() {
      if (this.environment.name !== "client") return;
      await build({
        configFile: false,
        logLevel: "warn",
        build: {
          outDir: this.environment.config.build.outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          lib: { entry: "app/service-worker.ts", formats: ["iife"], name: "examinedLifeServiceWorker", fileName: () => "sw.js" },
        },
      });
    },
  };
}

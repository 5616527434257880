import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Production builds (CLOUDFLARE_ENV=production) leave the local Stripe emulator out.
const local = process.env.CLOUDFLARE_ENV !== "production";

export default defineConfig({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      auxiliaryWorkers: local ? [{ configPath: "./workers/stripe-emulator/wrangler.toml" }] : [],
    }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
});

// Creates .dev.vars from .dev.vars.example on a fresh checkout, so `npm run dev` works at once
// (local admin sign-in, Stripe emulator). An existing .dev.vars is never touched.
import { copyFileSync, existsSync } from "node:fs";

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example (local-only settings).");
}

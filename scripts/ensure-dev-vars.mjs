// Runs before `npm run dev` and `npm start` (npm run db:prepare).
// 1. Creates .dev.vars from .dev.vars.example on a fresh checkout, so the local admin sign-in works at once.
//    An existing .dev.vars keeps every setting the developer put there.
// 2. Gives the local Stripe emulator and mail provider stand-in fresh secrets for this run (scripts/dev-vars.mjs): set
//    in .dev.vars for the app Worker, and in workers/stripe-emulator/.dev.vars and workers/mail-provider-emulator/.dev.vars
//    for the stand-ins (each Worker reads the .dev.vars beside its own config; `npm start` copies them next to the
//    built configs).
// 3. Gives the app a LEARNER_SESSION_SECRET (learner cookie signing) when .dev.vars has none; an existing one is kept.
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { generateEmulatorSecrets, setDevVars, withLearnerSecret } from "./dev-vars.mjs";

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars from .dev.vars.example (local-only settings).");
}
const secrets = generateEmulatorSecrets();
writeFileSync(".dev.vars", withLearnerSecret(setDevVars(readFileSync(".dev.vars", "utf8"), secrets)));
for (const emulatorVars of ["workers/stripe-emulator/.dev.vars", "workers/mail-provider-emulator/.dev.vars"]) {
  writeFileSync(emulatorVars, setDevVars(existsSync(emulatorVars) ? readFileSync(emulatorVars, "utf8") : "", secrets));
}
console.log("Generated this run's emulator secrets (STRIPE_EMULATOR_* and MAIL_PROVIDER_EMULATOR_* in .dev.vars).");

// The local Stripe emulator's secrets, made fresh for each run of `npm run dev` / `npm start` (and of the
// test suites), so that no signing secret or API key is a constant anyone can read in the source.
// Pure functions (no file system): scripts/ensure-dev-vars.mjs writes the files, tests call these directly.

/**
 * The names the app and the local stand-ins read: the Stripe emulator's (app/server/payments/stripe.server.ts,
 * workers/stripe-emulator) and the mail provider stand-in's (app/server/mail/transports, workers/mail-provider-emulator).
 */
export const EMULATOR_SECRET_NAMES = [
  "STRIPE_EMULATOR_SECRET_KEY",
  "STRIPE_EMULATOR_WEBHOOK_SECRET",
  "MAIL_PROVIDER_EMULATOR_API_KEY",
  "MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET",
];

function randomHex(bytes) {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * New secret API keys and webhook signing secrets for both stand-ins: Stripe's formats (`sk_test_…`, `whsec_…`) and
 * Resend's (`re_…`, and `whsec_<base64>` as Standard Webhooks expects).
 */
export function generateEmulatorSecrets() {
  return {
    STRIPE_EMULATOR_SECRET_KEY: `sk_test_emulator_${randomHex(24)}`,
    STRIPE_EMULATOR_WEBHOOK_SECRET: `whsec_${randomHex(32)}`,
    MAIL_PROVIDER_EMULATOR_API_KEY: `re_emulator_${randomHex(24)}`,
    MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET: `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`,
  };
}

/** The learner cookies' signing secret (app/server/learning/learner.server.ts): 32 random bytes in hex. */
export const LEARNER_SECRET_NAME = "LEARNER_SESSION_SECRET";

export function generateLearnerSessionSecret() {
  return randomHex(32);
}

/**
 * `text` (a .dev.vars file) with a learner secret added when it has none: kept across runs (a new one would sign every
 * local learner out), made on a fresh clone or an older .dev.vars.
 */
export function withLearnerSecret(text) {
  const present = new RegExp(`^\\s*${LEARNER_SECRET_NAME}\\s*=\\s*\\S{32,}`, "m").test(text);
  return present ? text : setDevVars(text, { [LEARNER_SECRET_NAME]: generateLearnerSessionSecret() });
}

/**
 * `text` (a .dev.vars file) with each of `values` set: an existing `NAME=…` line is replaced in place,
 * a missing one is appended. Every other line (the developer's own settings, comments) is kept as it is.
 */
export function setDevVars(text, values) {
  const lines = text === "" ? [] : text.replace(/\n$/, "").split("\n");
  for (const [name, value] of Object.entries(values)) {
    const line = `${name}=${value}`;
    const index = lines.findIndex((existing) => new RegExp(`^\\s*${name}\\s*=`).test(existing));
    if (index === -1) lines.push(line);
    else lines[index] = line;
  }
  return `${lines.join("\n")}\n`;
}

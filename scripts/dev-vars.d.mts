export declare const EMULATOR_SECRET_NAMES: readonly [
  "STRIPE_EMULATOR_SECRET_KEY",
  "STRIPE_EMULATOR_WEBHOOK_SECRET",
  "MAIL_PROVIDER_EMULATOR_API_KEY",
  "MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET",
];
export type EmulatorSecrets = Record<(typeof EMULATOR_SECRET_NAMES)[number], string>;
export declare function generateEmulatorSecrets(): EmulatorSecrets;
export declare function setDevVars(text: string, values: Record<string, string>): string;
export declare const LEARNER_SECRET_NAME: "LEARNER_SESSION_SECRET";
export declare function generateLearnerSessionSecret(): string;
export declare function withLearnerSecret(text: string): string;

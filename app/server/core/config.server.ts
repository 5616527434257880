/**
 * The Worker's configuration: every string var and secret of `env` (wrangler.toml's `[vars]`, `.dev.vars`,
 * `wrangler secret put`, a run's `--var`), parsed once with zod into typed values. Modules read `config()`,
 * never `env.SOME_VAR` themselves. The bindings (DB, MEDIA, EMAIL, the queues, STRIPE_EMULATOR, MAIL_PROVIDER_EMULATOR) are not
 * configuration and are still read from `env`.
 *
 * A bad value fails loudly: `config()` throws a `ConfigError` naming each bad var and what it must be, so the
 * request (or the isolate's start, for modules that read it when they load) fails and the log says what to fix.
 * A typo an operator made in wrangler.toml is better a broken deploy than a limit or flag silently taken as its
 * default (the Epic Stack's `env.server.ts` does the same). Missing values are not errors: each has its default,
 * and a missing secret is reported by the module that needs it (learner sign-in is off without
 * LEARNER_SESSION_SECRET, app/server/learning/learner.server.ts; payments fall back to the emulator or are off).
 *
 * Parsed once per isolate: on first use, then kept for that `env` object (a WeakMap keyed by it, so a test's own
 * source object gets its own parse). A test that changes a var of the Worker's `env` calls `forgetConfig()` so the
 * next read parses it again (tests/support/env.ts).
 */
import { env } from "cloudflare:workers";
import { z } from "zod";

/** Text as set; missing is empty. */
const text = z
  .string()
  .optional()
  .transform((value) => value ?? "");

/** Trimmed text; missing or blank is empty. */
const trimmed = z
  .string()
  .optional()
  .transform((value) => value?.trim() ?? "");

/** A secret: trimmed, and undefined when missing or blank. */
const secret = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** A switch spelled `on`/`off` (or `true`/`false`); missing or empty is `fallback`. */
function flag(on: string, off: string, fallback: boolean) {
  return z
    .enum([on, off, ""], { error: `must be "${on}", "${off}" or empty` })
    .optional()
    .transform((value) => (value === undefined || value === "" ? fallback : value === on));
}

/** A whole number ≥ 1 (a rate limit per hour); missing or empty is `fallback`. */
function perHour(fallback: number) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return fallback;
      const number = Number(value);
      if (Number.isInteger(number) && number >= 1) return number;
      ctx.addIssue({ code: "custom", message: `must be a whole number of at least 1 (unset: ${fallback})` });
      return z.NEVER;
    });
}

/** Milliseconds ≥ 0, at most `max` (larger values are cut to it); missing or empty is 0. */
function milliseconds(max: number) {
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === "") return 0;
      const number = Number(value);
      if (Number.isFinite(number) && number >= 0) return Math.min(number, max);
      ctx.addIssue({ code: "custom", message: "must be a number of milliseconds, 0 or more" });
      return z.NEVER;
    });
}

/** Empty (use the request's origin) or an absolute http(s) URL, kept as written. */
const originUrl = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const url = value?.trim() ?? "";
    if (url === "") return "";
    if (URL.canParse(url) && ["https:", "http:"].includes(new URL(url).protocol)) return value as string;
    ctx.addIssue({ code: "custom", message: 'must be an absolute http(s) URL such as "https://theexaminedlife.org", or empty' });
    return z.NEVER;
  });

/** Which transport carries a kind of mail (app/server/mail/transports, ADR 0010); missing or empty is `fallback`. */
function mailTransport(fallback: "email-service" | "provider") {
  return z
    .enum(["email-service", "provider", ""], { error: 'must be "email-service", "provider" or empty' })
    .optional()
    .transform((value) => (value === undefined || value === "" ? fallback : value));
}

const schema = z.object({
  SITE_NAME: text,
  SITE_URL: originUrl,
  CONTACT_EMAIL: text,
  CONTACT_PHONE: text,
  CONTACT_ADDRESS: text,
  // Checked by app/server/site/site.server.ts, which hides a link that is not https (and logs the var): documented behaviour.
  SOCIAL_INSTAGRAM_URL: trimmed,
  SOCIAL_YOUTUBE_URL: trimmed,
  SOCIAL_LINKEDIN_URL: trimmed,
  MAIL_FROM: text,
  DEV_MAILBOX: flag("on", "off", false),
  ON_CLOUDFLARE: flag("true", "false", false),
  PAGE_CACHE: flag("on", "off", true),
  ANALYTICS: flag("on", "off", true),
  BENCH_ROUTES: flag("on", "off", false),
  E2E_ROUTES: flag("on", "off", false),
  DEFERRED_READ_DELAY_MS: milliseconds(10_000),
  RATE_LIMIT_NEWSLETTER_PER_HOUR: perHour(10),
  RATE_LIMIT_CONTACT_PER_HOUR: perHour(5),
  RATE_LIMIT_PAYMENT_INTENTS_PER_HOUR: perHour(20),
  RATE_LIMIT_ACCESS_LINKS_PER_HOUR: perHour(5),
  RATE_LIMIT_ACCESS_LINKS_PER_RECIPIENT_PER_HOUR: perHour(3),
  RATE_LIMIT_NEWSLETTER_PER_RECIPIENT_PER_HOUR: perHour(3),
  RATE_LIMIT_GIFT_SENDS_PER_HOUR: perHour(10),
  RATE_LIMIT_GIFT_SENDS_PER_GIFT_PER_HOUR: perHour(3),
  RATE_LIMIT_COUPON_CHECKS_PER_HOUR: perHour(30),
  ADMIN_USERNAME: secret,
  ADMIN_PASSWORD_HASH: secret,
  LEARNER_SESSION_SECRET: secret,
  STRIPE_SECRET_KEY: secret,
  STRIPE_PUBLISHABLE_KEY: secret,
  STRIPE_WEBHOOK_SECRET: secret,
  STRIPE_EMULATOR_SECRET_KEY: secret,
  STRIPE_EMULATOR_WEBHOOK_SECRET: secret,
  MAIL_TRANSPORT_TRANSACTIONAL: mailTransport("email-service"),
  MAIL_TRANSPORT_NEWSLETTER: mailTransport("provider"),
  RESEND_API_KEY: secret,
  RESEND_WEBHOOK_SECRET: secret,
  MAIL_PROVIDER_EMULATOR_API_KEY: secret,
  MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET: secret,
});

/** The configuration's var names, as in wrangler.toml. */
export type ConfigVar = keyof typeof schema.shape;
/** The configuration, typed: numbers, booleans, checked URLs, secrets that may be undefined. */
export type Config = z.output<typeof schema>;
/** What `config` parses: `env`, or (in tests) a few vars. */
export type ConfigSource = { readonly [name in ConfigVar]?: string };

const VARS = Object.keys(schema.shape) as ConfigVar[];

/** A var holds a value it cannot have. The message names every bad var and what it must be (never a value: some are secrets). */
export class ConfigError extends Error {
  readonly variables: ConfigVar[];
  constructor(issues: { variable: ConfigVar; message: string }[]) {
    super(
      `Invalid configuration: ${issues.map(({ variable, message }) => `${variable} ${message}`).join("; ")}. ` +
        "Fix it in wrangler.toml ([vars] or [env.production.vars]), .dev.vars, or the secret.",
    );
    this.name = "ConfigError";
    this.variables = issues.map(({ variable }) => variable);
  }
}

/** Parses `source` (no memo); throws a `ConfigError` naming the bad vars. */
export function parseConfig(source: ConfigSource): Config {
  const raw: Partial<Record<ConfigVar, string>> = {};
  for (const name of VARS) {
    const value = source[name];
    if (value !== undefined) raw[name] = value;
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => ({
      variable: String(issue.path[0]) as ConfigVar,
      // A wrong type can only come from a test or a binding of the same name: say what it must be.
      message: issue.code === "invalid_type" ? "must be a string" : issue.message,
    })),
  );
}

/** What each source parsed to: the Worker's `env` once per isolate, a test's own source object once per object. */
const parsedBySource = new WeakMap<ConfigSource, Config>();

/**
 * The configuration of `source` (the Worker's `env` unless given), parsed on its first use and kept for that object.
 * Throws a `ConfigError` naming each bad var (see the top of this file); a source that does not parse is not kept, so
 * every read of it says so.
 */
export function config(source: ConfigSource = env): Config {
  let parsed = parsedBySource.get(source);
  if (!parsed) {
    parsed = parseConfig(source);
    parsedBySource.set(source, parsed);
  }
  return parsed;
}

/** Drops what `config` kept for `source`, so its next read parses it again: for tests that change a var of the Worker's `env`. */
export function forgetConfig(source: ConfigSource = env): void {
  parsedBySource.delete(source);
}

/**
 * What `Env` holds beyond what `wrangler types` reads from wrangler.toml (worker-configuration.d.ts, generated
 * on install and by `npm run typecheck`, never committed): the secrets, and the vars only some runs set.
 * Every one may be missing, so each is optional; app/server/core/config.server.ts parses them (and the vars) into typed values.
 */
interface ConfiguredSecretsAndVars {
  /** The admin account (secrets in production; .dev.vars locally). */
  ADMIN_USERNAME?: string;
  /** pbkdf2_sha256$iterations$salt$hash, made by `npm run admin:hash-password`; also derives the cookie signing key. */
  ADMIN_PASSWORD_HASH?: string;
  /**
   * Signs learner session cookies (HKDF-SHA256 → HMAC-SHA256; at least 32 characters). Without it learner sign-in is off
   * and the Worker logs why (app/server/learning/learner.server.ts). Locally scripts/ensure-dev-vars.mjs adds one to .dev.vars.
   */
  LEARNER_SESSION_SECRET?: string;
  /** Real Stripe (secrets); without them the local emulator is used when bound. */
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** The emulator's secret key and webhook signing secret, fresh for each run (scripts/ensure-dev-vars.mjs). */
  STRIPE_EMULATOR_SECRET_KEY?: string;
  STRIPE_EMULATOR_WEBHOOK_SECRET?: string;
  /** The mail provider, Resend (secrets); without the key the local stand-in (MAIL_PROVIDER_EMULATOR) is used when bound. */
  RESEND_API_KEY?: string;
  /** Signs Resend's webhooks (`whsec_…`, from its dashboard's webhook page). */
  RESEND_WEBHOOK_SECRET?: string;
  /** The mail provider stand-in's API key and webhook signing secret, fresh for each run (scripts/ensure-dev-vars.mjs). */
  MAIL_PROVIDER_EMULATOR_API_KEY?: string;
  MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET?: string;
  /** "off" turns the Worker's page cache off (the benchmark's uncached run). */
  PAGE_CACHE?: string;
  /** "off" turns the counting of page views off (docs/analytics.md; the benchmark's side-by-side run). */
  ANALYTICS?: string;
  /** "on" only under `npm run bench`: adds its constant-string route `/__bench/constant?bytes=N` (workers/app.ts). */
  BENCH_ROUTES?: string;
  /** "on" only on the browser tests' server (tests/e2e/global-setup.ts): adds the routes that reset its state (workers/e2e-routes.ts). */
  E2E_ROUTES?: string;
  /** Milliseconds every deferred read waits first (the browser tests' slow-network runs). */
  DEFERRED_READ_DELAY_MS?: string;
  /** Not in wrangler.toml: the default (app/server/core/config.server.ts) applies unless a run sets it. */
  RATE_LIMIT_ACCESS_LINKS_PER_RECIPIENT_PER_HOUR?: string;
  RATE_LIMIT_NEWSLETTER_PER_RECIPIENT_PER_HOUR?: string;
  RATE_LIMIT_GIFT_SENDS_PER_HOUR?: string;
  RATE_LIMIT_GIFT_SENDS_PER_GIFT_PER_HOUR?: string;
  RATE_LIMIT_COUPON_CHECKS_PER_HOUR?: string;
}

interface Env extends ConfiguredSecretsAndVars {}

declare namespace Cloudflare {
  interface Env extends ConfiguredSecretsAndVars {}
}

/** Workers' default cache (the DOM typings in tsconfig know only `caches.open`). */
interface CacheStorage {
  readonly default: Cache;
}

/** Workers' constant-time compare (the DOM typings in tsconfig lack it). */
interface SubtleCrypto {
  timingSafeEqual(a: ArrayBuffer | ArrayBufferView, b: ArrayBuffer | ArrayBufferView): boolean;
}

/**
 * The first deploy's plan (`npm run deploy:setup`, scripts/deploy-setup.ts), as pure functions: what the account
 * already has and the options in, the steps out. No I/O here, so the tests (tests/deploy-setup.test.ts) run it in
 * workerd against the real wrangler.toml, and `--dry-run` prints exactly what a real run would do.
 */

/** The resources an environment binds, read from wrangler.toml (never repeated here). */
export interface DeployResources {
  env: string;
  worker: string;
  database: { binding: string; name: string; id: string };
  bucket: string;
  queues: string[];
}

/** What the account has, as wrangler lists it; `null` = not looked up (a dry run needs no login or network). */
export interface Existing {
  databases: { name: string; uuid: string }[] | null;
  buckets: string[] | null;
  queues: string[] | null;
  secrets: string[] | null;
}

export const NOTHING_KNOWN: Existing = { databases: null, buckets: null, queues: null, secrets: null };

/** Every secret production reads (app/server/core/config.server.ts), with where its value comes from. */
export const PRODUCTION_SECRETS: { name: string; how: string; generated?: true }[] = [
  { name: "ADMIN_USERNAME", how: "the owner's sign-in name (docs/admin.md)" },
  { name: "ADMIN_PASSWORD_HASH", how: "the output of `npm run admin:hash-password`; it also keys the admin cookies" },
  { name: "LEARNER_SESSION_SECRET", how: "32 random bytes, made by this script (signs learner cookies)", generated: true },
  { name: "STRIPE_SECRET_KEY", how: "Stripe dashboard → Developers → API keys (sk_live_…)" },
  { name: "STRIPE_PUBLISHABLE_KEY", how: "Stripe dashboard → Developers → API keys (pk_live_…)" },
  { name: "STRIPE_WEBHOOK_SECRET", how: "the signing secret (whsec_…) of the webhook endpoint below; set it after adding the endpoint" },
  { name: "RESEND_API_KEY", how: "Resend → API Keys, sending access to the site's domain (newsletters)" },
  { name: "RESEND_WEBHOOK_SECRET", how: "the signing secret (whsec_…) of the Resend webhook below" },
];

/** The Stripe events the webhook handles (`handleStripeWebhook`'s cases in app/server/payments/payments.server.ts). */
export const STRIPE_WEBHOOK_EVENTS = [
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  // Gives a coupon's reserved use back when its intent can never be paid (docs/payments.md, "Coupons").
  "payment_intent.canceled",
  "charge.refunded",
  "refund.created",
  "refund.updated",
];

/** The Resend events the mail-provider webhook handles (docs/operations.md "Mail transports"). */
export const RESEND_WEBHOOK_EVENTS = ["email.bounced", "email.complained", "email.suppressed"];

export type Step =
  | { kind: "lookup"; what: string; command: string[] }
  | { kind: "found"; what: string }
  | { kind: "create"; what: string; command: string[]; ifMissing: boolean }
  | { kind: "config"; what: string }
  | { kind: "secret"; name: string; how: string; command: string[]; generated: boolean; ifMissing: boolean }
  | { kind: "migrate"; command: string[] }
  | { kind: "manual"; what: string };

export interface PlanOptions {
  /** The site's host, for the URLs the manual steps name (from SITE_URL). */
  siteHost: string;
}

const PLACEHOLDER_ID = "00000000-0000-0000-0000-000000000000";

/** The text of wrangler.toml's `[env.<env>]` part: from its header to the end (environments come last). */
function envSection(toml: string, env: string) {
  const start = toml.search(new RegExp(`^\\[env\\.${env}\\]$`, "m"));
  if (start < 0) throw new Error(`wrangler.toml has no [env.${env}] section`);
  return toml.slice(start);
}

/** Every `key = "value"` of the tables named `header` (such as `[[env.production.r2_buckets]]`) in order. */
function tables(section: string, header: string) {
  const blocks = section.split(/^(?=\[)/m).filter((block) => block.startsWith(`${header}\n`));
  return blocks.map((block) => Object.fromEntries([...block.matchAll(/^(\w+)\s*=\s*"([^"]*)"/gm)].map(([, k, v]) => [k, v])));
}

/** The resources of one environment, read from wrangler.toml's text. */
export function resourcesFromWranglerToml(toml: string, env: string): DeployResources {
  const section = envSection(toml, env);
  const name = /^name\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  const [database] = tables(section, `[[env.${env}.d1_databases]]`);
  const [bucket] = tables(section, `[[env.${env}.r2_buckets]]`);
  const queues = [
    ...new Set([
      ...tables(section, `[[env.${env}.queues.producers]]`).map((t) => t.queue),
      ...tables(section, `[[env.${env}.queues.consumers]]`).flatMap((t) => [t.queue, t.dead_letter_queue]),
    ]),
  ].filter((queue): queue is string => Boolean(queue));
  if (!name || !database?.binding || !database.database_name || !bucket?.bucket_name) {
    throw new Error(`wrangler.toml's [env.${env}] lacks a D1 database or an R2 bucket`);
  }
  return {
    env,
    // wrangler names an environment's Worker `<name>-<env>`.
    worker: `${name}-${env}`,
    database: { binding: database.binding, name: database.database_name, id: database.database_id ?? "" },
    bucket: bucket.bucket_name,
    queues,
  };
}

/** wrangler.toml with `id` as the database_id of `[env.<env>]`'s D1 binding (the top level, local, is left alone). */
export function withDatabaseId(toml: string, env: string, id: string) {
  const start = toml.search(new RegExp(`^\\[\\[env\\.${env}\\.d1_databases\\]\\]$`, "m"));
  if (start < 0) throw new Error(`wrangler.toml has no [[env.${env}.d1_databases]]`);
  const head = toml.slice(0, start);
  const rest = toml.slice(start).replace(/^database_id\s*=\s*"[^"]*"/m, `database_id = "${id}"`);
  return head + rest;
}

/** The steps of a first deploy (or of a re-run: what exists is found, never created again). */
export function planDeploy(resources: DeployResources, existing: Existing, options: PlanOptions): Step[] {
  const env = ["--env", resources.env];
  const steps: Step[] = [];
  const resource = (what: string, known: string[] | null, name: string, lookup: string[], create: string[]) => {
    if (known === null) steps.push({ kind: "lookup", what, command: lookup });
    if (known?.includes(name)) steps.push({ kind: "found", what: `${what} ${name}` });
    else steps.push({ kind: "create", what: `${what} ${name}`, command: create, ifMissing: known === null });
  };

  const database = existing.databases?.find((db) => db.name === resources.database.name);
  resource(
    "D1 database",
    existing.databases?.map((db) => db.name) ?? null,
    resources.database.name,
    ["wrangler", "d1", "list", "--json"],
    ["wrangler", "d1", "create", resources.database.name],
  );
  if (!database || database.uuid !== resources.database.id) {
    steps.push({
      kind: "config",
      what: `write the database's id into wrangler.toml's [[env.${resources.env}.d1_databases]] database_id${
        database ? ` (${database.uuid})` : ""
      }`,
    });
  }
  resource(
    "R2 bucket",
    existing.buckets,
    resources.bucket,
    ["wrangler", "r2", "bucket", "list"],
    ["wrangler", "r2", "bucket", "create", resources.bucket],
  );
  existing.queues === null && steps.push({ kind: "lookup", what: "queues", command: ["wrangler", "queues", "list"] });
  for (const queue of resources.queues) {
    if (existing.queues?.includes(queue)) steps.push({ kind: "found", what: `queue ${queue}` });
    else
      steps.push({
        kind: "create",
        what: `queue ${queue}`,
        command: ["wrangler", "queues", "create", queue],
        ifMissing: existing.queues === null,
      });
  }

  steps.push({ kind: "migrate", command: ["wrangler", "d1", "migrations", "apply", resources.database.binding, "--remote", ...env] });

  existing.secrets === null && steps.push({ kind: "lookup", what: "secrets", command: ["wrangler", "secret", "list", ...env] });
  for (const secret of PRODUCTION_SECRETS) {
    if (existing.secrets?.includes(secret.name)) steps.push({ kind: "found", what: `secret ${secret.name}` });
    else
      steps.push({
        kind: "secret",
        name: secret.name,
        how: secret.how,
        command: ["wrangler", "secret", "put", secret.name, ...env],
        generated: secret.generated === true,
        ifMissing: existing.secrets === null,
      });
  }

  const site = `https://${options.siteHost}`;
  for (const what of [
    `Deploy: CLOUDFLARE_ENV=${resources.env} npm run build && npx wrangler deploy (the Worker ${resources.worker}, on ${options.siteHost} through wrangler.toml's routes; the zone must be on this Cloudflare account)`,
    `Stripe: Developers → Webhooks → add the endpoint ${site}/api/stripe/webhook for ${STRIPE_WEBHOOK_EVENTS.join(", ")}; put its signing secret as STRIPE_WEBHOOK_SECRET`,
    `Resend: add and verify the domain of MAIL_FROM (DKIM, SPF, MX of send., DMARC); add the webhook ${site}/api/webhooks/mail-provider for ${RESEND_WEBHOOK_EVENTS.join(", ")}; put its signing secret as RESEND_WEBHOOK_SECRET`,
    "Email Service (Workers Paid): dashboard → Email Sending → Onboard Domain for the domain of MAIL_FROM (it adds the bounce MX, SPF, DKIM and DMARC records)",
    `The owner: sign in at ${site}/login with ADMIN_USERNAME and the password behind ADMIN_PASSWORD_HASH; enter the content in the admin`,
  ]) {
    steps.push({ kind: "manual", what });
  }
  return steps;
}

/** One line per step, as `--dry-run` (and a real run, as it goes) prints them. */
export function describeStep(step: Step): string {
  const shell = (command: string[]) => `npx ${command.join(" ")}`;
  switch (step.kind) {
    case "lookup":
      return `look up ${step.what}: ${shell(step.command)}`;
    case "found":
      return `found ${step.what}: nothing to do`;
    case "create":
      return `${step.ifMissing ? "if missing, create" : "create"} ${step.what}: ${shell(step.command)}`;
    case "config":
      return step.what;
    case "secret":
      return `${step.ifMissing ? "if not set, set" : "set"} secret ${step.name} (${step.how}): ${
        step.generated ? "openssl rand -hex 32 | " : ""
      }${shell(step.command)}`;
    case "migrate":
      return `apply the migrations (idempotent): ${shell(step.command)}`;
    case "manual":
      return `by hand: ${step.what}`;
  }
}

/** Reads `wrangler r2 bucket list`'s labelled output (`name:  examined-life-media`). */
export function bucketNames(output: string) {
  return [...output.matchAll(/^name:\s+(\S+)/gm)].map(([, name]) => name as string);
}

/** Reads `wrangler queues list`'s table: the cell of its `name` column on each row. */
export function queueNames(output: string) {
  const rows = output.split("\n").map((line) => line.split(/[│|]/).map((cell) => cell.trim()));
  const header = rows.find((cells) => cells.includes("name") && cells.includes("id"));
  if (!header) return [];
  const column = header.indexOf("name");
  return rows
    .filter((cells) => cells !== header && cells.length === header.length && cells[column])
    .map((cells) => cells[column] as string);
}

export { PLACEHOLDER_ID };

/**
 * `npm run deploy:setup -- --env production [--dry-run]`: a first deploy's setup, safe to run again.
 * It finds or creates the D1 database, the R2 bucket and the queues that wrangler.toml's [env.<env>] binds, writes the
 * database's id into that section, applies the migrations, asks for each secret not yet set, and prints what is left
 * by hand (the deploy, Stripe's and Resend's webhooks, the e-mail domains). The plan is scripts/lib/deploy-plan.ts.
 *
 * `--dry-run` looks nothing up and changes nothing (no login, no network): it prints every step, with the command a
 * real run would use, each lookup-dependent one marked "if missing". tests/deploy-setup.test.ts checks that plan.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline/promises";
import {
  bucketNames,
  describeStep,
  type Existing,
  NOTHING_KNOWN,
  planDeploy,
  queueNames,
  resourcesFromWranglerToml,
  type Step,
  withDatabaseId,
} from "./lib/deploy-plan";

const args = process.argv.slice(2);
const env = args[args.indexOf("--env") + 1];
const dryRun = args.includes("--dry-run");
if (!args.includes("--env") || !env || env.startsWith("--")) {
  process.stderr.write("Usage: npm run deploy:setup -- --env production [--dry-run]\n");
  process.exit(2);
}

const CONFIG = "wrangler.toml";
const toml = readFileSync(CONFIG, "utf8");
const resources = resourcesFromWranglerToml(toml, env);
const siteUrl = new RegExp(`\\[env\\.${env}\\.vars\\][\\s\\S]*?^SITE_URL\\s*=\\s*"([^"]*)"`, "m").exec(toml)?.[1];
const siteHost = siteUrl ? new URL(siteUrl).host : "<your domain>";

/** Runs wrangler and returns what it printed; its prompts and errors reach the terminal. */
function wrangler(command: string[], input?: string) {
  return execFileSync("node_modules/.bin/wrangler", command.slice(1), {
    encoding: "utf8",
    input,
    stdio: [input === undefined ? "inherit" : "pipe", "pipe", "inherit"],
    maxBuffer: 64 * 1024 * 1024,
  });
}

function lookUp(): Existing {
  const databases = JSON.parse(wrangler(["wrangler", "d1", "list", "--json"])) as { name: string; uuid: string }[];
  const buckets = bucketNames(wrangler(["wrangler", "r2", "bucket", "list"]));
  const queues = queueNames(wrangler(["wrangler", "queues", "list"]));
  let secrets: string[] = [];
  try {
    const listed = JSON.parse(wrangler(["wrangler", "secret", "list", "--env", env as string])) as { name: string }[];
    secrets = listed.map((secret) => secret.name);
  } catch {
    // No Worker yet (never deployed): no secrets either; `secret put` offers to create it.
  }
  return { databases, buckets, queues, secrets };
}

if (dryRun) {
  console.log(`Dry run for [env.${env}] (the Worker ${resources.worker}): nothing is looked up or changed.\n`);
  for (const step of planDeploy(resources, NOTHING_KNOWN, { siteHost })) console.log(`- ${describeStep(step)}`);
  process.exit(0);
}

/** A yes/no question on the terminal (yes unless the answer starts with n). */
async function ask(question: string) {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await terminal.question(question);
  terminal.close();
  return !/^n/i.test(answer.trim());
}

const steps: Step[] = planDeploy(resources, lookUp(), { siteHost });
for (const step of steps) {
  console.log(`- ${describeStep(step)}`);
  switch (step.kind) {
    case "create":
      wrangler(step.command);
      break;
    case "config": {
      const databases = JSON.parse(wrangler(["wrangler", "d1", "list", "--json"])) as { name: string; uuid: string }[];
      const id = databases.find((db) => db.name === resources.database.name)?.uuid;
      if (!id) throw new Error(`D1 database ${resources.database.name} is not in \`wrangler d1 list\``);
      writeFileSync(CONFIG, withDatabaseId(readFileSync(CONFIG, "utf8"), env, id));
      console.log(`  wrote database_id = "${id}" into ${CONFIG} [env.${env}]: commit it`);
      break;
    }
    case "migrate":
      console.log(wrangler(step.command));
      break;
    case "secret":
      if (step.generated) wrangler(step.command, randomBytes(32).toString("hex"));
      else if (!(await ask(`  Set ${step.name} now? [Y/n] `))) {
        console.log(`  skipped: run \`npx ${step.command.join(" ")}\` later`);
      } else if (spawnSync("node_modules/.bin/wrangler", step.command.slice(1), { stdio: "inherit" }).status !== 0) {
        console.log(`  ${step.name} was not set: run \`npx ${step.command.join(" ")}\` later`);
      }
      break;
    default:
      break;
  }
}
console.log("\nDone. Run it again at any time: what exists is found, not created again.");

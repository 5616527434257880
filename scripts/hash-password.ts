/**
 * Prints an ADMIN_PASSWORD_HASH for a new admin password (PBKDF2-SHA256, 100,000 iterations, the
 * most Cloudflare Workers allow).
 *
 *   npm run admin:hash-password                  # asks for the password (stdin)
 *   printf '%s' "$PW" | npm run admin:hash-password --silent
 *   npm run admin:hash-password -- 'the password' # works, but the password ends up in your shell history
 *
 * Only the hash goes to stdout; the prompt and hints go to stderr.
 */
import { ADMIN_PASSWORD_MIN } from "../app/lib/admin-accounts";
import { hashPassword } from "../app/server/admin/password.server";
import { readPassword } from "./lib/read-password";

const MIN_LENGTH = ADMIN_PASSWORD_MIN;

const password = await readPassword(process.argv[2]);
if ([...password].length < MIN_LENGTH) {
  process.stderr.write(`The password must be at least ${MIN_LENGTH} characters long; nothing was printed.\n`);
  process.exit(1);
}

const hash = await hashPassword(password);
process.stdout.write(`${hash}\n`);
process.stderr.write(
  [
    "",
    "Set it with: npx wrangler secret put ADMIN_PASSWORD_HASH --env production",
    "(and ADMIN_USERNAME the same way). For local use, put this line in .dev.vars:",
    `ADMIN_PASSWORD_HASH=${hash}`,
    "",
  ].join("\n"),
);

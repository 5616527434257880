/**
 * `npm run admin:create -- owner@example.com`: writes an owner account to the local D1 (the one `npm run dev` uses);
 * `npm run admin:create -- owner@example.com --remote` writes it to production's. The password is asked for (or piped
 * on stdin) and stored as a PBKDF2 hash (app/server/admin/password.server.ts), never in plain text.
 *
 * For an existing username it sets the new password and makes the account an owner, and signs its sessions out: so it
 * also resets a forgotten owner password. It goes straight to D1 with `wrangler d1 execute`, so it needs no running site.
 */
import { execFileSync } from "node:child_process";
import { ADMIN_PASSWORD_MIN } from "../app/lib/admin-accounts";
import { hashPassword } from "../app/server/admin/password.server";
import { readPassword } from "./lib/read-password";

const USERNAME_MAX = 200;
const remote = process.argv.includes("--remote");
// Production is wrangler.toml's [env.production] (its own D1 binding).
const target = remote ? ["--remote", "--env", "production"] : ["--local"];
const username = process.argv
  .slice(2)
  .find((arg) => !arg.startsWith("--"))
  ?.trim();

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
if (!username || username.length > USERNAME_MAX || /[\u0000-\u001f\u007f]/.test(username)) {
  process.stderr.write(`Usage: npm run admin:create -- <username> [--remote]   (a username of 1–${USERNAME_MAX} characters)\n`);
  process.exit(1);
}
// The password comes from the terminal or stdin only: an argument would end up in the shell's history.
const password = await readPassword();
if ([...password].length < ADMIN_PASSWORD_MIN) {
  process.stderr.write(`The password must be at least ${ADMIN_PASSWORD_MIN} characters long; nothing was written.\n`);
  process.exit(1);
}

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;
const passwordHash = await hashPassword(password);
const sql = [
  `INSERT INTO admin_accounts (username, password_hash, role) VALUES (${quote(username)}, ${quote(passwordHash)}, 'owner')`,
  "ON CONFLICT (username) DO UPDATE SET password_hash = excluded.password_hash, role = 'owner';",
  `DELETE FROM admin_sessions WHERE username = ${quote(username)};`,
].join("\n");
execFileSync("node_modules/.bin/wrangler", ["d1", "execute", "DB", ...target, "--yes", "--command", sql], {
  stdio: ["ignore", "ignore", "inherit"],
});
process.stderr.write(`Owner account ${username} written (${remote ? "production" : "local"} D1). Sign in at /login with it.\n`);

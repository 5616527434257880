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
import { hashPassword } from "../app/server/password.server";

const MIN_LENGTH = 12;

async function readPassword(): Promise<string> {
  const fromArgs = process.argv[2];
  if (fromArgs !== undefined) return fromArgs;
  if (process.stdin.isTTY) {
    // One line from the terminal (it is echoed).
    process.stderr.write("Password: ");
    return new Promise((resolve) => {
      let text = "";
      process.stdin.setEncoding("utf8");
      process.stdin.on("data", (chunk: string) => {
        text += chunk;
        const end = text.indexOf("\n");
        if (end !== -1) {
          process.stdin.pause();
          resolve(text.slice(0, end).replace(/\r$/, ""));
        }
      });
      process.stdin.on("end", () => resolve(text.replace(/\r?\n$/, "")));
    });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  // Piped input: drop one trailing newline (from `echo`), keep everything else as typed.
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

const password = await readPassword();
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

/**
 * A newcomer's first run: the README's `npm start` on a fresh checkout, then the README's local admin
 * credentials. The other suites start their own server with their own account, so only this one would
 * notice a broken .dev.vars.example or a start script that does not read it.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { assert, describe, expect, it, vi } from "vitest";

/** Its own port, apart from the suite's server (E2E_PORT); NEWCOMER_PORT moves it when another run holds it. */
const PORT = Number(process.env.NEWCOMER_PORT ?? 8797);

async function waitForServer(url: string, output: () => string, timeout = 120_000) {
  try {
    await vi.waitFor(
      async () => {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      },
      { timeout, interval: 500 },
    );
  } catch (error) {
    throw new Error(`npm start did not serve ${url}:\n${output()}`, { cause: error });
  }
}

describe("the README's quick start", () => {
  it("npm start serves the site, and the README's admin credentials sign in", async () => {
    const readme = readFileSync("README.md", "utf8");
    const [, username, password] = /\*\*`([^`]+)` \/ `([^`]+)`\*\*/.exec(readme) ?? [];
    expect(username).toBe("admin");
    assert(username && password, "the README's admin credentials");
    const start = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;
    // The suite has built the app already (npm run test:e2e builds first); the rest runs exactly as written.
    const command = start.replace(/^npm run build && /, "");
    expect(command).not.toBe(start);

    let output = "";
    const server = spawn("sh", ["-c", command], {
      env: { ...process.env, PORT: String(PORT) },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk) => (output += chunk));
    server.stderr?.on("data", (chunk) => (output += chunk));
    try {
      const origin = `http://localhost:${PORT}`;
      await waitForServer(`${origin}/login`, () => output);
      const response = await fetch(`${origin}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
        body: new URLSearchParams({ username, password }),
      });
      expect(response.status, output).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/admin(\?|$)/);
      expect(response.headers.get("Set-Cookie")).toMatch(/^tel_admin_session=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43};/);
      expect(output).not.toContain("ADMIN_PASSWORD_HASH is not");
    } finally {
      if (server.pid) process.kill(-server.pid, "SIGTERM");
    }
  }, 180_000);
});

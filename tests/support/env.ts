/**
 * Tests that change a var of the Worker's `env`: `config()` parses `env` once per isolate
 * (app/server/core/config.server.ts), so a change is read only once what it kept is forgotten.
 */
import { env } from "cloudflare:workers";
import { type ConfigVar, forgetConfig } from "~/server/core/config.server";

type Vars = Partial<Record<ConfigVar, string | undefined>>;

/** Sets the vars as given (undefined: unset) and makes `config()` read them afresh. */
function setVars(vars: Vars) {
  const bindings: Vars = env;
  for (const [name, value] of Object.entries(vars) as [ConfigVar, string | undefined][]) {
    if (value === undefined) delete bindings[name];
    else bindings[name] = value;
  }
  forgetConfig();
}

/** Runs `run` with the vars set as given (undefined: unset), then puts them back as they were. */
export async function withVars<T>(vars: Vars, run: () => T | Promise<T>): Promise<T> {
  const bindings: Vars = env;
  const before: Vars = Object.fromEntries(Object.keys(vars).map((name) => [name, bindings[name as ConfigVar]]));
  try {
    setVars(vars);
    return await run();
  } finally {
    setVars(before);
  }
}

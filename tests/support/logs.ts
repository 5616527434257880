import type { MockInstance } from "vitest";

/** The structured lines (app/server/core/log.server.ts) a console spy received, parsed; other output is left out. */
export function loggedEvents(spy: MockInstance<(...args: unknown[]) => void>): Record<string, unknown>[] {
  return spy.mock.calls.flatMap(([first]) => {
    if (typeof first !== "string" || !first.startsWith("{")) return [];
    try {
      return [JSON.parse(first) as Record<string, unknown>];
    } catch {
      return [];
    }
  });
}

/**
 * Data a page streams after its shell. A loader returns `deferRead(...)` promises instead of awaiting
 * them; the document's shell (header, hero, headings, filters) goes out at once, and each section
 * follows behind its skeleton when its data arrives (`<Deferred>` in app/components/ui/deferred.tsx).
 */
import { databaseOutageContext, noteDatabaseFailure } from "./database-outage.server";
import { config } from "./config.server";
import { createContext, type RouterContextProvider } from "react-router";
import { logEvent, rootCause, shortError, stackOf } from "./log.server";

/**
 * How this request's page was written. workers/app.ts gives each request its own, and the Worker's
 * cache keeps only a page written whole: none of its parts failed (it would keep the error panel), and
 * none came after the shell (it would keep the skeletons and the scripts that swap them, and every
 * later visitor would wait for them; the next request, with the data quicker, is stored instead).
 */
export type StreamOutcome = { failed: boolean; streamed: boolean };
export const streamOutcomeContext = createContext<StreamOutcome | null>(null);

/**
 * Holds every deferred read back by this many milliseconds (`DEFERRED_READ_DELAY_MS`, at most 10 s). Tests and demos only (unset in
 * production): it makes "the shell first, slow data later" observable against a fast local D1.
 */
function artificialDelayMs() {
  return config().DEFERRED_READ_DELAY_MS;
}

/** Starts `read` now and returns its promise for the page to stream; a failure marks the page incomplete. */
export function deferRead<T>(context: Readonly<RouterContextProvider>, read: () => PromiseLike<T>): Promise<T> {
  const delayMs = artificialDelayMs();
  const started = delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, delayMs)).then(read) : Promise.resolve(read());
  const streamed = started.catch((error: unknown) => {
    const outcome = context.get(streamOutcomeContext);
    if (outcome) outcome.failed = true;
    // D1 failing: the Worker answers the whole page with its 503 if the shell is not out yet (database-outage.server.ts).
    if (noteDatabaseFailure(error, context.get(databaseOutageContext)))
      logEvent("error", "d1.unavailable", { where: "streamed", error: shortError(rootCause(error)) });
    else logEvent("error", "render.streamed_failed", { error: shortError(error), stack: stackOf(error) });
    throw error;
  });
  // Handled here too: when the loader fails before returning it (another read threw), nobody else ever awaits it.
  streamed.catch(() => {});
  return streamed;
}

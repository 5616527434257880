import type { Route } from "./+types/layout";
import { learnerFrom, learnerSessionMiddleware } from "~/server/learner-context.server";

/**
 * Every learning page: the learner session is read once here, and the answers are private (no-store,
 * noindex). No component: React Router renders the child route in its place, and no browser code ships.
 */
export const middleware: Route.MiddlewareFunction[] = [learnerSessionMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  return { learnerEmail: learnerFrom(context)?.email ?? null };
}

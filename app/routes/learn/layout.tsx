import type { Route } from "./+types/layout";
import { learnerSessionMiddleware } from "~/server/learning/learner-context.server";

/**
 * Every learning page: the request's learner is set up once here (the session is read when a page first asks); the
 * answers are private and noindex by their policy (app/site-routes.ts). No component: React Router renders the child
 * route in its place, and no browser code ships.
 */
export const middleware: Route.MiddlewareFunction[] = [learnerSessionMiddleware];

import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { learnerFrom, learnerSessionMiddleware } from "~/server/learner-context.server";

/** Every learning page: the learner session is read once here, and the answers are private. */
export const middleware: Route.MiddlewareFunction[] = [learnerSessionMiddleware];

export function loader({ context }: Route.LoaderArgs) {
  return { learnerEmail: learnerFrom(context)?.email ?? null };
}

export function meta(): Route.MetaDescriptors {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

export default function LearnLayout() {
  return <Outlet />;
}

import { redirect } from "react-router";
import type { Route } from "./+types/enrollments-redirect";

/** /admin/enrollments became /admin/orders: a permanent redirect that keeps the query (the filters). */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/admin/orders${new URL(request.url).search}`, 301);
}

import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { AdminNotFound } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { requireAdmin } from "~/server/admin-guard.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Not Found", matches);

export default function AdminPageNotFound() {
  return <AdminNotFound title="Page Not Found" message="There is no admin page at this address." back={{ to: "/admin", label: "Dashboard" }} />;
}

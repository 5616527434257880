import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { AdminNotFound } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Not Found", matches);

export default function AdminPageNotFound() {
  return (
    <AdminNotFound title="Page Not Found" message="There is no admin page at this address." back={{ to: "/admin", label: "Dashboard" }} />
  );
}

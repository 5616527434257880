import { Link } from "react-router";
import type { Route } from "./+types/users";
import { AdminPageHeader, UnderDevelopment } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";

/** No data: the loader makes navigating here ask the server, where the layout's middleware checks the session. */
export function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Users", matches);

export default function AdminUsers() {
  return (
    <>
      <AdminPageHeader title="User Management" description="Manage administrators and readers." />
      <UnderDevelopment>
        Visitors have no accounts. The dashboard's “Users” figure counts{" "}
        <Link to="/admin/subscribers" className="text-primary underline underline-offset-4">
          newsletter subscribers
        </Link>
        , which can be listed and exported as CSV.
      </UnderDevelopment>
    </>
  );
}

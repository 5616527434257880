import type { Route } from "./+types/practices";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { ContentList } from "~/components/admin/content-list";
import { LinkButton } from "~/components/ui/button";
import { listPracticesForAdmin } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/admin-guard.server";
import { getDb } from "~/server/db.server";

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  await requireAdmin(request, db);
  return { practices: await listPracticesForAdmin(db) };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Practices", matches);

export default function AdminPractices({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Practices"
        description="The guided practices on /practices, newest first."
        actions={<LinkButton to="/admin/practices/new">New Practice</LinkButton>}
      />
      <ContentList
        noun="Practice"
        apiBase="/api/practices"
        adminBase="/admin/practices"
        publicBase="/practices"
        items={loaderData.practices.map((practice) => ({
          id: practice.id,
          title: practice.title,
          details: [practice.category, `${practice.duration} min`],
          badge: practice.featured ? "Featured" : undefined,
        }))}
      />
    </>
  );
}

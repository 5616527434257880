import type { Route } from "./+types/resources";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { ContentList } from "~/components/admin/content-list";
import { LinkButton } from "~/components/ui/button";
import { listResourcesForAdmin } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/admin-guard.server";
import { getDb } from "~/server/db.server";

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  await requireAdmin(request, db);
  return { resources: await listResourcesForAdmin(db) };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Resources", matches);

export default function AdminResources({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Resources"
        description="The resource library on /resources, newest first."
        actions={<LinkButton to="/admin/resources/new">New Resource</LinkButton>}
      />
      <ContentList
        noun="Resource"
        apiBase="/api/resources"
        adminBase="/admin/resources"
        publicBase="/resources"
        items={loaderData.resources.map((resource) => ({
          id: resource.id,
          title: resource.title,
          details: [resource.author, resource.categoryName],
        }))}
      />
    </>
  );
}

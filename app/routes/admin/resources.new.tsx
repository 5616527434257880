import type { Route } from "./+types/resources.new";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { resourceFields, resourceInitial } from "~/components/admin/content-fields";
import { ContentForm } from "~/components/admin/content-form";
import { Card } from "~/components/ui/card";
import { resourceSchema } from "~/lib/admin-schemas";
import { listResourceCategoryOptions } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/admin-guard.server";
import { getDb } from "~/server/db.server";

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  await requireAdmin(request, db);
  return { categories: await listResourceCategoryOptions(db) };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("New Resource", matches);

export default function NewResource({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <>
      <AdminPageHeader title="Create New Resource" description="Added to the resource library at once." back={{ to: "/admin/resources", label: "All resources" }} />
      <Card className="p-6">
        <ContentForm
          noun="Resource"
          fields={resourceFields(categories)}
          initial={resourceInitial(categories)}
          schema={resourceSchema}
          mode="create"
          method="POST"
          endpoint="/api/resources"
          publicPath={(id) => `/resources/${id}`}
          adminPath={(id) => `/admin/resources/${id}`}
        />
      </Card>
    </>
  );
}

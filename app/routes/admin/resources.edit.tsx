import { data } from "react-router";
import type { Route } from "./+types/resources.edit";
import { AdminNotFound, AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { resourceFields } from "~/components/admin/content-fields";
import { ContentForm } from "~/components/admin/content-form";
import { EditActions } from "~/components/admin/edit-actions";
import { Card } from "~/components/ui/card";
import { resourceSchema } from "~/lib/admin-schemas";
import { getResourceForAdmin, listResourceCategoryOptions } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/admin-guard.server";
import { parseId } from "~/server/content.server";
import { getDb } from "~/server/db.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  await requireAdmin(request, db);
  const id = parseId(params.id);
  const [resource, categories] = await Promise.all([id === null ? undefined : getResourceForAdmin(db, id), listResourceCategoryOptions(db)]);
  if (!resource) return data({ resource: null, categories }, { status: 404 });
  return { resource, categories };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminMeta(loaderData?.resource ? `Edit ${loaderData.resource.title}` : "Resource Not Found", matches);

export default function EditResource({ loaderData }: Route.ComponentProps) {
  const { resource, categories } = loaderData;
  if (!resource) {
    return <AdminNotFound title="Resource Not Found" message="There is no resource with this id; it may have been deleted." back={{ to: "/admin/resources", label: "All resources" }} />;
  }
  return (
    <>
      <AdminPageHeader
        title="Edit Resource"
        description={<>#{resource.id} · changes show on the site as soon as they are saved.</>}
        back={{ to: "/admin/resources", label: "All resources" }}
        actions={<EditActions noun="Resource" title={resource.title} publicHref={`/resources/${resource.id}`} apiPath={`/api/resources/${resource.id}`} listHref="/admin/resources" />}
      />
      <Card className="p-6">
        <ContentForm
          key={resource.id}
          noun="Resource"
          fields={resourceFields(categories)}
          initial={{
            title: resource.title,
            author: resource.author,
            categoryId: String(resource.categoryId),
            description: resource.description,
            url: resource.url,
          }}
          schema={resourceSchema}
          mode="edit"
          method="PUT"
          endpoint={`/api/resources/${resource.id}`}
          publicPath={(id) => `/resources/${id}`}
          adminPath={(id) => `/admin/resources/${id}`}
        />
      </Card>
    </>
  );
}

/** /admin/{articles,practices,resources}/new: a content type's create form. Registered once per type in app/routes.ts. */
import type { Route } from "./+types/content-new";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { CONTENT_TYPE_FORMS } from "~/components/admin/content-types";
import { initialValues, withOptions } from "~/lib/content-types/fields";
import { ContentForm } from "~/components/admin/content-form";
import { Card } from "~/components/ui/card";
import { newItemOptions } from "~/server/admin/content.server";
import { adminFrom } from "~/server/admin/guard.server";
import { contentTypeOfRequest } from "~/server/content/content-types.server";
import { getDb } from "~/server/core/db.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  const type = contentTypeOfRequest(request);
  return { type, options: await newItemOptions(db, type, adminFrom(context).role) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(loaderData ? `New ${CONTENT_TYPE_FORMS[loaderData.type].noun}` : "Admin", matches);

export default function NewContent({ loaderData }: Route.ComponentProps) {
  const type = CONTENT_TYPE_FORMS[loaderData.type];
  const fields = withOptions(type.fields, loaderData.options);
  return (
    <>
      <AdminPageHeader
        title={`Create New ${type.noun}`}
        description={type.newDescription}
        back={{ to: `/admin/${type.path}`, label: `All ${type.path}` }}
      />
      <Card className="p-6">
        <ContentForm
          noun={type.noun}
          fields={fields}
          initial={initialValues(fields, type.defaults)}
          schema={type.createSchema}
          mode="create"
          method="POST"
          endpoint={`/api/${type.path}`}
          adminPath={(id) => `/admin/${type.path}/${id}`}
        />
      </Card>
    </>
  );
}

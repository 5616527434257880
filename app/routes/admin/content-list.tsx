/** /admin/{articles,practices,resources}: a content type's list. Registered once per type in app/routes.ts; the URL says which. */
import type { Route } from "./+types/content-list";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { CONTENT_TYPE_FORMS } from "~/components/admin/content-types";
import { ContentList } from "~/components/admin/content-list";
import { LinkButton } from "~/components/ui/button";
import { listContentForAdmin } from "~/server/admin/content.server";
import { contentTypeOfRequest } from "~/server/content/content-types.server";
import { getDb } from "~/server/core/db.server";
import { hasPreview, pluralOf, publicHrefOf } from "~/lib/content-types";
import { adminFrom } from "~/server/admin/guard.server";
import { itemActor } from "~/server/admin/content-access.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  const type = contentTypeOfRequest(request);
  // A contributor lists only their own items; each row says whether this account may delete it (app/site-routes.ts).
  return { type, items: await listContentForAdmin(db, type, itemActor(request, adminFrom(context))) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(loaderData ? pluralOf(CONTENT_TYPE_FORMS[loaderData.type]) : "Admin", matches);

export default function AdminContentList({ loaderData }: Route.ComponentProps) {
  const type = CONTENT_TYPE_FORMS[loaderData.type];
  return (
    <>
      <AdminPageHeader
        title={pluralOf(type)}
        description={type.listDescription}
        actions={<LinkButton to={`/admin/${type.path}/new`}>New {type.noun}</LinkButton>}
      />
      <ContentList
        noun={type.noun}
        plural={pluralOf(type)}
        apiBase={`/api/${type.path}`}
        adminBase={`/admin/${type.path}`}
        publicHref={(item) => publicHrefOf(type, item)}
        previewHref={hasPreview(loaderData.type) ? (item) => `/admin/${type.path}/${item.id}/preview` : undefined}
        items={loaderData.items}
      />
    </>
  );
}

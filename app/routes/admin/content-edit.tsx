/** /admin/{articles,practices,resources}/:id: a content type's edit form (404 data for an unknown id). Registered once per type in app/routes.ts. */
import { useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/content-edit";
import { AdminNotFound, AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { CONTENT_TYPE_FORMS, contentTypeForm } from "~/components/admin/content-types";
import type { ContentTypeKey } from "~/lib/content-types";
import { type FieldSpec, storedValues, withOptions } from "~/lib/content-types/fields";
import type { EditorDataOf } from "~/lib/content-types/registry";
import { ContentForm } from "~/components/admin/content-form";
import { EditActions } from "~/components/admin/edit-actions";
import { PublishAndEmailButton } from "~/components/admin/publish-and-email";
import { Card } from "~/components/ui/card";
import { statusText } from "~/lib/publication";
import { getContentForAdmin, loadContentOptions, loadEditorData } from "~/server/admin/content.server";
import { parseId } from "~/server/content/content.server";
import { contentTypeOfRequest } from "~/server/content/content-types.server";
import { getDb } from "~/server/core/db.server";
import { confirmedSubscriberCount } from "~/server/newsletter/drafts.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const type = contentTypeOfRequest(request);
  const id = parseId(params.id);
  const [item, options] = await Promise.all([id === null ? undefined : getContentForAdmin(db, type, id), loadContentOptions(db, type)]);
  if (!item || id === null) return data({ type, item: null, options, extra: null, subscribers: null }, { status: 404 });
  // An unpublished article offers "Publish and e-mail to subscribers", which says how many will get it.
  const unpublishedArticle = type === "article" && "status" in item && item.status !== "published";
  return {
    type,
    item,
    options,
    extra: await loadEditorData(db, type, id),
    subscribers: unpublishedArticle ? await confirmedSubscriberCount(db) : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(
    loaderData?.item ? `Edit ${loaderData.item.title}` : loaderData ? `${CONTENT_TYPE_FORMS[loaderData.type].noun} Not Found` : "Admin",
    matches,
  );

export default function EditContent({ loaderData }: Route.ComponentProps) {
  const { item, options, extra, subscribers } = loaderData;
  const type = CONTENT_TYPE_FORMS[loaderData.type];
  const back = { to: `/admin/${type.path}`, label: `All ${type.path}` };
  if (!item) {
    return (
      <AdminNotFound
        title={`${type.noun} Not Found`}
        message={`There is no ${type.noun.toLowerCase()} with this id; it may have been deleted.`}
        back={back}
      />
    );
  }
  const fields = withOptions(type.editFields ?? type.fields, options);
  // Articles, practices and courses have a status; resources are always published.
  const publication = "status" in item ? item : null;
  const published = !publication || publication.status === "published";
  return (
    <>
      <AdminPageHeader
        title={`Edit ${type.noun}`}
        description={
          <>
            #{item.id} ·{" "}
            {published
              ? "changes show on the site as soon as they are saved"
              : `${statusText(publication.status, publication.publishAt)}: not on the site yet`}{" "}
            ·{" "}
            <Link to={`/admin/${type.path}/${item.id}/history`} className="underline underline-offset-4">
              History and restore
            </Link>
          </>
        }
        back={back}
        actions={
          <>
            {subscribers !== null ? <PublishAndEmailButton articleId={item.id} title={item.title} confirmed={subscribers} /> : null}
            <EditActions
              noun={type.noun}
              title={item.title}
              publicHref={published ? `/${type.path}/${item.id}` : null}
              previewHref={publication ? `/admin/${type.path}/${item.id}/preview` : undefined}
              apiPath={`/api/${type.path}/${item.id}`}
              listHref={back.to}
            />
          </>
        }
      />
      <EditItem key={item.id} item={item} fields={fields} extra={extra} typeKey={loaderData.type} />
    </>
  );
}

/** A stored row, as the loader read it: the form reads its fields by name. */
type StoredItem = NonNullable<Route.ComponentProps["loaderData"]["item"]>;

/** The form and what else edits the item (a course's outline), sharing the item's version: each save moves it on. */
function EditItem<K extends ContentTypeKey>({
  item,
  fields,
  extra,
  typeKey,
}: {
  item: StoredItem;
  fields: FieldSpec[];
  extra: EditorDataOf<K> | null;
  typeKey: K;
}) {
  const type = contentTypeForm(typeKey);
  const [version, setVersion] = useState(item.updatedAt ?? "");
  const historyPath = `/admin/${type.path}/${item.id}/history`;
  return (
    <>
      <Card className="p-6">
        <ContentForm
          noun={type.noun}
          fields={fields}
          initial={storedValues(fields, item)}
          schema={type.updateSchema}
          mode="edit"
          method="PUT"
          endpoint={`/api/${type.path}/${item.id}`}
          publicPath={(id) => `/${type.path}/${id}`}
          adminPath={(id) => `/admin/${type.path}/${id}`}
          version={version}
          onVersion={setVersion}
          historyPath={historyPath}
        />
      </Card>
      {type.EditorExtra && extra !== null && (
        <type.EditorExtra itemId={item.id} data={extra} version={version} onVersion={setVersion} historyPath={historyPath} />
      )}
    </>
  );
}

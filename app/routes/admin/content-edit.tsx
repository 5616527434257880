/** /admin/{articles,practices,resources}/:id: a content type's edit form (404 data for an unknown id). Registered once per type in app/routes.ts. */
import { useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/content-edit";
import { AdminNotFound, AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { CONTENT_TYPE_FORMS, contentTypeForm } from "~/components/admin/content-types";
import { type ContentTypeKey, hasPreview, pluralOf, publicHrefOf } from "~/lib/content-types";
import { roleMayUse } from "~/lib/admin-permissions";
import { type FieldSpec, storedValues, withOptions } from "~/lib/content-types/fields";
import type { EditorDataOf } from "~/lib/content-types/registry";
import { ContentForm } from "~/components/admin/content-form";
import { EditActions } from "~/components/admin/edit-actions";
import { PublishAndEmailButton } from "~/components/admin/publish-and-email";
import { Card } from "~/components/ui/card";
import { IN_REVIEW_LABEL, isInReview, statusText } from "~/lib/publication";
import { getContentForAdmin, loadContentOptions, loadEditorData } from "~/server/admin/content.server";
import { parseId } from "~/server/content/content.server";
import { contentTypeOfRequest } from "~/server/content/content-types.server";
import { getDb } from "~/server/core/db.server";
import { adminFrom } from "~/server/admin/guard.server";
import { itemActor, mayDelete, reachableItem } from "~/server/admin/content-access.server";
import { type ItemTraffic, itemTraffic } from "~/server/analytics/reports.server";
import { Sparkline } from "~/components/admin/sparkline";
import { formatCount, formatLongDate } from "~/lib/format";
import { confirmedSubscriberCount } from "~/server/newsletter/drafts.server";
import type { AutosaveOffer } from "~/lib/autosave";
import { autosaveOffer } from "~/server/admin/autosaves.server";
import { revisionFields } from "~/server/content/revisions.server";
import { ownerTimeZone } from "~/server/site/site.server";
import { useOwnerZone } from "~/components/admin/local-time";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = getDb();
  const type = contentTypeOfRequest(request);
  const id = parseId(params.id);
  const session = adminFrom(context);
  const actor = itemActor(request, session);
  // Another's item is not found for a role that reaches only its own (the route's `items`, app/site-routes.ts).
  const reachable = id === null ? null : await reachableItem(db, type, id, actor);
  const [item, options] = await Promise.all([
    reachable && id !== null ? getContentForAdmin(db, type, id) : undefined,
    loadContentOptions(db, type),
  ]);
  const nothing = {
    type,
    item: null,
    options,
    extra: null,
    subscribers: null,
    traffic: null,
    autosave: null,
    timeZone: "",
    rights: actor.rights,
    inReview: false,
    mayDelete: false,
    insightHref: null,
  };
  if (!item || id === null) return data(nothing, { status: 404 });
  // An unpublished article offers "Publish and e-mail to subscribers" (to those who may publish), which says how many will get it.
  const unpublishedArticle = type === "article" && "status" in item && item.status !== "published" && actor.rights.publish;
  const inReview = "status" in item && isInReview(item.status, reachable?.submittedAt);
  const [extra, subscribers, traffic, autosave, timeZone] = await Promise.all([
    loadEditorData(db, type, id),
    unpublishedArticle ? confirmedSubscriberCount(db) : null,
    // The last 30 days of an article, practice or course (docs/analytics.md); purchases are the owner's.
    // Only for an account that may open the Analytics page the card links to.
    (type === "article" || type === "practice" || type === "course") && roleMayUse(session.role, "/admin/analytics")
      ? itemTraffic(db, type, id, session.role)
      : null,
    // This account's autosave, when newer than the item and different from it: the form offers it back.
    autosaveOffer(db, type, id, session.username, item.updatedAt ?? "", storedValues(revisionFields(type), item)),
    ownerTimeZone(db),
  ]);
  return {
    type,
    item,
    options,
    extra,
    subscribers,
    traffic,
    autosave,
    timeZone,
    rights: actor.rights,
    inReview,
    mayDelete: mayDelete(actor, reachable?.createdBy ?? null),
    // A course's learner insight (totals), for the roles its policy lets in.
    insightHref: type === "course" && roleMayUse(session.role, `/admin/courses/${id}/insight`) ? `/admin/courses/${id}/insight` : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(
    loaderData?.item ? `Edit ${loaderData.item.title}` : loaderData ? `${CONTENT_TYPE_FORMS[loaderData.type].noun} Not Found` : "Admin",
    matches,
  );

export default function EditContent({ loaderData }: Route.ComponentProps) {
  const ownerZone = useOwnerZone();
  const { item, options, extra, subscribers, traffic, autosave, timeZone, rights, inReview } = loaderData;
  const type = CONTENT_TYPE_FORMS[loaderData.type];
  const back = { to: `/admin/${type.path}`, label: `All ${pluralOf(type).toLowerCase()}` };
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
              : `${inReview ? IN_REVIEW_LABEL : statusText(publication.status, publication.publishAt, ownerZone)}: not on the site yet`}{" "}
            ·{" "}
            <Link to={`/admin/${type.path}/${item.id}/history`} className="underline underline-offset-4">
              History and restore
            </Link>
            {loaderData.insightHref ? (
              <>
                {" "}
                ·{" "}
                <Link to={loaderData.insightHref} className="underline underline-offset-4">
                  Learner insight
                </Link>
              </>
            ) : null}
          </>
        }
        back={back}
        actions={
          <>
            {subscribers !== null ? <PublishAndEmailButton articleId={item.id} title={item.title} confirmed={subscribers} /> : null}
            <EditActions
              noun={type.noun}
              title={item.title}
              publicHref={published ? publicHrefOf(type, item) : null}
              previewHref={publication && !published && hasPreview(loaderData.type) ? `/admin/${type.path}/${item.id}/preview` : undefined}
              apiPath={`/api/${type.path}/${item.id}`}
              listHref={back.to}
              mayDelete={loaderData.mayDelete}
            />
          </>
        }
      />
      {traffic ? <TrafficCard traffic={traffic} /> : null}
      <EditItem
        key={item.id}
        item={item}
        fields={fields}
        extra={extra}
        typeKey={loaderData.type}
        autosave={autosave}
        timeZone={timeZone}
        review={{ mayPublish: rights.publish, inReview }}
      />
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
  autosave,
  timeZone,
  review,
}: {
  item: StoredItem;
  fields: FieldSpec[];
  extra: EditorDataOf<K> | null;
  typeKey: K;
  autosave: AutosaveOffer | null;
  timeZone: string;
  review: { mayPublish: boolean; inReview: boolean };
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
          adminPath={(id) => `/admin/${type.path}/${id}`}
          version={version}
          onVersion={setVersion}
          historyPath={historyPath}
          autosave={{ endpoint: `/api/${type.path}/${item.id}/autosave`, offer: autosave }}
          timeZone={timeZone}
          review={review}
        />
      </Card>
      {type.EditorExtra && extra !== null && (
        <type.EditorExtra itemId={item.id} data={extra} version={version} onVersion={setVersion} historyPath={historyPath} />
      )}
    </>
  );
}

/** The item's last 30 days: a sparkline of its visits and the totals (docs/analytics.md, "The analytics page"). */
function TrafficCard({ traffic }: { traffic: ItemTraffic }) {
  const figures: [string, string][] = [
    ["Visits", formatCount(traffic.totals.views)],
    ["Unique visitors", formatCount(traffic.totals.visitors)],
    ...(traffic.plays
      ? ([
          ["Plays", formatCount(traffic.plays.plays)],
          ["Completion", traffic.plays.completionRate],
          ["Minutes listened", formatCount(traffic.plays.minutes)],
        ] as [string, string][])
      : []),
    ...(traffic.enrol
      ? ([
          ["Enrol page visits", formatCount(traffic.enrol.views)],
          ["Enrol page visitors", formatCount(traffic.enrol.visitors)],
        ] as [string, string][])
      : []),
    ...(traffic.purchases === null ? [] : ([["Purchases", formatCount(traffic.purchases)]] as [string, string][])),
  ];
  const summary = `Visits per day, ${formatLongDate(traffic.range.from)} to ${formatLongDate(traffic.range.to)}: ${formatCount(
    traffic.totals.views,
  )} visits, ${formatCount(traffic.totals.visitors)} unique visitors in all.`;
  return (
    <Card className="mb-6 p-6" data-card="traffic">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-serif text-xl font-semibold">Last 30 days</h2>
        <Link
          to="/admin/analytics"
          className="inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          All analytics
        </Link>
      </div>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center">
        <Sparkline values={traffic.series.map((day) => day.views)} label={summary} className="shrink-0" />
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
          {figures.map(([label, value]) => (
            <div key={label} data-figure={label.toLowerCase()}>
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="font-serif text-xl font-semibold tabular-nums" data-value>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </Card>
  );
}

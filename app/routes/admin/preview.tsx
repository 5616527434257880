/**
 * /admin/{articles,practices,courses}/:id/preview: an item as its public page will show it, whatever its status (a draft,
 * a scheduled one), with the public page's own component in the site's layout. Admins and editors only (its policy in
 * app/site-routes.ts: the route guard checks the session, outside the admin layout), never cached and `noindex`.
 */
import { data } from "react-router";
import type { Route } from "./+types/preview";
import { ArticleView } from "~/components/content/article-view";
import { CourseView } from "~/components/courses/course-view";
import { PracticeView } from "~/components/practice/practice-view";
import { LinkButton } from "~/components/ui/button";
import { CONTENT_TYPE_NAMES } from "~/lib/content-types";
import { statusText } from "~/lib/publication";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { getContentPreview, type PreviewType } from "~/server/admin/content.server";
import { NO_STORE } from "~/server/core/http.server";
import { parseId } from "~/server/content/content.server";
import { contentTypeOfRequest } from "~/server/content/content-types.server";
import { getDb } from "~/server/core/db.server";
import { adminFrom } from "~/server/admin/guard.server";
import { itemActor, reachableItem } from "~/server/admin/content-access.server";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = contentTypeOfRequest(request) as PreviewType;
  const id = parseId(params.id);
  const db = getDb();
  // Another's item is not found for a role that reaches only its own (the route's `items`, app/site-routes.ts).
  const reachable = id !== null && (await reachableItem(db, key, id, itemActor(request, adminFrom(context)))) !== null;
  const preview = reachable ? await getContentPreview(db, key, id) : null;
  if (!preview) throw data(`${CONTENT_TYPE_NAMES[key].noun} not found.`, { status: 404, headers: { "Cache-Control": NO_STORE } });
  return preview;
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": NO_STORE });

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  const title = loaderData ? titleOf(loaderData) : "Preview";
  return [{ title: pageTitle(`Preview: ${title}`, siteNameFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

type Preview = NonNullable<Awaited<ReturnType<typeof getContentPreview>>>;
const titleOf = (preview: Preview) =>
  preview.type === "article" ? preview.article.title : preview.type === "practice" ? preview.practice.title : preview.course.title;
const idOf = (preview: Preview) =>
  preview.type === "article" ? preview.article.id : preview.type === "practice" ? preview.practice.id : preview.course.id;

export default function PreviewPage({ loaderData: preview }: Route.ComponentProps) {
  const { path } = CONTENT_TYPE_NAMES[preview.type];
  return (
    <>
      <section aria-label="Preview" className="border-b border-border bg-muted" data-preview-status={preview.status}>
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm sm:px-6">
          <p>
            <strong>Preview</strong> · {statusText(preview.status, preview.publishAt)}
            {preview.status === "published" ? "" : ": visitors cannot see this page yet."}
          </p>
          <LinkButton to={`/admin/${path}/${idOf(preview)}`} variant="outline">
            Back to the editor
          </LinkButton>
        </div>
      </section>
      {preview.type === "article" ? (
        <ArticleView article={preview.article} body={preview.body} />
      ) : preview.type === "practice" ? (
        <PracticeView practice={preview.practice} next={preview.next} />
      ) : (
        <CourseView course={preview.course} owned={false} accessRequired={false} />
      )}
    </>
  );
}

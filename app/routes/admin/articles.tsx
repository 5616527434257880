import type { Route } from "./+types/articles";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { ContentList } from "~/components/admin/content-list";
import { LinkButton } from "~/components/ui/button";
import { formatLongDate } from "~/lib/format";
import { listArticlesForAdmin } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/admin-guard.server";
import { getDb } from "~/server/db.server";

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  await requireAdmin(request, db);
  return { articles: await listArticlesForAdmin(db) };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Articles", matches);

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Articles"
        description="Everything published on /articles, newest first."
        actions={<LinkButton to="/admin/articles/new">New Article</LinkButton>}
      />
      <ContentList
        noun="Article"
        apiBase="/api/articles"
        adminBase="/admin/articles"
        publicBase="/articles"
        items={loaderData.articles.map((article) => ({
          id: article.id,
          title: article.title,
          details: [article.category, article.author, formatLongDate(article.publishedDate)],
          badge: article.featured ? "Featured" : undefined,
        }))}
      />
    </>
  );
}

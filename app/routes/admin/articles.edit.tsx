import { data } from "react-router";
import type { Route } from "./+types/articles.edit";
import { AdminNotFound, AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { ARTICLE_EDIT_FIELDS } from "~/components/admin/content-fields";
import { ContentForm } from "~/components/admin/content-form";
import { EditActions } from "~/components/admin/edit-actions";
import { Card } from "~/components/ui/card";
import { articleUpdateSchema } from "~/lib/admin-schemas";
import { getArticleForAdmin } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/admin-guard.server";
import { parseId } from "~/server/content.server";
import { getDb } from "~/server/db.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  await requireAdmin(request, db);
  const id = parseId(params.id);
  const article = id === null ? undefined : await getArticleForAdmin(db, id);
  if (!article) return data({ article: null }, { status: 404 });
  return { article };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminMeta(loaderData?.article ? `Edit ${loaderData.article.title}` : "Article Not Found", matches);

export default function EditArticle({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData;
  if (!article) {
    return <AdminNotFound title="Article Not Found" message="There is no article with this id; it may have been deleted." back={{ to: "/admin/articles", label: "All articles" }} />;
  }
  return (
    <>
      <AdminPageHeader
        title="Edit Article"
        description={<>#{article.id} · changes show on the site as soon as they are saved.</>}
        back={{ to: "/admin/articles", label: "All articles" }}
        actions={<EditActions noun="Article" title={article.title} publicHref={`/articles/${article.id}`} apiPath={`/api/articles/${article.id}`} listHref="/admin/articles" />}
      />
      <Card className="p-6">
        <ContentForm
          key={article.id}
          noun="Article"
          fields={ARTICLE_EDIT_FIELDS}
          initial={{
            title: article.title,
            excerpt: article.excerpt,
            content: article.content,
            imageUrl: article.imageUrl,
            category: article.category,
            readingTime: String(article.readingTime),
            author: article.author,
            publishedDate: article.publishedDate,
            featured: article.featured,
          }}
          schema={articleUpdateSchema}
          mode="edit"
          method="PUT"
          endpoint={`/api/articles/${article.id}`}
          publicPath={(id) => `/articles/${id}`}
          adminPath={(id) => `/admin/articles/${id}`}
        />
      </Card>
    </>
  );
}

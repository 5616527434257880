import type { Route } from "./+types/articles.new";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { ARTICLE_FIELDS, ARTICLE_INITIAL } from "~/components/admin/content-fields";
import { ContentForm } from "~/components/admin/content-form";
import { Card } from "~/components/ui/card";
import { articleSchema } from "~/lib/admin-schemas";
import { requireAdmin } from "~/server/admin-guard.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("New Article", matches);

export default function NewArticle() {
  return (
    <>
      <AdminPageHeader
        title="Create New Article"
        description="Published today on /articles. The content is Markdown; use the Preview tab to see it as readers will."
        back={{ to: "/admin/articles", label: "All articles" }}
      />
      <Card className="p-6">
        <ContentForm
          noun="Article"
          fields={ARTICLE_FIELDS}
          initial={ARTICLE_INITIAL}
          schema={articleSchema}
          mode="create"
          method="POST"
          endpoint="/api/articles"
          publicPath={(id) => `/articles/${id}`}
          adminPath={(id) => `/admin/articles/${id}`}
        />
      </Card>
    </>
  );
}

import { data } from "react-router";
import type { Route } from "./+types/practices.edit";
import { AdminNotFound, AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { PRACTICE_FIELDS } from "~/components/admin/content-fields";
import { ContentForm } from "~/components/admin/content-form";
import { EditActions } from "~/components/admin/edit-actions";
import { Card } from "~/components/ui/card";
import { practiceSchema } from "~/lib/admin-schemas";
import { getPracticeForAdmin } from "~/server/admin-content.server";
import { requireAdmin } from "~/server/admin-guard.server";
import { parseId } from "~/server/content.server";
import { getDb } from "~/server/db.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  await requireAdmin(request, db);
  const id = parseId(params.id);
  const practice = id === null ? undefined : await getPracticeForAdmin(db, id);
  if (!practice) return data({ practice: null }, { status: 404 });
  return { practice };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => adminMeta(loaderData?.practice ? `Edit ${loaderData.practice.title}` : "Practice Not Found", matches);

export default function EditPractice({ loaderData }: Route.ComponentProps) {
  const { practice } = loaderData;
  if (!practice) {
    return <AdminNotFound title="Practice Not Found" message="There is no practice with this id; it may have been deleted." back={{ to: "/admin/practices", label: "All practices" }} />;
  }
  return (
    <>
      <AdminPageHeader
        title="Edit Practice"
        description={<>#{practice.id} · changes show on the site as soon as they are saved.</>}
        back={{ to: "/admin/practices", label: "All practices" }}
        actions={<EditActions noun="Practice" title={practice.title} publicHref={`/practices/${practice.id}`} apiPath={`/api/practices/${practice.id}`} listHref="/admin/practices" />}
      />
      <Card className="p-6">
        <ContentForm
          key={practice.id}
          noun="Practice"
          fields={PRACTICE_FIELDS}
          initial={{
            title: practice.title,
            description: practice.description,
            imageUrl: practice.imageUrl,
            category: practice.category,
            duration: String(practice.duration),
            focus: practice.focus,
            audioUrl: practice.audioUrl,
            transcript: practice.transcript,
            featured: practice.featured,
          }}
          schema={practiceSchema}
          mode="edit"
          method="PUT"
          endpoint={`/api/practices/${practice.id}`}
          publicPath={(id) => `/practices/${id}`}
          adminPath={(id) => `/admin/practices/${id}`}
        />
      </Card>
    </>
  );
}

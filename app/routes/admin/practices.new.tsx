import type { Route } from "./+types/practices.new";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { PRACTICE_FIELDS, PRACTICE_INITIAL } from "~/components/admin/content-fields";
import { ContentForm } from "~/components/admin/content-form";
import { Card } from "~/components/ui/card";
import { practiceSchema } from "~/lib/admin-schemas";
import { requireAdmin } from "~/server/admin-guard.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("New Practice", matches);

export default function NewPractice() {
  return (
    <>
      <AdminPageHeader title="Create New Practice" description="Shown on /practices at once." back={{ to: "/admin/practices", label: "All practices" }} />
      <Card className="p-6">
        <ContentForm
          noun="Practice"
          fields={PRACTICE_FIELDS}
          initial={PRACTICE_INITIAL}
          schema={practiceSchema}
          mode="create"
          method="POST"
          endpoint="/api/practices"
          publicPath={(id) => `/practices/${id}`}
          adminPath={(id) => `/admin/practices/${id}`}
        />
      </Card>
    </>
  );
}

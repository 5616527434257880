import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/bundles";
import { useActionToast } from "~/components/admin/use-action-toast";
import { AdminPageHeader, FormErrorAlert } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTable } from "~/components/admin/admin-table";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CheckboxField, Field, TextareaField } from "~/components/ui/field";
import { bundleFormSchema } from "~/lib/bundles";
import { formatMoney } from "~/lib/format";
import type { FormResult } from "~/lib/form-result";
import { auditItemName, noteAuditObject } from "~/server/admin/audit.server";
import { orderCourseChoices } from "~/server/admin/orders.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { listBundles, saveBundle } from "~/server/payments/bundles.server";

export async function loader() {
  const db = getDb();
  const [bundles, courses] = await Promise.all([listBundles(db), orderCourseChoices(db)]);
  return { bundles, courses };
}

type ActionResult = FormResult<{ id: number }>;

/** POST the bundle form: a new bundle (no id) or an edit (id). The owner's only; 400 naming the field, 404 for an unknown bundle. */
export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  return formAction(
    { request, context },
    bundleFormSchema,
    async (input): Promise<ActionResult> => {
      const { id } = await saveBundle(db, input);
      noteAuditObject(context, { action: input.id ? "update" : "create", object: auditItemName("bundle", id, input.title) });
      return { ok: true, id, message: input.id ? "Bundle saved." : "Bundle created." };
    },
    // Several courses are several checkboxes of one name.
    { input: (form) => ({ ...Object.fromEntries(form), courseIds: form.getAll("courseIds") }), keep: ["title", "description", "price"] },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Bundles", matches);

type BundlesData = Route.ComponentProps["loaderData"];
const usd = (cents: number) => formatMoney(cents, "usd");

export default function Bundles({ loaderData }: Route.ComponentProps) {
  const { bundles, courses } = loaderData;
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  const [params] = useSearchParams();
  const editing = bundles.find((bundle) => String(bundle.id) === params.get("edit"));
  useActionToast(result, (done) => ({ title: "Bundle saved", description: done.message }));
  return (
    <>
      <AdminPageHeader
        title="Bundles"
        description="Courses sold together at one price, each with its page /bundles/{id}. A buyer who already has some of the courses pays the bundle's price and gets their share refunded at once."
        back={{ to: "/admin/orders", label: "Orders" }}
      />
      {bundles.length === 0 ? (
        <p className="mb-8 rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">No bundles yet.</p>
      ) : (
        <BundlesTable bundles={bundles} courses={courses} />
      )}
      <BundleForm key={editing?.id ?? "new"} bundle={editing} courses={courses} result={result} busy={busy} />
    </>
  );
}

/** Each bundle: its courses, price and saving, whether it is on sale, and its paid orders. */
function BundlesTable({ bundles, courses }: { bundles: BundlesData["bundles"]; courses: BundlesData["courses"] }) {
  const byId = new Map(courses.map((course) => [course.id, course]));
  return (
    <div className="mb-10">
      <AdminTable caption="Bundles" headings={["Bundle", "Courses", "Price", "Status", "Orders", "Revenue, net of refunds", ""]}>
        {bundles.map((bundle) => (
          <tr key={bundle.id} data-testid="bundle-row">
            <td className="px-4 py-3 font-medium">
              {bundle.published ? (
                <Link to={`/bundles/${bundle.id}`} className="text-primary underline-offset-4 hover:underline">
                  {bundle.title}
                </Link>
              ) : (
                bundle.title
              )}
            </td>
            <td className="px-4 py-3">{bundle.courseIds.map((id) => byId.get(id)?.title ?? `#${id}`).join(", ")}</td>
            <td className="whitespace-nowrap px-4 py-3 tabular-nums">{usd(bundle.priceCents)}</td>
            <td className="px-4 py-3">{bundle.published ? "Published" : "Draft"}</td>
            <td className="px-4 py-3 tabular-nums">{bundle.orders}</td>
            <td className="whitespace-nowrap px-4 py-3 tabular-nums">{usd(bundle.revenueCents)}</td>
            <td className="px-4 py-3">
              <Link to={`?edit=${bundle.id}`} className="inline-flex min-h-11 items-center text-primary underline-offset-4 hover:underline">
                Edit {bundle.title}
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
      <p className="mt-2 text-sm text-muted-foreground">
        Orders and revenue count paid orders; revenue is net of refunds, including what was refunded for courses buyers already had.
      </p>
    </div>
  );
}

/** New bundle, or the one being edited (`?edit=ID`): the same schema as the server's (app/lib/bundles.ts). */
function BundleForm({
  bundle,
  courses,
  result,
  busy,
}: {
  bundle: BundlesData["bundles"][number] | undefined;
  courses: BundlesData["courses"];
  result: ActionResult | undefined;
  busy: boolean;
}) {
  const refused = result && !result.ok ? result : undefined;
  const error = (field: string) => refused?.fieldErrors?.[field];
  const ticked = new Set(bundle?.courseIds ?? []);
  return (
    <Card className="p-6">
      <h2 className="mb-4 font-serif text-xl font-semibold">{bundle ? `Edit ${bundle.title}` : "New bundle"}</h2>
      <FormErrorAlert result={refused} margin="mb-6" />
      <Form method="post" className="grid gap-4 sm:grid-cols-2">
        {bundle ? <input type="hidden" name="id" value={bundle.id} /> : null}
        {bundle ? <input type="hidden" name="version" value={bundle.updatedAt ?? ""} /> : null}
        <Field
          label="Title"
          name="title"
          required
          maxLength={200}
          defaultValue={refused?.values?.title ?? bundle?.title ?? ""}
          error={error("title")}
        />
        <Field
          label="Price (USD)"
          name="price"
          required
          inputMode="decimal"
          hint="What the buyer pays for all the courses together."
          defaultValue={refused?.values?.price ?? (bundle ? String(bundle.priceCents / 100) : "")}
          error={error("price")}
        />
        <div className="sm:col-span-2">
          <TextareaField
            label="Description"
            name="description"
            optional
            rows={3}
            maxLength={2000}
            defaultValue={refused?.values?.description ?? bundle?.description ?? ""}
            error={error("description")}
          />
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium">Courses (at least two)</legend>
          <div className="mt-2 grid gap-1 sm:grid-cols-2">
            {courses.map((course) => (
              <CheckboxField
                key={course.id}
                label={course.title}
                name="courseIds"
                value={course.id}
                defaultChecked={ticked.has(course.id)}
              />
            ))}
          </div>
          {error("courseIds") ? <p className="mt-1 text-sm text-destructive">{error("courseIds")}</p> : null}
        </fieldset>
        <CheckboxField label="Published (on sale, with its page)" name="published" defaultChecked={bundle?.published ?? false} />
        <div className="flex gap-3 sm:col-span-2">
          <Button type="submit" disabled={busy}>
            {bundle ? "Save bundle" : "Create bundle"}
          </Button>
          {bundle ? (
            <Link to="." className="inline-flex min-h-11 items-center text-primary underline-offset-4 hover:underline">
              New bundle instead
            </Link>
          ) : null}
        </div>
      </Form>
    </Card>
  );
}

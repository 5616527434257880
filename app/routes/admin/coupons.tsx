import { Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/coupons";
import { useActionToast } from "~/components/admin/use-action-toast";
import { AdminPageHeader, FormErrorAlert } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTable } from "~/components/admin/admin-table";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CheckboxField, Field, SelectField } from "~/components/ui/field";
import { couponActionSchema, describeCouponTerms } from "~/lib/coupons";
import { formatLongDate, formatMoney } from "~/lib/format";
import type { FormResult } from "~/lib/form-result";
import { auditItemName, noteAuditObject } from "~/server/admin/audit.server";
import { orderCourseChoices } from "~/server/admin/orders.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { createCoupon, listCoupons, setCouponActive } from "~/server/payments/coupons.server";

export async function loader() {
  const db = getDb();
  const [coupons, courses] = await Promise.all([listCoupons(db), orderCourseChoices(db)]);
  return { coupons, courses };
}

type ActionResult = FormResult<{ intent: "create" | "set-active" }>;

/** POST intent=create (the New coupon form) or intent=set-active (id, active). The owner's only; 400 naming the field, 409 for a taken code. */
export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  return formAction(
    { request, context },
    couponActionSchema,
    async (input): Promise<ActionResult> => {
      if (input.intent === "set-active") {
        const { code } = await setCouponActive(db, input.id, input.active);
        noteAuditObject(context, { object: `${auditItemName("coupon", input.id, code)}: ${input.active ? "active" : "inactive"}` });
        return { ok: true, intent: input.intent, message: input.active ? "Coupon activated." : "Coupon deactivated." };
      }
      const coupon = await createCoupon(db, input);
      noteAuditObject(context, { object: auditItemName("coupon", coupon.id, coupon.code) });
      return { ok: true, intent: "create", message: `Coupon ${coupon.code} created.` };
    },
    // Several courses are several checkboxes of one name.
    { input: (form) => ({ ...Object.fromEntries(form), courseIds: form.getAll("courseIds") }), keep: ["code"] },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Coupons", matches);

type CouponsData = Route.ComponentProps["loaderData"];
const usd = (cents: number) => formatMoney(cents, "usd");

export default function Coupons({ loaderData }: Route.ComponentProps) {
  const { coupons, courses } = loaderData;
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state !== "idle";
  useActionToast(result, (done) => ({ title: done.intent === "create" ? "Coupon created" : "Coupon updated", description: done.message }));
  return (
    <>
      <AdminPageHeader
        title="Coupons"
        description="Discount codes: a link /c/CODE (or /courses/{id}?coupon=CODE) applies one; buyers can also type it on the enrol page."
        back={{ to: "/admin/orders", label: "Orders" }}
      />
      {coupons.length === 0 ? (
        <p className="mb-8 rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">No coupons yet.</p>
      ) : (
        <CouponsTable coupons={coupons} courses={courses} busy={busy} />
      )}
      <NewCoupon courses={courses} result={result} busy={busy} />
    </>
  );
}

/** Each coupon's terms and limits, and what its paid orders brought in and gave away. */
function CouponsTable({ coupons, courses, busy }: { coupons: CouponsData["coupons"]; courses: CouponsData["courses"]; busy: boolean }) {
  const titles = new Map(courses.map((course) => [course.id, course.title]));
  return (
    <div className="mb-10">
      <AdminTable
        caption="Coupons"
        headings={["Code", "Discount", "Courses", "Valid", "Uses", "Revenue, net of refunds", "Discount given", "Status"]}
      >
        {coupons.map((coupon) => (
          <tr key={coupon.id} data-testid="coupon-row">
            <td className="px-4 py-3 font-mono font-medium">{coupon.code}</td>
            <td className="whitespace-nowrap px-4 py-3">{describeCouponTerms(coupon, usd)}</td>
            <td className="px-4 py-3">
              {coupon.courseIds === null ? "All courses" : coupon.courseIds.map((id) => titles.get(id) ?? `#${id}`).join(", ")}
            </td>
            <td className="px-4 py-3 text-muted-foreground">
              {coupon.startsAt ? `from ${formatLongDate(coupon.startsAt)}` : "from now"}
              <span className="block">{coupon.endsAt ? `until ${formatLongDate(coupon.endsAt)}` : "no end"}</span>
            </td>
            <td className="whitespace-nowrap px-4 py-3 tabular-nums" data-testid="coupon-uses">
              {coupon.uses}
              {coupon.maxUses !== null ? ` of ${coupon.maxUses}` : ""}
            </td>
            <td className="whitespace-nowrap px-4 py-3 tabular-nums" data-testid="coupon-revenue">
              {usd(coupon.revenueCents)}
            </td>
            <td className="whitespace-nowrap px-4 py-3 tabular-nums" data-testid="coupon-discount">
              {usd(coupon.discountCents)}
            </td>
            <td className="px-4 py-3">
              <Form method="post" className="flex flex-col items-start gap-1">
                <span>{coupon.active ? "Active" : "Inactive"}</span>
                <input type="hidden" name="intent" value="set-active" />
                <input type="hidden" name="id" value={coupon.id} />
                <input type="hidden" name="active" value={coupon.active ? "false" : "true"} />
                <Button type="submit" variant="outline" size="sm" className="min-h-11" disabled={busy}>
                  {coupon.active ? `Deactivate ${coupon.code}` : `Activate ${coupon.code}`}
                </Button>
              </Form>
            </td>
          </tr>
        ))}
      </AdminTable>
      <p className="mt-2 text-sm text-muted-foreground">
        Uses, revenue and discount count paid orders; refunded ones are not counted, and revenue is net of partial refunds.
      </p>
    </div>
  );
}

/** The New coupon form: the same schema as the server's (app/lib/coupons.ts). Times are UTC. */
function NewCoupon({ courses, result, busy }: { courses: CouponsData["courses"]; result: ActionResult | undefined; busy: boolean }) {
  const refused = result && !result.ok ? result : undefined;
  const error = (field: string) => refused?.fieldErrors?.[field];
  return (
    <Card className="p-6">
      <h2 className="mb-4 font-serif text-xl font-semibold">New coupon</h2>
      <FormErrorAlert result={refused} margin="mb-6" />
      <Form method="post" className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="create" />
        <Field
          label="Code"
          name="code"
          required
          maxLength={32}
          hint="Letters, digits, - and _; buyers may type it in any case."
          defaultValue={refused?.values?.code ?? ""}
          error={error("code")}
        />
        <SelectField label="Kind" name="kind" defaultValue="percent" error={error("kind")}>
          <option value="percent">Percentage off</option>
          <option value="amount">Amount off (USD)</option>
        </SelectField>
        <Field
          label="Discount"
          name="value"
          required
          inputMode="decimal"
          hint="Per cent (1 to 100) or dollars, by the kind."
          error={error("value")}
        />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium">Courses (none ticked: all courses)</legend>
          <div className="mt-2 grid gap-1 sm:grid-cols-2">
            {courses.map((course) => (
              <CheckboxField key={course.id} label={course.title} name="courseIds" value={course.id} />
            ))}
          </div>
        </fieldset>
        <Field label="Starts (UTC)" name="startsAt" type="datetime-local" optional error={error("startsAt")} />
        <Field label="Ends (UTC)" name="endsAt" type="datetime-local" optional error={error("endsAt")} />
        <Field
          label="Total uses"
          name="maxUses"
          inputMode="numeric"
          optional
          hint="Empty: no limit. A code has no limit per e-mail address: checking an address's earlier orders would tell whoever typed it what that address bought."
          error={error("maxUses")}
        />
        <CheckboxField label="Active" name="active" defaultChecked />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            Create coupon
          </Button>
        </div>
      </Form>
    </Card>
  );
}

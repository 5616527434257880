import { redirect } from "react-router";
import type { Route } from "./+types/coupon-link";
import { getDb } from "~/server/core/db.server";
import { couponLinkTarget } from "~/server/payments/coupons.server";

/** /c/{code}: the short discount link, sent on to the course it is for (docs/payments.md, "Coupons"). */
export async function loader({ params }: Route.LoaderArgs) {
  return redirect(await couponLinkTarget(getDb(), params.code ?? ""), 302);
}

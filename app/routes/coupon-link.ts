import { data, redirect } from "react-router";
import type { Route } from "./+types/coupon-link";
import { getDb } from "~/server/core/db.server";
import { couponCheckRefusal, couponLinkTarget } from "~/server/payments/coupons.server";

/** /c/{code}: the short discount link, sent on to the course it is for with its campaign tags (docs/payments.md, "Coupons"). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb();
  // A code check like the enrol page's: past the client's limit, a 429 page (root's error boundary) says so.
  const refusal = await couponCheckRefusal(db, request);
  if (refusal) throw data({ message: refusal.message }, { status: 429, headers: refusal.headers });
  return redirect(await couponLinkTarget(db, params.code ?? "", new URL(request.url).searchParams), 302);
}

import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { Input, Label } from "~/components/ui/input";
import type { CouponOffer } from "~/lib/coupons";
import { formatMoney } from "~/lib/format";
import { COUPON_CODE_MAX } from "~/lib/validation";

/**
 * "Apply a code" on the enrol page: a GET of the same page with `?coupon=`, so a discount link and a typed code are
 * one path, and the server quotes it from D1 (the old and new prices, or why the code is refused).
 */
export function CouponField({ courseId, coupon }: { courseId: number; coupon: CouponOffer | null }) {
  return (
    <Form method="get" action={`/courses/${courseId}/enroll`} className="mt-4" aria-label="Discount code">
      <Label htmlFor="coupon-code">Apply a code</Label>
      <div className="mt-1 flex gap-2">
        <Input
          id="coupon-code"
          name="coupon"
          defaultValue={coupon?.code ?? ""}
          maxLength={COUPON_CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={coupon && !coupon.ok ? true : undefined}
          aria-describedby="coupon-result"
          className="min-h-11"
        />
        <Button type="submit" variant="outline" className="min-h-11">
          Apply
        </Button>
      </div>
      {coupon?.ok ? (
        <p id="coupon-result" className="mt-1 min-h-5 text-sm" aria-live="polite" data-testid="coupon-result">
          {`Code ${coupon.code} applied: ${coupon.terms}.`}
        </p>
      ) : (
        <ErrorList id="coupon-result" errors={coupon?.message} />
      )}
    </Form>
  );
}

/** The price with a code: the old one struck through, the new one. */
export function CouponPrice({ coupon }: { coupon: Extract<CouponOffer, { ok: true }> }) {
  return (
    <p className="mt-4 flex items-baseline gap-3" data-testid="enroll-price">
      <span className="text-lg text-muted-foreground line-through">
        <span className="sr-only">Was </span>
        {formatMoney(coupon.priceCents, "usd")}
      </span>
      <span className="text-2xl font-semibold">
        <span className="sr-only">Now </span>
        {formatMoney(coupon.amountCents, "usd")}
      </span>
    </p>
  );
}

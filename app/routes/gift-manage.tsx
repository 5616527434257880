import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/gift-manage";
import { Button, LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ErrorList, Field } from "~/components/ui/field";
import { formatLongDate } from "~/lib/format";
import type { FormSuccess } from "~/lib/form-result";
import { giftManageSchema } from "~/lib/schemas";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { EMAIL_MAX, NAME_MAX } from "~/lib/validation";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { NO_STORE } from "~/server/core/http.server";
import { requestClientKey } from "~/server/core/request.server";
import { changeGiftRecipient, giftByManageToken, resendGift } from "~/server/payments/gifts.server";
import { siteUrl } from "~/server/site/seo.server";

/**
 * The buyer's page for a gift, from the link in their receipt (the token is the credential: only that inbox has it).
 * Its URL carries the token: no cache keeps it and no Referer takes it elsewhere (same-origin, so its forms still post).
 */
const GIFT_PAGE_HEADERS = { "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" } as const;

export async function loader({ params }: Route.LoaderArgs) {
  const gift = await giftByManageToken(getDb(), params.token);
  return data({ gift }, { status: gift ? 200 : 404, headers: GIFT_PAGE_HEADERS });
}

export const headers: Route.HeadersFunction = () => GIFT_PAGE_HEADERS;

/** "Send it again" or "Send it to someone else", refused with a clear sentence once the recipient has opened it. */
export async function action({ params, request, context }: Route.ActionArgs) {
  return formAction({ request, context }, giftManageSchema, async (input) => {
    const db = getDb();
    const origin = siteUrl(request);
    const client = requestClientKey(request);
    if (input.intent === "resend") {
      await resendGift(db, params.token, new Date(), origin, client);
      return { ok: true, message: "The gift was sent again." } satisfies FormSuccess;
    }
    const { sent, alreadySent } = await changeGiftRecipient(db, params.token, input, new Date(), origin, client);
    const message = sent
      ? `The gift was sent to ${input.recipientEmail}.`
      : alreadySent
        ? `The gift already went to ${input.recipientEmail}. If it has not arrived, use "Send it again".`
        : `The gift will go to ${input.recipientEmail} on its day.`;
    return { ok: true, message } satisfies FormSuccess;
  });
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle("Your gift", siteNameFromMatches(matches)) }, { name: "robots", content: "noindex" }];
}

export default function GiftManage({ loaderData, actionData }: Route.ComponentProps) {
  const { gift } = loaderData;
  const busy = useNavigation().state !== "idle";
  if (!gift) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <h1 className="font-serif text-3xl font-semibold">This gift link doesn't work</h1>
        <p className="mt-4 text-muted-foreground">It may have been mistyped. The link is in the receipt of your gift.</p>
        <LinkButton to="/courses" className="mt-8">
          Browse courses
        </LinkButton>
      </section>
    );
  }
  const refusal = actionData && !actionData.ok ? actionData : null;
  const state = gift.redeemedAt
    ? `Opened by the recipient on ${formatLongDate(gift.redeemedAt)}.`
    : gift.refunded
      ? "Refunded: nothing will be sent."
      : gift.sentAt
        ? `Sent on ${formatLongDate(gift.sentAt)}; not opened yet.`
        : `To be sent on ${formatLongDate(gift.sendOn)}.`;
  const open = !gift.redeemedAt && !gift.refunded;
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <h1 className="font-serif text-3xl font-semibold">Your gift of {gift.courseTitle}</h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2" data-testid="gift-details">
        <dt className="font-medium">Order</dt>
        <dd>{gift.orderReference}</dd>
        <dt className="font-medium">For</dt>
        <dd>
          {gift.recipientName} ({gift.recipientEmail})
        </dd>
        <dt className="font-medium">Status</dt>
        <dd data-testid="gift-state">{state}</dd>
      </dl>
      {actionData?.ok && (
        <p role="status" className="mt-6 font-medium">
          {actionData.message}
        </p>
      )}
      {refusal && !refusal.field && (
        <p role="alert" className="mt-6 text-destructive">
          {refusal.message}
        </p>
      )}
      {open ? (
        <div className="mt-8 space-y-8">
          {gift.sentAt && (
            <Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <p className="mb-3 text-muted-foreground">Not arrived? We can send the e-mail again with a fresh link.</p>
              <Button type="submit" variant="outline" disabled={busy}>
                Send it again
              </Button>
            </Form>
          )}
          <Card className="p-6">
            <h2 className="font-serif text-xl font-semibold">Send it to someone else</h2>
            <p className="mt-2 text-sm text-muted-foreground">
              Until the gift is opened you can give it to another address. A gift whose day has come is sent to them at once.
            </p>
            <Form method="post" className="mt-4 space-y-4" aria-describedby="gift-change-error">
              <input type="hidden" name="intent" value="change" />
              <Field
                label="Recipient's email address"
                id="change-recipient-email"
                errorLine={false}
                name="recipientEmail"
                type="email"
                required
                autoComplete="off"
                maxLength={EMAIL_MAX}
                error={refusal?.field === "recipientEmail" ? refusal.message : undefined}
                errorId="gift-change-error"
              />
              <Field
                label="Recipient's name"
                id="change-recipient-name"
                errorLine={false}
                name="recipientName"
                required
                autoComplete="off"
                maxLength={NAME_MAX}
                error={refusal?.field === "recipientName" ? refusal.message : undefined}
                errorId="gift-change-error"
              />
              <ErrorList id="gift-change-error" errors={refusal?.field ? refusal.message : undefined} />
              <Button type="submit" disabled={busy}>
                Send it to this address
              </Button>
            </Form>
          </Card>
        </div>
      ) : (
        <p className="mt-8 text-muted-foreground">
          {gift.redeemedAt
            ? "The course is theirs now, so the gift can no longer be sent again or to someone else."
            : "Questions? Write to us from the contact page."}
        </p>
      )}
    </section>
  );
}

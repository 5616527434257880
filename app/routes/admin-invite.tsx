import { FormErrorAlert } from "~/components/admin/admin-page";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-invite";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PasswordField } from "~/components/ui/field";
import { acceptInviteSchema } from "~/lib/admin-account-schemas";
import { ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN, INVITE_GONE } from "~/lib/admin-accounts";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { acceptInvite, findOpenInvite } from "~/server/admin/accounts.server";
import { NO_STORE } from "~/server/core/http.server";
import { recordAdminWrite } from "~/server/admin/audit.server";
import { sessionCookie } from "~/server/admin/auth.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";

/** /admin/invite/:token, the link of an invitation e-mail: the invitee chooses a password (no session needed). */
export async function loader({ params }: Route.LoaderArgs) {
  const invite = await findOpenInvite(getDb(), params.token);
  if (!invite) return data({ email: null }, { status: 410, headers: { "Cache-Control": NO_STORE } });
  return data({ email: invite.email }, { headers: { "Cache-Control": NO_STORE } });
}

/** POST password, confirm: creates the editor's account, signs them in, and goes to the dashboard. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return formAction({ request, context }, acceptInviteSchema, async (input) => {
    const db = getDb();
    const session = await acceptInvite(db, params.token, input.password);
    // The new account's first write, outside the admin roles (no session yet): logged here, without the link's token.
    await recordAdminWrite(db, { actor: session.username, action: "accept invitation", target: "/admin/invite", object: session.username });
    return redirect("/admin?welcome=1", {
      headers: { "Set-Cookie": sessionCookie(session.token, session.expiresAt, request), "Cache-Control": NO_STORE },
    });
  });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": NO_STORE });

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle("Accept the invitation", siteNameFromMatches(matches)) }, { name: "robots", content: "noindex" }];
}

export default function AcceptInvite({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16 sm:py-24">
      <Card className="p-6 sm:p-8">
        <h1 className="font-serif text-3xl font-semibold">Accept the invitation</h1>
        {loaderData.email ? (
          <>
            <p className="mt-2 text-sm text-muted-foreground">
              Choose a password for <span className="font-medium text-foreground">{loaderData.email}</span>. You will sign in with this
              e-mail address and the password.
            </p>
            <FormErrorAlert result={actionData} margin="mt-6" />
            <Form method="post" className="mt-6 space-y-4">
              <input type="text" name="username" value={loaderData.email} autoComplete="username" readOnly hidden />
              <PasswordField
                label={`Password (at least ${ADMIN_PASSWORD_MIN} characters)`}
                id="invite-password"
                name="password"
                minLength={ADMIN_PASSWORD_MIN}
                maxLength={ADMIN_PASSWORD_MAX}
                autoComplete="new-password"
              />
              <PasswordField
                label="Repeat the password"
                id="invite-confirm"
                name="confirm"
                maxLength={ADMIN_PASSWORD_MAX}
                autoComplete="new-password"
              />
              <SubmitButton busy={busy} busyLabel="Saving...">
                Set password and sign in
              </SubmitButton>
            </Form>
          </>
        ) : (
          <p role="alert" className="mt-4 text-muted-foreground">
            {INVITE_GONE}
          </p>
        )}
      </Card>
    </div>
  );
}

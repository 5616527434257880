import { Form, useNavigation } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import type { Route } from "./+types/accounts";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { Button } from "~/components/ui/button";
import { RowAction } from "~/components/admin/row-action";
import { Card } from "~/components/ui/card";
import { Field, SelectField } from "~/components/ui/field";
import { Select } from "~/components/ui/input";
import { ADMIN_ROLES } from "~/lib/route-policy";
import { ROLE_LABELS } from "~/lib/admin-permissions";
import { INVITED_ROLES, accountsActionSchema } from "~/lib/admin-account-schemas";
import type { FormSuccess } from "~/lib/form-result";
import { formatLongDate } from "~/lib/format";
import { changeRole, inviteAccount, listAdminAccounts, removeAccount, withdrawInvite } from "~/server/admin/accounts.server";
import { adminFrom } from "~/server/admin/guard.server";
import { noteAuditObject } from "~/server/admin/audit.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { siteUrl } from "~/server/site/seo.server";
import { siteSettings } from "~/server/site/site.server";

/** The owner's page (its policy in app/site-routes.ts): the accounts, the open invitations, and the invite form. */
export async function loader({ context }: Route.LoaderArgs) {
  const { username } = adminFrom(context);
  const { accounts, invites } = await listAdminAccounts(getDb());
  return {
    me: username,
    accounts: accounts.map((account) => ({ ...account, since: formatLongDate(account.createdAt) })),
    invites: invites.map((invite) => ({ ...invite, until: formatLongDate(invite.expiresAt) })),
  };
}

/** POST intent=invite (email, role) | role (id, role) | remove (id) | withdraw (id). Owner only (its policy in app/site-routes.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const db = getDb();
  return formAction({ request, context }, accountsActionSchema, async (input) => {
    if (input.intent === "invite") {
      const { name } = await siteSettings(db);
      await inviteAccount(db, {
        email: input.email,
        role: input.role,
        invitedBy: adminFrom(context).username,
        origin: siteUrl(request),
        siteName: name,
      });
      noteAuditObject(context, { object: `${input.email} as ${input.role}` });
      return { ok: true, message: `Invitation sent to ${input.email}.` } satisfies FormSuccess;
    }
    if (input.intent === "role") {
      const { username, from } = await changeRole(db, input.id, input.role);
      noteAuditObject(context, { object: `${username}: ${from} to ${input.role}` });
      // An owner who gave up the role has no Accounts page from the next request: back to the dashboard.
      if (username === adminFrom(context).username && input.role !== "owner") return Response.redirect(new URL("/admin", request.url), 303);
      return { ok: true, message: `${username} is now ${input.role === "owner" ? "an" : "a"} ${input.role}.` } satisfies FormSuccess;
    }
    if (input.intent === "withdraw") {
      noteAuditObject(context, { object: `invitation to ${await withdrawInvite(db, input.id)}` });
      return { ok: true, message: "Invitation withdrawn." } satisfies FormSuccess;
    }
    const username = await removeAccount(db, input.id);
    noteAuditObject(context, { object: username });
    return { ok: true, message: `${username} was removed and signed out.` } satisfies FormSuccess;
  });
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Accounts", matches);

export default function AdminAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { me, accounts, invites } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  useActionToast(actionData, (done) => done.message, "Error");

  return (
    <>
      <AdminPageHeader
        title="Accounts"
        description="Who can sign in to the admin. Owners: everything. Editors: all content, the newsletter and messages. Contributors: their own drafts, submitted for review."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="font-serif text-xl font-semibold">Accounts</h2>
          <ul className="mt-4 divide-y divide-border">
            {accounts.map((account) => (
              <li key={account.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium">{account.username}</p>
                  <p className="text-sm text-muted-foreground" data-role={account.role}>
                    {ROLE_LABELS[account.role]} since {account.since}
                    {account.username === me ? " (you)" : ""}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Form method="post" className="flex items-center gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="id" value={account.id} />
                    <Select name="role" defaultValue={account.role} aria-label={`Role of ${account.username}`} className="w-auto">
                      {ADMIN_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </Select>
                    {/* The name starts with the visible words, so voice control users can say what they see. */}
                    <Button type="submit" variant="outline" disabled={busy}>
                      Change role<span className="sr-only"> of {account.username}</span>
                    </Button>
                  </Form>
                  {account.role !== "owner" ? (
                    <RowAction intent="remove" name="id" value={account.id} busy={busy} label={`Remove ${account.username}`}>
                      Remove
                    </RowAction>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </Card>
        <Card className="p-6">
          <h2 className="font-serif text-xl font-semibold">Invite someone</h2>
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="intent" value="invite" />
            <Field
              label="E-mail"
              id="invite-email"
              errorLine={false}
              name="email"
              type="email"
              autoComplete="off"
              required
              maxLength={254}
            />
            <SelectField label="Role" id="invite-role" errorLine={false} name="role" defaultValue="editor">
              {INVITED_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </SelectField>
            <Button type="submit" disabled={busy}>
              {busy ? "Sending..." : "Send invitation"}
            </Button>
          </Form>
          <h3 className="mt-8 font-semibold">Open invitations</h3>
          {invites.length ? (
            <ul className="mt-2 divide-y divide-border">
              {invites.map((invite) => (
                <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <p className="text-sm">
                    <span className="font-medium">{invite.email}</span> (
                    {ROLE_LABELS[invite.role as keyof typeof ROLE_LABELS] ?? invite.role})
                    <span className="block text-muted-foreground">Valid until {invite.until}</span>
                  </p>
                  <RowAction intent="withdraw" name="id" value={invite.id} busy={busy} label={`Withdraw the invitation to ${invite.email}`}>
                    Withdraw
                  </RowAction>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">None.</p>
          )}
        </Card>
      </div>
    </>
  );
}

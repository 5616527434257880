import { data, Form, useNavigation } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import type { Route } from "./+types/accounts";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { inviteEditorSchema } from "~/lib/admin-account-schemas";
import { formatLongDate } from "~/lib/format";
import { inviteEditor, listAdminAccounts, removeEditor, withdrawInvite } from "~/server/admin/accounts.server";
import { adminFormRefusal, adminFrom } from "~/server/admin/guard.server";
import { noteAuditObject } from "~/server/admin/audit.server";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";
import { firstIssueMessage, readFormBody, withFormRefusal } from "~/server/core/http.server";
import { siteUrl } from "~/server/site/seo.server";
import { siteSettings } from "~/server/site/site.server";

/** The owner's page (app/lib/admin-permissions.ts): the accounts, the open invitations, and the invite form. */
export async function loader({ context }: Route.LoaderArgs) {
  const { username } = adminFrom(context);
  const { accounts, invites } = await listAdminAccounts(getDb());
  return {
    me: username,
    accounts: accounts.map((account) => ({ ...account, since: formatLongDate(account.createdAt) })),
    invites: invites.map((invite) => ({ ...invite, until: formatLongDate(invite.expiresAt) })),
  };
}

type ActionResult = { ok: true; done: string } | { ok: false; message: string };

/** POST intent=invite (email) | remove (id) | withdraw (id). Owner only. */
export async function action({ request, context }: Route.ActionArgs) {
  const refusal = adminFormRefusal(request, context);
  if (refusal) return refusal;
  const db = getDb();
  return withFormRefusal(async () => {
    const form = await readFormBody(request);
    const intent = form.get("intent");
    if (intent === "invite") {
      const parsed = inviteEditorSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return data<ActionResult>({ ok: false, message: firstIssueMessage(parsed.error) }, { status: 400 });
      const { name } = await siteSettings(db);
      await inviteEditor(db, {
        email: parsed.data.email,
        invitedBy: adminFrom(context).username,
        origin: siteUrl(request),
        siteName: name,
      });
      noteAuditObject(context, { object: parsed.data.email });
      return { ok: true, done: `Invitation sent to ${parsed.data.email}.` } satisfies ActionResult;
    }
    if (intent === "remove" || intent === "withdraw") {
      const id = parseId(String(form.get("id") ?? ""));
      if (id === null)
        return data<ActionResult>({ ok: false, message: 'The field "id" must be a positive whole number.' }, { status: 400 });
      if (intent === "withdraw") {
        noteAuditObject(context, { object: `invitation to ${await withdrawInvite(db, id)}` });
        return { ok: true, done: "Invitation withdrawn." } satisfies ActionResult;
      }
      const username = await removeEditor(db, id);
      noteAuditObject(context, { object: username });
      return { ok: true, done: `${username} was removed and signed out.` } satisfies ActionResult;
    }
    return data<ActionResult>({ ok: false, message: 'The field "intent" must be "invite", "remove" or "withdraw".' }, { status: 400 });
  });
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Accounts", matches);

export default function AdminAccounts({ loaderData, actionData }: Route.ComponentProps) {
  const { me, accounts, invites } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  useActionToast(actionData, (done) => done.done, "Error");

  return (
    <>
      <AdminPageHeader title="Accounts" description="Who can sign in to the admin. Editors manage content, the newsletter and messages." />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="font-serif text-xl font-semibold">Accounts</h2>
          <ul className="mt-4 divide-y divide-border">
            {accounts.map((account) => (
              <li key={account.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium">{account.username}</p>
                  <p className="text-sm text-muted-foreground">
                    {account.role === "owner" ? "Owner" : "Editor"} since {account.since}
                    {account.username === me ? " (you)" : ""}
                  </p>
                </div>
                {account.role === "editor" ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={account.id} />
                    <Button type="submit" variant="outline" disabled={busy} aria-label={`Remove ${account.username}`}>
                      Remove
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </Card>
        <Card className="p-6">
          <h2 className="font-serif text-xl font-semibold">Invite an editor</h2>
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
                    <span className="font-medium">{invite.email}</span>
                    <span className="block text-muted-foreground">Valid until {invite.until}</span>
                  </p>
                  <Form method="post">
                    <input type="hidden" name="intent" value="withdraw" />
                    <input type="hidden" name="id" value={invite.id} />
                    <Button type="submit" variant="outline" disabled={busy} aria-label={`Withdraw the invitation to ${invite.email}`}>
                      Withdraw
                    </Button>
                  </Form>
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

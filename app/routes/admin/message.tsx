import { data, Form, useNavigation } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import type { Route } from "./+types/message";
import { AdminNotFound, AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatLongDate } from "~/lib/format";
import { timeAgo } from "~/server/admin/dashboard.server";
import { messageActionSchema } from "~/lib/admin-schemas";
import type { FormSuccess } from "~/lib/form-result";
import { getMessage, setMessageHandled, subjectLabel } from "~/server/admin/inbox.server";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { HttpError } from "~/server/core/http.server";

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const id = parseId(params.id);
  const row = id === null ? undefined : await getMessage(db, id);
  if (!row) return data({ message: null }, { status: 404 });
  return {
    message: {
      id: row.id,
      name: row.name,
      email: row.email,
      subject: subjectLabel(row.subject),
      body: row.message,
      handled: row.handled,
      at: row.createdAt,
      date: formatLongDate(row.createdAt),
      ago: timeAgo(row.createdAt),
    },
  };
}

/** POST intent=handled|unhandled (admin only: 401 without a session, 403 cross-site). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return formAction({ request, context }, messageActionSchema, async ({ intent }) => {
    const id = parseId(params.id);
    if (id === null) throw new HttpError(404, "Message not found.");
    const row = await setMessageHandled(getDb(), id, intent === "handled");
    return { ok: true, message: row.handled ? "Marked as handled" : "Marked as unhandled", handled: row.handled } satisfies FormSuccess<{
      handled: boolean;
    }>;
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(loaderData?.message ? `Message from ${loaderData.message.name}` : "Message Not Found", matches);

export default function MessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { message } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  useActionToast(actionData, (done) => done.message, "Error");

  if (!message) {
    return (
      <AdminNotFound
        title="Message Not Found"
        message="There is no message with this id."
        back={{ to: "/admin/messages", label: "All messages" }}
      />
    );
  }
  const reply = `mailto:${encodeURIComponent(message.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
  return (
    <>
      <AdminPageHeader title={`Message from ${message.name}`} back={{ to: "/admin/messages", label: "All messages" }} />
      <Card className="p-6">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-muted-foreground">From</dt>
          <dd>
            {message.name} &lt;{message.email}&gt;
          </dd>
          <dt className="text-muted-foreground">Subject</dt>
          <dd>{message.subject}</dd>
          <dt className="text-muted-foreground">Received</dt>
          <dd>
            <time dateTime={message.at}>
              {message.date} ({message.ago})
            </time>
          </dd>
          <dt className="text-muted-foreground">Status</dt>
          <dd>{message.handled ? "Handled" : "Not handled yet"}</dd>
        </dl>
        <div className="mt-6 whitespace-pre-wrap break-words rounded-md border border-border bg-background p-4">{message.body}</div>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href={reply} className={buttonClass("outline")}>
            Reply by e-mail
          </a>
          <Form method="post">
            <input type="hidden" name="intent" value={message.handled ? "unhandled" : "handled"} />
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : message.handled ? "Mark as unhandled" : "Mark as handled"}
            </Button>
          </Form>
        </div>
      </Card>
    </>
  );
}

import { data, Form, useNavigation } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import type { Route } from "./+types/message";
import { AdminNotFound, AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { Button, buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatLongDate } from "~/lib/format";
import { timeAgo } from "~/server/admin/dashboard.server";
import { adminFormRefusal } from "~/server/admin/guard.server";
import { getMessage, setMessageHandled, subjectLabel } from "~/server/admin/inbox.server";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";
import { readFormBody, withFormRefusal } from "~/server/core/http.server";

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

type ActionResult = { ok: true; handled: boolean } | { ok: false; message: string };

/** POST intent=handled|unhandled (admin only: 401 without a session, 403 cross-site). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const db = getDb();
  const refusal = adminFormRefusal(request, context);
  if (refusal) return refusal;
  const id = parseId(params.id);
  return withFormRefusal(async () => {
    const intent = (await readFormBody(request)).get("intent");
    if (intent !== "handled" && intent !== "unhandled") {
      return data<ActionResult>({ ok: false, message: 'The field "intent" must be "handled" or "unhandled".' }, { status: 400 });
    }
    if (id === null) return data<ActionResult>({ ok: false, message: "Message not found." }, { status: 404 });
    const row = await setMessageHandled(db, id, intent === "handled");
    return { ok: true, handled: row.handled } satisfies ActionResult;
  });
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(loaderData?.message ? `Message from ${loaderData.message.name}` : "Message Not Found", matches);

export default function MessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { message } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  useActionToast(actionData, (done) => (done.handled ? "Marked as handled" : "Marked as unhandled"), "Error");

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

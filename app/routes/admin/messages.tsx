import { Link } from "react-router";
import type { Route } from "./+types/messages";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { timeAgo } from "~/server/admin/dashboard.server";
import { listMessages, subjectLabel } from "~/server/admin/inbox.server";
import { getDb } from "~/server/core/db.server";

export async function loader() {
  const db = getDb();
  const now = new Date();
  const rows = await listMessages(db);
  return {
    messages: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      subject: subjectLabel(row.subject),
      preview: row.message.length > 140 ? `${row.message.slice(0, 140)}…` : row.message,
      handled: row.handled,
      at: row.createdAt,
      ago: timeAgo(row.createdAt, now),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Messages", matches);

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  const waiting = messages.filter((message) => !message.handled).length;
  return (
    <>
      <AdminPageHeader
        title="Messages"
        description={`Sent through the contact form. ${waiting === 0 ? "Nothing waiting." : `${waiting} waiting.`} Unhandled first, newest first.`}
        back={{ to: "/admin", label: "Dashboard" }}
      />
      {messages.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">No messages yet.</p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border bg-card" aria-label="Messages">
          {messages.map((message) => (
            <li key={message.id}>
              <Link
                to={`/admin/messages/${message.id}`}
                className="block p-4 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className={message.handled ? "text-muted-foreground" : "font-semibold"}>
                    {message.name} · {message.subject}
                  </p>
                  <span className="flex items-center gap-2 text-sm text-muted-foreground">
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs ${message.handled ? "bg-muted" : "bg-primary text-primary-foreground"}`}
                    >
                      {message.handled ? "Handled" : "New"}
                    </span>
                    <time dateTime={message.at}>{message.ago}</time>
                  </span>
                </div>
                <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{message.preview}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

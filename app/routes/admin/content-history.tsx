/**
 * /admin/{type}/:id/history: an item's revisions, newest first (number, who, when, what changed).
 * /admin/{type}/:id/history/:number: one revision against the current item, field by field, and its restore form
 * (POST intent=restore, confirm=yes), which saves it through the same checks as the edit form (app/server/admin/content.server.ts).
 * Registered once per content type in app/site-routes.ts.
 */
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/content-history";
import { AdminNotFound, AdminPageHeader } from "~/components/admin/admin-page";
import { AdminTable } from "~/components/admin/admin-table";
import { adminMeta } from "~/components/admin/admin-meta";
import { CONTENT_TYPE_FORMS } from "~/components/admin/content-types";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { restoreRevisionSchema } from "~/lib/admin-schemas";
import { countOf } from "~/lib/format";
import { adminFrom } from "~/server/admin/guard.server";
import { checkItemAccess, itemActor, reachableItem } from "~/server/admin/content-access.server";
import { getContentForAdmin, restoreRevision } from "~/server/admin/content.server";
import { parseId } from "~/server/content/content.server";
import { contentTypeOfRequest, contentTypeServer, notFoundMessage } from "~/server/content/content-types.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { HttpError } from "~/server/core/http.server";
import { listAutosaves } from "~/server/admin/autosaves.server";
import { REVISIONS_KEPT, currentSnapshot, diffRevision, getRevision, listRevisions } from "~/server/content/revisions.server";
import { OwnerTime } from "~/components/admin/local-time";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const actor = itemActor(request, adminFrom(context));
  const db = getDb();
  const type = contentTypeOfRequest(request);
  const id = parseId(params.id);
  // Another's item is not found for a role that reaches only its own (the route's `items`, app/site-routes.ts).
  const item = id === null || !(await reachableItem(db, type, id, actor)) ? undefined : await getContentForAdmin(db, type, id);
  if (!item || id === null) return data({ type, item: null, revisions: [], revision: null, diff: [] }, { status: 404 });
  const { title } = item;
  const revisions = await listRevisions(db, type, id);
  if (params.number === undefined) {
    const restored = parseId(new URL(request.url).searchParams.get("restored") ?? "");
    const autosaves = await listAutosaves(db, type, id);
    return { type, item: { id, title }, revisions, revision: null, diff: [], restored, kept: REVISIONS_KEPT, autosaves };
  }
  const number = parseId(params.number);
  const revision = number === null ? null : await getRevision(db, type, id, number).catch(() => null);
  if (!revision) return data({ type, item: { id, title }, revisions, revision: null, diff: [] }, { status: 404 });
  const server = contentTypeServer(type);
  const [current, currentExtra] = await Promise.all([currentSnapshot(db, type, server, id), server.revisions?.read(db, id)]);
  const { snapshot: _snapshot, extra: _extra, ...summary } = revision;
  return { type, item: { id, title }, revisions, revision: summary, diff: diffRevision(type, revision, current ?? {}, currentExtra) };
}

/** POST intent=restore, confirm=yes: 403 cross-site, 401 without a session, 404 for another item's or an unknown revision. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return formAction({ request, context }, restoreRevisionSchema, async () => {
    const type = contentTypeOfRequest(request);
    const id = parseId(params.id);
    const number = parseId(params.number);
    if (id === null) throw new HttpError(404, notFoundMessage(type));
    if (number === null) throw new HttpError(404, "Revision not found.");
    const session = adminFrom(context);
    // A restore keeps the status, so a contributor may restore their own draft's revision, nothing more.
    await checkItemAccess(getDb(), type, id, itemActor(request, session), "change");
    await restoreRevision(getDb(), type, id, number, session);
    const { path } = CONTENT_TYPE_FORMS[type];
    return Response.redirect(new URL(`/admin/${path}/${id}/history?restored=${number}`, request.url), 303);
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  adminMeta(
    loaderData?.revision
      ? `Revision #${loaderData.revision.number} of ${loaderData.item?.title}`
      : loaderData?.item
        ? `History of ${loaderData.item.title}`
        : "Not found",
    matches,
  );

function savedByText(savedBy: string | null, summary: string) {
  if (savedBy) return savedBy;
  return summary.startsWith("state before") ? "—" : "unknown";
}

type HistoryData = Route.ComponentProps["loaderData"];
type Item = NonNullable<HistoryData["item"]>;
type Revision = NonNullable<HistoryData["revision"]>;

export default function ContentHistory({ loaderData, params }: Route.ComponentProps) {
  const { item, revisions, revision, diff } = loaderData;
  const type = CONTENT_TYPE_FORMS[loaderData.type];
  if (!item) {
    return (
      <AdminNotFound
        title={`${type.noun} Not Found`}
        message={`There is no ${type.noun.toLowerCase()} with this id; it may have been deleted.`}
        back={{ to: `/admin/${type.path}`, label: `All ${type.path}` }}
      />
    );
  }
  const historyHref = `/admin/${type.path}/${item.id}/history`;
  if (params.number !== undefined && !revision) {
    return (
      <AdminNotFound
        title="Revision Not Found"
        message="This item has no revision with that number."
        back={{ to: historyHref, label: "History" }}
      />
    );
  }
  if (!revision) {
    return (
      <RevisionList
        item={item}
        revisions={revisions}
        kept={"kept" in loaderData ? loaderData.kept : ""}
        restored={"restored" in loaderData ? loaderData.restored : null}
        autosaves={"autosaves" in loaderData ? loaderData.autosaves : []}
        editHref={`/admin/${type.path}/${item.id}`}
        noun={type.noun}
      />
    );
  }
  return <RevisionDetail item={item} revision={revision} diff={diff} historyHref={historyHref} />;
}

/** An item's revisions, newest first: number (a link to it), who saved, when, and what changed. */
function RevisionList({
  item,
  revisions,
  kept,
  restored,
  editHref,
  noun,
  autosaves,
}: {
  item: Item;
  revisions: HistoryData["revisions"];
  kept: number | "";
  restored: number | null;
  autosaves: { savedBy: string | null; savedAt: string }[];
  editHref: string;
  noun: string;
}) {
  const historyHref = `${editHref}/history`;
  return (
    <>
      <AdminPageHeader
        title={`History of ${item.title}`}
        description={`Every save that changed something, newest first. The newest ${kept} revisions are kept.`}
        back={{ to: editHref, label: `Edit ${noun.toLowerCase()}` }}
      />
      {restored !== null && (
        <p role="status" className="mb-4">
          Revision #{restored} restored: it is the current version now, on the site too.
        </p>
      )}
      <AutosavesLine autosaves={autosaves} editHref={editHref} />
      {revisions.length === 0 ? (
        <Card className="p-6">
          <p>No revisions yet: the first save that changes something records the state before it and the change.</p>
        </Card>
      ) : (
        <AdminTable caption={`Revisions of ${item.title}`} headings={["Revision", "Saved by", "When", "What changed"]}>
          {revisions.map((entry, index) => (
            <tr key={entry.number}>
              <td className="px-4 py-3">
                <Link to={`${historyHref}/${entry.number}`} className="underline underline-offset-4">
                  #{entry.number}
                  {index === 0 ? " (current)" : ""}
                </Link>
              </td>
              <td className="px-4 py-3">{savedByText(entry.savedBy, entry.summary)}</td>
              <td className="px-4 py-3">
                <OwnerTime iso={entry.createdAt} seconds />
              </td>
              <td className="px-4 py-3">{entry.summary}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}

/**
 * The item's autosaves, collapsed into one line above the revisions: they are nobody's saved version (each account's
 * newest unsaved form, offered back by the editor), so they are neither numbered nor restorable from here.
 */
function AutosavesLine({ autosaves, editHref }: { autosaves: { savedBy: string | null; savedAt: string }[]; editHref: string }) {
  const [newest] = autosaves;
  if (!newest) return null;
  return (
    <details className="mb-4 text-sm" data-autosaves={autosaves.length}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center">
        {`${countOf(autosaves.length, "autosave")}, newest by ${newest.savedBy ?? "unknown"} at`}
        <time dateTime={newest.savedAt} className="ms-1">
          <OwnerTime iso={newest.savedAt} seconds />
        </time>
      </summary>
      <p className="text-muted-foreground">
        Unsaved work in the editor, one per person: each is offered back to its writer when they open the{" "}
        <Link to={editHref} className="underline underline-offset-4">
          edit page
        </Link>
        , and goes when they save.
      </p>
      <ul className="mt-2 list-disc ps-5">
        {autosaves.map((autosave) => (
          <li key={`${autosave.savedBy}`}>
            {autosave.savedBy ?? "unknown"}, <OwnerTime iso={autosave.savedAt} seconds />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** One revision against the current item, field by field, with the form that restores it. */
function RevisionDetail({
  item,
  revision,
  diff,
  historyHref,
}: {
  item: Item;
  revision: Revision;
  diff: HistoryData["diff"];
  historyHref: string;
}) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const changed = diff.filter((field) => field.changed);
  return (
    <>
      <AdminPageHeader
        title={`Revision #${revision.number} of ${item.title}`}
        description={
          <>
            Saved by {savedByText(revision.savedBy, revision.summary)} on <OwnerTime iso={revision.createdAt} seconds /> ({revision.summary}
            ). Compared with the current version: lines marked “Removed” are in this revision only, lines marked “Added” in the current
            version only.
          </>
        }
        back={{ to: historyHref, label: "History" }}
      />
      <Card className="mb-6 p-6">
        <h2 className="mb-3 text-lg font-semibold">Restore this revision</h2>
        {changed.length === 0 ? (
          <p>This revision is the same as the current version: there is nothing to restore.</p>
        ) : (
          <Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value="restore" />
            <label className="flex min-h-11 items-center gap-3">
              <input type="checkbox" name="confirm" value="yes" required className="size-5" />
              <span>
                Replace the current version with revision #{revision.number} ({changed.map((field) => field.label).join(", ")}). The current
                version stays in the history.
              </span>
            </label>
            {actionData && !actionData.ok && (
              <p role="alert" className="text-destructive">
                {actionData.message}
              </p>
            )}
            <div>
              <Button type="submit" disabled={navigation.state !== "idle"}>
                Restore revision #{revision.number}
              </Button>
            </div>
          </Form>
        )}
      </Card>
      <div className="grid gap-6">
        {diff.map((field) => (
          <Card key={field.name} className="p-6">
            <h2 className="mb-2 text-base font-semibold">
              {field.label} <span className="font-normal text-muted-foreground">({field.changed ? "changed" : "unchanged"})</span>
            </h2>
            {field.changed ? (
              <DiffTable lines={field.lines} />
            ) : (
              <p className="whitespace-pre-wrap break-words text-sm">{field.lines.map((line) => line.text).join("\n") || "(empty)"}</p>
            )}
          </Card>
        ))}
      </div>
    </>
  );
}

/** Times in UTC, as the audit log shows them. */

const LINE_LABELS = { same: "Same", removed: "Removed", added: "Added" } as const;
const LINE_MARKS = { same: " ", removed: "−", added: "+" } as const;
const LINE_CLASSES = {
  same: "",
  removed: "bg-red-50 dark:bg-red-950",
  added: "bg-green-50 dark:bg-green-950",
} as const;

/** A line diff: each changed line is marked by a sign and a word ("Removed", "Added"), not by its colour alone. */
function DiffTable({ lines }: { lines: { kind: "same" | "added" | "removed"; text: string }[] }) {
  return (
    <ol className="overflow-x-auto font-mono text-sm" aria-label="Line by line">
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are shown in order and never move
        <li key={index} className={`flex gap-2 whitespace-pre-wrap break-words px-2 ${LINE_CLASSES[line.kind]}`}>
          <span aria-hidden="true" className="w-4 shrink-0 select-none">
            {LINE_MARKS[line.kind]}
          </span>
          {line.kind === "same" ? (
            <span className="min-w-0">{line.text || " "}</span>
          ) : (
            <>
              <span className="sr-only">{LINE_LABELS[line.kind]}: </span>
              {line.kind === "removed" ? (
                <del className="min-w-0">{line.text || " "}</del>
              ) : (
                <ins className="min-w-0">{line.text || " "}</ins>
              )}
            </>
          )}
        </li>
      ))}
    </ol>
  );
}

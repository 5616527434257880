/**
 * /admin/pages/:key (home, about: editors) and /admin/pages/legal/:type (the legal documents: the owner's): one page's
 * form, its save (a revision each, "Last updated" for a legal document) and its history with Restore.
 */
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/page-edit";
import { AdminNotFound, AdminPageHeader, FormErrorAlert } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTable } from "~/components/admin/admin-table";
import { MarkdownEditor } from "~/components/admin/markdown-editor";
import { useActionToast } from "~/components/admin/use-action-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, FieldFrame, TextareaField } from "~/components/ui/field";
import { formatLongDate } from "~/lib/format";
import type { FormSuccess } from "~/lib/form-result";
import {
  type AboutPageFields,
  type HomePageFields,
  isLegalPageKey,
  isPageKey,
  LEGAL_PLACEHOLDERS,
  type LegalPageFields,
  PAGE_LIMITS,
  PAGE_TITLES,
  type PageKey,
  pageFormInput,
  pagePublicPath,
} from "~/lib/pages";
import { formVersion } from "~/lib/form-version";
import { noteAuditObject } from "~/server/admin/audit.server";
import { adminFrom } from "~/server/admin/guard.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { HttpError } from "~/server/core/http.server";
import { listPageRevisions, readPage, restorePageRevision, savePage } from "~/server/site/pages.server";
import { OwnerTime } from "~/components/admin/local-time";

/** The page this URL edits: a legal document only under /legal/ (the owner's route), the others only outside it. */
function pageKeyOf(params: Record<string, string | undefined>): PageKey | null {
  if (params.type !== undefined) return isLegalPageKey(params.type) ? params.type : null;
  return isPageKey(params.key) && !isLegalPageKey(params.key) ? params.key : null;
}

export async function loader({ params }: Route.LoaderArgs) {
  const key = pageKeyOf(params);
  if (!key) return data({ page: null, revisions: [] }, { status: 404 });
  const db = getDb();
  const [{ id: _, ...page }, revisions] = await Promise.all([readPage(db, key), listPageRevisions(db, key)]);
  return { page, revisions };
}

/** The form's own fields; the page's are checked by its schema in `savePage` (400 naming the field). */
const pageActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("save"), version: formVersion, fields: z.unknown() }),
    z.object({ intent: z.literal("restore"), number: z.coerce.number().int().min(1).max(1_000_000) }),
  ],
  { error: 'Unknown action: "intent" must be "save" or "restore".' },
);

export async function action({ request, context, params }: Route.ActionArgs) {
  return formAction(
    { request, context },
    pageActionSchema,
    async (input) => {
      const key = pageKeyOf(params);
      if (!key) throw new HttpError(404, "Page not found.");
      const db = getDb();
      const { username } = adminFrom(context);
      noteAuditObject(context, { action: input.intent === "save" ? "update" : "restore", object: `page ${key}` });
      if (input.intent === "restore") {
        await restorePageRevision(db, key, input.number, { username });
        return { ok: true, message: `Revision #${input.number} restored: the public page shows it now.` } satisfies FormSuccess;
      }
      const { changed } = await savePage(db, key, input.fields, { username, version: input.version });
      return { ok: true, message: changed ? "The public page shows it now." : "Nothing had changed." } satisfies FormSuccess;
    },
    {
      input: (form) => {
        const params_ = Object.fromEntries(form);
        const key = pageKeyOf(params);
        const { intent = "save", version, number } = params_;
        return { intent, version, number, fields: key ? pageFormInput(key, form) : {} };
      },
    },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  adminMeta(loaderData?.page ? `Edit ${PAGE_TITLES[loaderData.page.key]}` : "Page not found", matches);

export default function AdminPageEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { page, revisions } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useActionToast(actionData, (done) => ({ title: "Page saved", description: done.message }), "Not saved");
  if (!page)
    return (
      <AdminNotFound
        title="Page Not Found"
        message="There is no editable page with this name."
        back={{ to: "/admin/pages", label: "Pages" }}
      />
    );
  const legal = isLegalPageKey(page.key);
  return (
    <>
      <AdminPageHeader
        title={`Edit ${PAGE_TITLES[page.key]}`}
        back={{ to: "/admin/pages", label: "Pages" }}
        description={
          <>
            Public page:{" "}
            <a href={pagePublicPath(page.key)} className="underline underline-offset-4">
              {pagePublicPath(page.key)}
            </a>
            {legal ? <> · Last updated {formatLongDate(page.updatedAt)} (set when you save)</> : null}
          </>
        }
      />
      <FormErrorAlert result={actionData} margin="mb-6" />
      {/* Keyed by the version: after a save the form starts again from what was stored. */}
      <Form method="post" className="grid gap-6" key={page.updatedAt} data-testid="page-form">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={page.updatedAt} />
        {page.key === "home" ? (
          <HomeFields fields={page.fields as HomePageFields} />
        ) : page.key === "about" ? (
          <AboutFields fields={page.fields as AboutPageFields} />
        ) : (
          <LegalFields fields={page.fields as LegalPageFields} />
        )}
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save page"}
          </Button>
        </div>
      </Form>
      <History revisions={revisions} busy={busy} />
    </>
  );
}

function HomeFields({ fields }: { fields: HomePageFields }) {
  return (
    <>
      <Card className="grid gap-4 p-6">
        <h2 className="font-serif text-xl font-semibold">Hero</h2>
        <Field
          label="Hero title"
          id="page-heroTitle"
          name="heroTitle"
          required
          maxLength={PAGE_LIMITS.line}
          defaultValue={fields.heroTitle}
        />
        <TextareaField
          label="Hero text"
          id="page-heroText"
          name="heroText"
          required
          rows={3}
          maxLength={PAGE_LIMITS.paragraph}
          defaultValue={fields.heroText}
        />
      </Card>
      <Card className="grid gap-4 p-6">
        <h2 className="font-serif text-xl font-semibold">Poem</h2>
        <Field
          label="Poem title"
          id="page-poemTitle"
          name="poemTitle"
          required
          maxLength={PAGE_LIMITS.line}
          defaultValue={fields.poemTitle}
        />
        <TextareaField
          label="Poem"
          id="page-poem"
          name="poem"
          required
          rows={9}
          maxLength={PAGE_LIMITS.poem}
          hint="One line per line of the poem; a blank line between stanzas."
          defaultValue={fields.poem}
        />
      </Card>
      <Card className="grid gap-4 p-6">
        <h2 className="font-serif text-xl font-semibold">Quote</h2>
        <TextareaField
          label="Quote"
          id="page-quote"
          name="quote"
          required
          rows={2}
          maxLength={PAGE_LIMITS.paragraph}
          defaultValue={fields.quote}
        />
        <Field
          label="Quote's source"
          id="page-quoteCaption"
          name="quoteCaption"
          required
          maxLength={PAGE_LIMITS.line}
          defaultValue={fields.quoteCaption}
        />
      </Card>
    </>
  );
}

/** A Markdown field with the editor (its visual mode: TipTap), posted under `name`. */
function MarkdownField({
  label,
  name,
  initial,
  hint,
  rows = 12,
}: {
  label: string;
  name: string;
  initial: string;
  hint?: React.ReactNode;
  rows?: number;
}) {
  const [value, setValue] = useState(initial);
  return (
    <FieldFrame label={label} id={`page-${name}`} hint={hint}>
      {(wired) => (
        <MarkdownEditor
          {...wired}
          name={name}
          required
          value={value}
          maxLength={PAGE_LIMITS.markdown}
          rows={rows}
          visual
          onChange={setValue}
        />
      )}
    </FieldFrame>
  );
}

function AboutFields({ fields }: { fields: AboutPageFields }) {
  // Each row keeps its own id so that removing one leaves the others' typing where it was.
  const [rows, setRows] = useState(() => fields.testimonials.map((testimonial, i) => ({ ...testimonial, id: i })));
  const nextId = () => Math.max(-1, ...rows.map((row) => row.id)) + 1;
  return (
    <>
      <Card className="grid gap-4 p-6">
        <h2 className="font-serif text-xl font-semibold">Mission</h2>
        <MarkdownField label="Mission" name="mission" initial={fields.mission} rows={8} />
        <Field
          label="Picture caption"
          id="page-imageCaption"
          name="imageCaption"
          optional
          maxLength={PAGE_LIMITS.line}
          defaultValue={fields.imageCaption}
        />
      </Card>
      <Card className="grid gap-4 p-6">
        <h2 className="font-serif text-xl font-semibold">Testimonials</h2>
        <p className="text-sm text-muted-foreground">
          In the order About shows them; none hides the section. At most {PAGE_LIMITS.testimonials}.
        </p>
        {rows.map((row, i) => (
          <fieldset key={row.id} className="grid gap-3 rounded-lg border border-border p-4" data-testid="testimonial">
            <legend className="px-1 text-sm font-medium">Testimonial {i + 1}</legend>
            <TextareaField
              label="Quote"
              id={`testimonial-${row.id}-quote`}
              name="testimonialQuote"
              required
              rows={3}
              maxLength={PAGE_LIMITS.paragraph}
              defaultValue={row.quote}
            />
            <Field
              label="Name"
              id={`testimonial-${row.id}-name`}
              name="testimonialName"
              required
              maxLength={PAGE_LIMITS.line}
              defaultValue={row.name}
            />
            <Field
              label="Detail"
              id={`testimonial-${row.id}-detail`}
              name="testimonialDetail"
              optional
              maxLength={PAGE_LIMITS.line}
              defaultValue={row.detail}
            />
            <div>
              <Button variant="outline" onClick={() => setRows(rows.filter((other) => other.id !== row.id))}>
                Remove testimonial {i + 1}
              </Button>
            </div>
          </fieldset>
        ))}
        {rows.length < PAGE_LIMITS.testimonials ? (
          <div>
            <Button variant="outline" onClick={() => setRows([...rows, { quote: "", name: "", detail: "", id: nextId() }])}>
              Add a testimonial
            </Button>
          </div>
        ) : null}
      </Card>
    </>
  );
}

function LegalFields({ fields }: { fields: LegalPageFields }) {
  return (
    <Card className="grid gap-4 p-6">
      <MarkdownField
        label="Text"
        name="body"
        initial={fields.body}
        rows={24}
        hint={
          <>
            Each “## ” heading starts a section. These placeholders are filled in when the page is shown:{" "}
            {Object.entries(LEGAL_PLACEHOLDERS).map(([name, meaning], i) => (
              <span key={name}>
                {i > 0 ? "; " : ""}
                <code>{`{${name}}`}</code> {meaning}
              </span>
            ))}
            .
          </>
        }
      />
    </Card>
  );
}

function History({
  revisions,
  busy,
}: {
  revisions: { number: number; savedBy: string | null; createdAt: string; summary: string }[];
  busy: boolean;
}) {
  return (
    <section aria-labelledby="history-heading" className="mt-10">
      <h2 id="history-heading" className="mb-4 font-serif text-2xl font-semibold">
        History
      </h2>
      {revisions.length === 0 ? (
        <p className="text-muted-foreground">No revisions yet: the first save keeps the page as it is now, then each change.</p>
      ) : (
        <AdminTable caption="The page's revisions, newest first" headings={["Revision", "Saved", "By", "What changed", "Action"]}>
          {revisions.map((revision, i) => (
            <tr key={revision.number}>
              <td className="px-4 py-3">#{revision.number}</td>
              <td className="px-4 py-3">
                <OwnerTime iso={revision.createdAt} />
              </td>
              <td className="px-4 py-3">{revision.savedBy ?? "—"}</td>
              <td className="px-4 py-3">{revision.summary}</td>
              <td className="px-4 py-3">
                {i === 0 ? (
                  <span className="text-muted-foreground">current</span>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="number" value={revision.number} />
                    <Button type="submit" variant="outline" disabled={busy}>
                      Restore #{revision.number}
                    </Button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

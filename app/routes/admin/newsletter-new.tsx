import { Form, redirect, useActionData } from "react-router";
import type { Route } from "./+types/newsletter-new";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { NewsletterIssueFields } from "~/components/admin/newsletter-issue-fields";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { z } from "zod";
import { newsletterIssueFieldsSchema, publishAndEmailSchema } from "~/lib/admin-schemas";
import { noteAuditObject } from "~/server/admin/audit.server";
import { adminFrom } from "~/server/admin/guard.server";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { publishAndEmail } from "~/server/newsletter/drafts.server";
import { articleDraft, createIssue, listArticleChoices } from "~/server/newsletter/issues.server";
import { siteUrl } from "~/server/site/seo.server";

/** A blank draft, or (?article=ID) one started from an article: its title, excerpt and body. */
export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const articleId = parseId(new URL(request.url).searchParams.get("article") ?? undefined);
  const draft = articleId === null ? null : await articleDraft(db, articleId, siteUrl(request));
  return { articles: await listArticleChoices(db), articleId: draft ? articleId : null, draft: draft ?? { subject: "", body: "" } };
}

/**
 * The new issue's form (a draft), and "Publish and e-mail to subscribers" from an article's editor
 * (`intent=publish-and-email`: publishes the article, makes an issue of it in the format chosen in the dialog and starts
 * sending; then the issue's page).
 */
const newIssueActionSchema = z.discriminatedUnion(
  "intent",
  [newsletterIssueFieldsSchema.extend({ intent: z.literal("create") }), publishAndEmailSchema],
  { error: 'Unknown action: "intent" must be "create" or "publish-and-email".' },
);

export async function action({ request, context }: Route.ActionArgs) {
  return formAction(
    { request, context },
    newIssueActionSchema,
    async (input, form) => {
      const db = getDb();
      if (input.intent === "publish-and-email") {
        const sent = await publishAndEmail(db, input.articleId, {
          origin: siteUrl(request),
          format: input.format,
          author: adminFrom(context),
        });
        noteAuditObject(context, { object: `“${sent.title}” (article #${input.articleId}, issue #${sent.issueId})` });
        return redirect(`/admin/newsletter/${sent.issueId}?published=1`);
      }
      const { intent: _, ...fields } = input;
      const article = form.get("articleId");
      const id = await createIssue(db, fields, parseId(typeof article === "string" ? article : undefined));
      noteAuditObject(context, { object: `“${input.subject}” (issue #${id})` });
      return redirect(`/admin/newsletter/${id}`);
    },
    // The new-issue form has no intent: it creates.
    { input: (form) => ({ intent: "create", ...Object.fromEntries(form) }) },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("New newsletter issue", matches);

export default function NewNewsletterIssue({ loaderData }: Route.ComponentProps) {
  const { articles, articleId, draft } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <>
      <AdminPageHeader title="New newsletter issue" back={{ to: "/admin/newsletter", label: "Newsletter" }} />
      <Form method="get" className="mb-8 flex flex-wrap items-end gap-3 rounded-xl border border-border bg-card p-4">
        <SelectField
          label="Start from an article"
          id="issue-article"
          errorLine={false}
          className="grid gap-1.5"
          name="article"
          defaultValue={articleId ?? ""}
        >
          <option value="">(blank issue)</option>
          {articles.map((article) => (
            <option key={article.id} value={article.id}>
              {article.title}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="outline">
          Use this article
        </Button>
      </Form>
      {result && !result.ok ? (
        <p role="alert" className="mb-6 rounded-xl border border-destructive p-4 text-destructive">
          {result.message}
        </p>
      ) : null}
      <Form method="post" className="grid gap-6" key={articleId ?? "blank"}>
        {articleId ? <input type="hidden" name="articleId" value={articleId} /> : null}
        <NewsletterIssueFields subject={draft.subject} body={draft.body} />
        <div>
          <Button type="submit">Save draft</Button>
        </div>
      </Form>
    </>
  );
}

import { useState } from "react";
import { MarkdownEditor } from "~/components/admin/markdown-editor";
import { Field, FieldFrame } from "~/components/ui/field";
import { LIMITS } from "~/lib/admin-schemas";

/** Subject and Markdown body of a newsletter issue, for the new and edit pages (validated by newsletterIssueFieldsSchema). */
export function NewsletterIssueFields({ subject, body }: { subject: string; body: string }) {
  const [markdown, setMarkdown] = useState(body);
  return (
    <div className="grid gap-4">
      <Field
        label="Subject"
        id="issue-subject"
        errorLine={false}
        className="grid gap-1.5"
        name="subject"
        required
        maxLength={LIMITS.title}
        defaultValue={subject}
      />
      <FieldFrame label="Body" id="issue-body" errorLine={false} className="grid gap-1.5">
        {(wired) => (
          <MarkdownEditor
            {...wired}
            name="body"
            required
            rows={16}
            visual
            maxLength={LIMITS.content}
            value={markdown}
            onChange={setMarkdown}
          />
        )}
      </FieldFrame>
    </div>
  );
}

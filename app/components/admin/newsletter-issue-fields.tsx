import { useState } from "react";
import { MarkdownEditor } from "~/components/admin/markdown-editor";
import { Input, Label } from "~/components/ui/input";
import { LIMITS } from "~/lib/admin-schemas";

/** Subject and Markdown body of a newsletter issue, for the new and edit pages (validated by newsletterIssueFieldsSchema). */
export function NewsletterIssueFields({ subject, body }: { subject: string; body: string }) {
  const [markdown, setMarkdown] = useState(body);
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor="issue-subject">Subject</Label>
        <Input id="issue-subject" name="subject" required maxLength={LIMITS.title} defaultValue={subject} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="issue-body">Body</Label>
        <MarkdownEditor id="issue-body" name="body" required rows={16} maxLength={LIMITS.content} value={markdown} onChange={setMarkdown} />
      </div>
    </div>
  );
}

import { useId, useState } from "react";
import { MarkdownBody } from "~/components/content/markdown-body";
import { Textarea } from "~/components/ui/input";
import type { Block } from "~/lib/markdown";
import { sendJson } from "~/lib/api-client";

type TextareaProps = Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange" | "value"> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * A Markdown textarea with a "Preview" tab. The preview is parsed on the server
 * (POST /api/admin/markdown-preview, the same parser and safe tree as the article page), so the
 * Markdown library never ships to the browser and what the preview shows is what the page will show.
 */
export function MarkdownEditor({ value, onChange, className = "", ...textarea }: TextareaProps) {
  const baseId = useId();
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [preview, setPreview] = useState<{ source: string; blocks: Block[] } | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "error">("idle");
  const [message, setMessage] = useState("");

  async function showPreview() {
    setTab("preview");
    if (preview?.source === value) return;
    setState("loading");
    try {
      const result = await sendJson<{ blocks: Block[] }>("POST", "/api/admin/markdown-preview", { markdown: value });
      setPreview({ source: value, blocks: result.blocks });
      setState("idle");
    } catch (error) {
      setMessage(error instanceof Error ? error.message : "The preview could not be loaded.");
      setState("error");
    }
  }

  function onTabKey(event: React.KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = tab === "write" ? "preview" : "write";
    if (next === "preview") void showPreview();
    else setTab("write");
    document.getElementById(`${baseId}-${next}-tab`)?.focus();
  }

  const tabClass = (active: boolean) =>
    `rounded-t-md border-b-2 px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${
      active ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground"
    }`;

  return (
    <div>
      <div role="tablist" aria-label="Content editor" className="mb-2 flex gap-1 border-b border-border">
        <button
          id={`${baseId}-write-tab`}
          type="button"
          role="tab"
          aria-selected={tab === "write"}
          aria-controls={`${baseId}-write`}
          tabIndex={tab === "write" ? 0 : -1}
          className={tabClass(tab === "write")}
          onClick={() => setTab("write")}
          onKeyDown={onTabKey}
        >
          Write
        </button>
        <button
          id={`${baseId}-preview-tab`}
          type="button"
          role="tab"
          aria-selected={tab === "preview"}
          aria-controls={`${baseId}-preview`}
          tabIndex={tab === "preview" ? 0 : -1}
          className={tabClass(tab === "preview")}
          onClick={() => void showPreview()}
          onKeyDown={onTabKey}
        >
          Preview
        </button>
      </div>
      <div id={`${baseId}-write`} role="tabpanel" aria-labelledby={`${baseId}-write-tab`} hidden={tab !== "write"}>
        <Textarea
          {...textarea}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onInvalid={() => setTab("write")}
          className={`font-mono text-sm ${className}`}
        />
        <p className="mt-1 text-sm text-muted-foreground">
          Markdown: <code>## Heading</code>, <code>**bold**</code>, <code>*italic*</code>, <code>- list</code>, <code>&gt; quote</code>,{" "}
          <code>[link](https://…)</code>, <code>![alt](/images/…)</code>; image groups in a <code>```gallery grid</code> block. Raw HTML
          shows as text.
        </p>
      </div>
      <div
        id={`${baseId}-preview`}
        role="tabpanel"
        aria-labelledby={`${baseId}-preview-tab`}
        hidden={tab !== "preview"}
        aria-busy={state === "loading"}
        className="min-h-32 rounded-md border border-border bg-background p-4"
      >
        {state === "loading" ? (
          <p className="text-sm text-muted-foreground">Loading preview…</p>
        ) : state === "error" ? (
          <p role="alert" className="text-sm text-destructive">
            {message}
          </p>
        ) : preview && preview.blocks.length > 0 ? (
          <MarkdownBody blocks={preview.blocks} />
        ) : (
          <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
        )}
      </div>
    </div>
  );
}

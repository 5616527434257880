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
  const preview = useServerPreview();

  function showPreview() {
    setTab("preview");
    return preview.load(value);
  }

  function onTabKey(event: React.KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = tab === "write" ? "preview" : "write";
    if (next === "preview") void showPreview();
    else setTab("write");
    document.getElementById(`${baseId}-${next}-tab`)?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label="Content editor" className="mb-2 flex gap-1 border-b border-border">
        <EditorTab id={`${baseId}-write`} selected={tab === "write"} onSelect={() => setTab("write")} onKeyDown={onTabKey}>
          Write
        </EditorTab>
        <EditorTab id={`${baseId}-preview`} selected={tab === "preview"} onSelect={() => void showPreview()} onKeyDown={onTabKey}>
          Preview
        </EditorTab>
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
        aria-busy={preview.state === "loading"}
        className="min-h-32 rounded-md border border-border bg-background p-4"
      >
        <PreviewContent preview={preview.preview} state={preview.state} message={preview.message} />
      </div>
    </div>
  );
}

type PreviewState = {
  preview: { source: string; blocks: Block[] } | null;
  state: "idle" | "loading" | "error";
  message: string;
};

/** The server's rendering of the Markdown (`load`, kept while the text stays the same), whether it is loading, and why it failed. */
function useServerPreview() {
  const [preview, setPreview] = useState<PreviewState["preview"]>(null);
  const [state, setState] = useState<PreviewState["state"]>("idle");
  const [message, setMessage] = useState("");

  async function load(value: string) {
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

  return { preview, state, message, load };
}

/** One tab of the editor (`id`: its panel's); the arrow keys move between the two. */
function EditorTab({
  id,
  selected,
  onSelect,
  onKeyDown,
  children,
}: {
  id: string;
  selected: boolean;
  onSelect: () => void;
  onKeyDown: (event: React.KeyboardEvent<HTMLButtonElement>) => void;
  children: React.ReactNode;
}) {
  return (
    <button
      id={`${id}-tab`}
      type="button"
      role="tab"
      aria-selected={selected}
      aria-controls={id}
      tabIndex={selected ? 0 : -1}
      className={`rounded-t-md border-b-2 px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${
        selected ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground"
      }`}
      onClick={onSelect}
      onKeyDown={onKeyDown}
    >
      {children}
    </button>
  );
}

function PreviewContent({ preview, state, message }: PreviewState) {
  if (state === "loading") return <p className="text-sm text-muted-foreground">Loading preview…</p>;
  if (state === "error") {
    return (
      <p role="alert" className="text-sm text-destructive">
        {message}
      </p>
    );
  }
  if (preview && preview.blocks.length > 0) return <MarkdownBody blocks={preview.blocks} />;
  return <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>;
}

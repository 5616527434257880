import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { MarkdownBody } from "~/components/content/markdown-body";
import { Textarea } from "~/components/ui/input";
import { sendJson } from "~/lib/api-client";
import type { Block } from "~/lib/markdown";

/** TipTap and the editor: a chunk of their own, fetched only when a visual editor mounts (admin edit pages). */
const VisualEditor = lazy(() => import("./visual-editor/visual-editor"));

/** The writer's choice between the visual editor and the Markdown source, kept in this browser. */
const MODE_KEY = "markdown-editor-mode";

type TextareaProps = Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "onChange" | "value"> & {
  value: string;
  onChange: (value: string) => void;
  /** Offer the visual editor (issue #29), with a switch to the Markdown source; without it, the Markdown textarea. */
  visual?: boolean;
};

/**
 * A Markdown field with a "Preview" tab. The preview is parsed on the server
 * (POST /api/admin/markdown-preview, the same parser and safe tree as the article page), so what the preview shows
 * is what the page will show. With `visual`, Write is the visual editor once the page has hydrated and its chunk
 * has loaded (the server's HTML, and a browser without JavaScript, have the textarea), and "Markdown source" switches
 * to the textarea and back. Either way the value is the Markdown, posted under the same name.
 */
export function MarkdownEditor({ value, onChange, className = "", visual = false, ...textarea }: TextareaProps) {
  const baseId = useId();
  const [tab, setTab] = useState<"write" | "preview">("write");
  const preview = useServerPreview();
  const [mode, setMode] = useState<"visual" | "source">("source");
  const chosen = useRef(false);

  useEffect(() => {
    if (!visual || chosen.current) return;
    if (readMode() !== "source") setMode("visual");
  }, [visual]);

  function switchMode() {
    const next = mode === "visual" ? "source" : "visual";
    chosen.current = true;
    setMode(next);
    writeMode(next);
  }

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

  const source = (
    <Textarea
      {...textarea}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onInvalid={() => setTab("write")}
      className={`font-mono text-sm ${className}`}
    />
  );

  return (
    <div>
      <div className="mb-2 flex flex-wrap items-end justify-between gap-2 border-b border-border">
        <div role="tablist" aria-label="Content editor" className="flex gap-1">
          <EditorTab id={`${baseId}-write`} selected={tab === "write"} onSelect={() => setTab("write")} onKeyDown={onTabKey}>
            Write
          </EditorTab>
          <EditorTab id={`${baseId}-preview`} selected={tab === "preview"} onSelect={() => void showPreview()} onKeyDown={onTabKey}>
            Preview
          </EditorTab>
        </div>
        {visual && tab === "write" ? (
          <button
            type="button"
            aria-pressed={mode === "source"}
            onClick={switchMode}
            className="mb-1 inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:text-foreground"
          >
            Formatting marks
          </button>
        ) : null}
      </div>
      <div id={`${baseId}-write`} role="tabpanel" aria-labelledby={`${baseId}-write-tab`} hidden={tab !== "write"}>
        {visual && mode === "visual" ? (
          <>
            {textarea.name ? <input type="hidden" name={textarea.name} value={value} /> : null}
            <Suspense fallback={source}>
              <VisualEditor
                id={textarea.id}
                value={value}
                onChange={onChange}
                aria-describedby={textarea["aria-describedby"]}
                aria-invalid={textarea["aria-invalid"]}
              />
            </Suspense>
            <p className="mt-1 text-sm text-muted-foreground">
              Type <kbd>/</kbd> at the start of a line for blocks (pull quote, divider, lists…). As you type: <code>## </code> a heading,{" "}
              <code>&gt; </code> a quote, <code>- </code> a list, <code>**bold**</code>. Paste or drop an image to upload it; Image and
              Image group place and edit images (double-click one to edit it). Every image needs alt text.
            </p>
          </>
        ) : (
          <>
            {source}
            <p className="mt-1 text-sm text-muted-foreground">
              Formatting: <code>## Heading</code>, <code>**bold**</code>, <code>*italic*</code>, <code>- list</code>,{" "}
              <code>&gt; quote</code>, <code>[link](https://…)</code>, <code>![alt](/images/…)</code>; image groups in a{" "}
              <code>```gallery grid</code> block, pull quotes in a <code>```pullquote</code> block. Raw HTML shows as text.
            </p>
          </>
        )}
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

function readMode() {
  try {
    return window.localStorage.getItem(MODE_KEY);
  } catch {
    return null; // storage refused (private mode, a policy): the default
  }
}

function writeMode(mode: "visual" | "source") {
  try {
    window.localStorage.setItem(MODE_KEY, mode);
  } catch {
    // Not kept: the choice lasts this page.
  }
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

/**
 * The visual editor for Markdown fields (issue #29; decision: docs/decisions/0012-visual-editor.md). Loaded only
 * through `lazy()` from ../markdown-editor.tsx, so TipTap ships only to the admin pages that edit a body.
 *
 * - It edits the same safe Markdown: the value in and out is Markdown, re-serialised only when the writer changes
 *   something here (opening it, or switching to Source mode and back, changes nothing).
 * - The toolbar is an ARIA toolbar (one tab stop, arrow keys between buttons); "/" at the start of an empty line
 *   opens a listbox of blocks, driven from the text with the arrow keys, Enter and Escape.
 * - Markdown shortcuts as you type come from TipTap's input rules: "## ", "> ", "- ", "1. ", "**bold**", "---".
 * - Pasted HTML keeps only what the schema knows (headings, lists, quotes, emphasis, links): styling is dropped
 *   (./schema.ts, PasteCleanup).
 * - Images: a pasted or dropped image file uploads to the media library (with progress) while a dialog asks for its
 *   alt text, which it requires; Image and Image group (toolbar, slash menu, or a double-click on one) place and
 *   edit images and galleries (./image-dialog.tsx, ./gallery-dialog.tsx).
 */
import { Editor } from "@tiptap/core";
import { NodeSelection } from "@tiptap/pm/state";
import { useEffect, useId, useRef, useState } from "react";
import type { GalleryLayout } from "~/lib/markdown";
import { GalleryDialog } from "./gallery-dialog";
import { ImageDialog } from "./image-dialog";
import {
  type EditedImage,
  editorExtensions,
  galleryAttrs,
  galleryImages,
  galleryLayout,
  HEADING_LEVELS,
  imageText,
  linkUrl,
  markdownOf,
} from "./schema";
import { imageFiles } from "./upload";

export type VisualEditorProps = {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  "aria-describedby"?: string;
  "aria-invalid"?: React.AriaAttributes["aria-invalid"];
};

type Command = {
  id: string;
  label: string;
  /** What the button shows (a symbol or short text); the label is its accessible name. */
  face: string;
  /** Words the slash menu matches besides the label. */
  keywords: string;
  run: (editor: Editor) => void;
  isActive?: (editor: Editor) => boolean;
  /** A mark (bold, italic, link) acts on the selection; the slash menu offers only blocks. */
  inline?: boolean;
  /** Opens the image's or the image group's dialog (instead of `run`). */
  dialog?: DialogKind;
};

type DialogKind = "image" | "gallery";

/** An open dialog: where its result goes (`at`, or the node it edits at `nodePos`), and what it starts with. */
type OpenDialog =
  | { kind: "image"; at: number; nodePos?: number; initial?: EditedImage; file?: File }
  | { kind: "gallery"; at: number; nodePos?: number; initial?: { layout: GalleryLayout; images: EditedImage[] }; files?: File[] };

/**
 * The dialog for `kind`: editing the selected image or group, or placing a new one at `at` (the cursor by default).
 * Files pasted or dropped: one is an image, several an image group.
 */
function dialogFor(editor: Editor, kind: DialogKind, files: File[] = [], at?: number): OpenDialog {
  const { selection } = editor.state;
  const node = selection instanceof NodeSelection ? selection.node : null;
  if (files.length === 0 && node?.type.name === kind) {
    const nodePos = selection.from;
    if (kind === "image") {
      const attrs = node.attrs as { src?: string; alt?: string | null; title?: string | null };
      return { kind, at: nodePos, nodePos, initial: { src: attrs.src ?? "", alt: attrs.alt ?? "", caption: attrs.title ?? "" } };
    }
    const images = galleryImages(String(node.attrs.body ?? ""));
    return { kind, at: nodePos, nodePos, initial: { layout: galleryLayout(String(node.attrs.info ?? ""), images.length), images } };
  }
  const position = at ?? selection.from;
  return kind === "image" && files.length <= 1 ? { kind: "image", at: position, file: files[0] } : { kind: "gallery", at: position, files };
}

const chain = (editor: Editor) => editor.chain().focus();

const COMMANDS: Command[] = [
  ...HEADING_LEVELS.map(
    (level): Command => ({
      id: `h${level}`,
      label: `Heading ${level}`,
      face: `H${level}`,
      keywords: `heading title h${level}`,
      run: (editor) => chain(editor).toggleHeading({ level }).run(),
      isActive: (editor) => editor.isActive("heading", { level }),
    }),
  ),
  {
    id: "bold",
    label: "Bold",
    face: "B",
    keywords: "strong",
    inline: true,
    run: (editor) => chain(editor).toggleBold().run(),
    isActive: (editor) => editor.isActive("bold"),
  },
  {
    id: "italic",
    label: "Italic",
    face: "I",
    keywords: "emphasis",
    inline: true,
    run: (editor) => chain(editor).toggleItalic().run(),
    isActive: (editor) => editor.isActive("italic"),
  },
  { id: "link", label: "Link", face: "Link", keywords: "url", inline: true, run: () => {}, isActive: (editor) => editor.isActive("link") },
  {
    id: "bullets",
    label: "Bulleted list",
    face: "• List",
    keywords: "bullet unordered ul",
    run: (editor) => chain(editor).toggleBulletList().run(),
    isActive: (editor) => editor.isActive("bulletList"),
  },
  {
    id: "numbers",
    label: "Numbered list",
    face: "1. List",
    keywords: "ordered ol number",
    run: (editor) => chain(editor).toggleOrderedList().run(),
    isActive: (editor) => editor.isActive("orderedList"),
  },
  {
    id: "quote",
    label: "Quote",
    face: "“ ”",
    keywords: "blockquote",
    run: (editor) => chain(editor).toggleBlockquote().run(),
    isActive: (editor) => editor.isActive("blockquote"),
  },
  {
    id: "pullquote",
    label: "Pull quote",
    face: "❝ Pull",
    keywords: "pullquote callout highlight",
    run: (editor) => chain(editor).toggleNode("pullQuote", "paragraph").run(),
    isActive: (editor) => editor.isActive("pullQuote"),
  },
  {
    id: "divider",
    label: "Divider",
    face: "—",
    keywords: "rule hr separator line",
    run: (editor) => chain(editor).setHorizontalRule().run(),
  },
  {
    id: "image",
    label: "Image",
    face: "Image",
    keywords: "picture photo upload media",
    dialog: "image",
    run: () => {},
    isActive: (editor) => editor.isActive("image"),
  },
  {
    id: "gallery",
    label: "Image group",
    face: "Images",
    keywords: "gallery pictures photos grid masonry",
    dialog: "gallery",
    run: () => {},
    isActive: (editor) => editor.isActive("gallery"),
  },
];

const BLOCKS = COMMANDS.filter((command) => !command.inline);

/** The "/" typed at the start of a paragraph and the words after it, while the cursor is right after them. */
type Slash = { from: number; to: number; query: string };

function slashAt(editor: Editor): Slash | null {
  const { selection } = editor.state;
  if (!selection.empty) return null;
  const { $from } = selection;
  if ($from.parent.type.name !== "paragraph") return null;
  const before = $from.parent.textBetween(0, $from.parentOffset, "\n", "\n");
  const match = /^\/([\w ]{0,20})$/.exec(before);
  if (!match) return null;
  return { from: $from.start(), to: $from.pos, query: (match[1] ?? "").trim().toLowerCase() };
}

const matching = (query: string) =>
  BLOCKS.filter((command) => !query || `${command.label} ${command.keywords}`.toLowerCase().includes(query));

export default function VisualEditor({ id, value, onChange, ...aria }: VisualEditorProps) {
  const baseId = useId();
  const mount = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [, setRevision] = useState(0);
  /** The Markdown this editor last gave out or was given: a different value is an outside change (a restore). */
  const known = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [slash, setSlash] = useState<{ at: Slash; active: number } | null>(null);
  const slashRef = useRef(slash);
  slashRef.current = slash;
  /** Where Escape closed the menu: it stays closed until the writer moves elsewhere. */
  const dismissedAt = useRef<number | null>(null);
  const listboxId = `${baseId}-blocks`;
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  /** Opens a dialog from the editor's own event handlers, made once with the editor. */
  const openDialog = useRef((_editor: Editor, _kind: DialogKind, _files?: File[], _at?: number) => {});
  openDialog.current = (current, kind, files, at) => setDialog(dialogFor(current, kind, files, at));

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per mount; later values arrive through the effect below
  useEffect(() => {
    if (!mount.current) return;
    const label = id ? document.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
    if (label && !label.id) label.id = `${baseId}-label`;
    const created = new Editor({
      element: mount.current,
      extensions: editorExtensions(),
      content: value,
      contentType: "markdown",
      editorProps: {
        attributes: {
          ...(id ? { id } : {}),
          role: "textbox",
          "aria-multiline": "true",
          ...(label ? { "aria-labelledby": label.id } : { "aria-label": "Body" }),
          class:
            "article-body min-h-80 rounded-b-md border border-input bg-background px-4 py-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        },
        handleKeyDown: (_view, event) => slashKey(event),
        // An image file pasted or dropped uploads while its dialog asks for the alt text; other pastes are the editor's.
        handlePaste: (_view, event) => {
          const files = imageFiles(event.clipboardData);
          if (files.length === 0) return false;
          openDialog.current(created, "image", files);
          return true;
        },
        handleDrop: (view, event, _slice, moved) => {
          const files = moved ? [] : imageFiles(event.dataTransfer);
          if (files.length === 0) return false;
          event.preventDefault();
          const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
          openDialog.current(created, "image", files, at);
          return true;
        },
        handleDoubleClickOn: (view, _pos, node, nodePos) => {
          if (node.type.name !== "image" && node.type.name !== "gallery") return false;
          view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, nodePos)));
          openDialog.current(created, node.type.name);
          return true;
        },
      },
      onUpdate: ({ editor: current }) => {
        const markdown = markdownOf(current);
        known.current = markdown;
        onChangeRef.current(markdown);
      },
      onTransaction: ({ editor: current }) => {
        setRevision((n) => n + 1);
        const at = slashAt(current);
        if (!at || dismissedAt.current === at.from) {
          if (!at) dismissedAt.current = null;
          setSlash(null);
        } else setSlash((open) => ({ at, active: open && open.at.query === at.query ? open.active : 0 }));
      },
    });
    // A click on the field's label puts the cursor in the text, as it would in a textarea.
    const focus = () => created.commands.focus();
    label?.addEventListener("click", focus);
    setEditor(created);
    return () => {
      label?.removeEventListener("click", focus);
      created.destroy();
    };
  }, []);

  // A value set from outside (a restored revision or autosave) replaces the text, without counting as an edit.
  useEffect(() => {
    if (!editor || value === known.current) return;
    known.current = value;
    editor.commands.setContent(value, { contentType: "markdown", emitUpdate: false });
  }, [editor, value]);

  // The field's hint and error (FieldFrame's ids), which change as the server answers.
  const describedBy = aria["aria-describedby"];
  const invalid = aria["aria-invalid"];
  useEffect(() => {
    const dom = editor?.view.dom;
    if (!dom) return;
    if (describedBy) dom.setAttribute("aria-describedby", describedBy);
    else dom.removeAttribute("aria-describedby");
    if (invalid && invalid !== "false") dom.setAttribute("aria-invalid", "true");
    else dom.removeAttribute("aria-invalid");
  }, [editor, describedBy, invalid]);

  const options = slash ? matching(slash.at.query) : [];
  const open = slash !== null && options.length > 0;
  const activeIndex = open ? Math.min(slash.active, options.length - 1) : -1;

  // The text field drives the listbox (the combobox pattern): it names the listbox and its active option.
  useEffect(() => {
    const dom = editor?.view.dom;
    if (!dom) return;
    if (open) {
      dom.setAttribute("aria-controls", listboxId);
      dom.setAttribute("aria-activedescendant", `${listboxId}-${activeIndex}`);
    } else {
      dom.removeAttribute("aria-controls");
      dom.removeAttribute("aria-activedescendant");
    }
  }, [editor, open, activeIndex, listboxId]);

  function slashKey(event: KeyboardEvent): boolean {
    const current = slashRef.current;
    if (!current) return false;
    const choices = matching(current.at.query);
    if (choices.length === 0) return false;
    const active = Math.min(current.active, choices.length - 1);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const step = event.key === "ArrowDown" ? 1 : -1;
      setSlash({ ...current, active: (active + step + choices.length) % choices.length });
      return true;
    }
    if (event.key === "Enter" || event.key === "Tab") {
      const choice = choices[active];
      if (choice) applyBlock(choice, current.at);
      return true;
    }
    if (event.key === "Escape") {
      dismissedAt.current = current.at.from;
      setSlash(null);
      return true;
    }
    return false;
  }

  function applyBlock(command: Command, at: Slash) {
    const current = editorRef.current;
    if (!current) return;
    current.chain().focus().deleteRange({ from: at.from, to: at.to }).run();
    if (command.dialog) setDialog(dialogFor(current, command.dialog));
    else command.run(current);
    setSlash(null);
  }

  /** Puts the dialog's result in the text: the edited node's attributes, or a new node where the dialog was opened. */
  function place(open: OpenDialog, type: "image" | "gallery", attrs: Record<string, unknown>) {
    const current = editorRef.current;
    setDialog(null);
    if (!current) return;
    const { nodePos } = open;
    const chain = current.chain().focus();
    if (nodePos !== undefined && current.state.doc.nodeAt(nodePos)?.type.name === type) {
      chain
        .command(({ tr }) => {
          tr.setNodeMarkup(nodePos, undefined, attrs);
          return true;
        })
        .setNodeSelection(nodePos)
        .run();
    } else chain.insertContentAt(Math.min(open.at, current.state.doc.content.size), { type, attrs }).run();
  }

  function closeDialog() {
    setDialog(null);
    editorRef.current?.commands.focus();
  }
  const editorRef = useRef(editor);
  editorRef.current = editor;

  const coords = open && editor ? menuPosition(editor, slash.at.from, mount.current) : null;

  return (
    <div className="relative">
      {editor ? <Toolbar editor={editor} onDialog={(kind) => setDialog(dialogFor(editor, kind))} /> : null}
      <div ref={mount} />
      {open && coords ? (
        <div
          className="absolute z-20 w-64 rounded-md border border-border bg-card p-1 shadow-lg"
          style={{ top: coords.top, left: coords.left }}
        >
          <p id={`${listboxId}-label`} className="px-3 py-1 text-xs font-medium text-muted-foreground">
            Blocks: ↑ ↓ to choose, Enter to insert, Esc to close
          </p>
          <div id={listboxId} role="listbox" aria-labelledby={`${listboxId}-label`}>
            {options.map((command, index) => (
              // The options are not focusable by design: the text field keeps the focus and names the active one (aria-activedescendant).
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the text field's; a click is the pointer's way
              // biome-ignore lint/a11y/useFocusableInteractive: see above
              <div
                key={command.id}
                id={`${listboxId}-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className={`flex min-h-11 cursor-pointer items-center gap-3 rounded px-3 text-sm ${
                  index === activeIndex ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted"
                }`}
                // The text keeps the focus: a pointer choice must not blur it first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => slash && applyBlock(command, slash.at)}
              >
                <span aria-hidden="true" className="w-12 font-mono text-xs">
                  {command.face}
                </span>
                {command.label}
              </div>
            ))}
          </div>
        </div>
      ) : null}
      {dialog?.kind === "image" ? (
        <ImageDialog
          initial={dialog.initial}
          file={dialog.file}
          onClose={closeDialog}
          onSubmit={(image) =>
            place(dialog, "image", { src: image.src, alt: imageText(image.alt, "alt"), title: imageText(image.caption, "caption") || null })
          }
        />
      ) : null}
      {dialog?.kind === "gallery" ? (
        <GalleryDialog
          initial={dialog.initial}
          files={dialog.files}
          onClose={closeDialog}
          onSubmit={(layout, images) => place(dialog, "gallery", galleryAttrs(layout, images))}
        />
      ) : null}
    </div>
  );
}

/** Below the line where "/" was typed, in the wrapper's coordinates. */
function menuPosition(editor: Editor, pos: number, frame: HTMLElement | null) {
  if (!frame) return null;
  try {
    const at = editor.view.coordsAtPos(pos);
    const box = frame.getBoundingClientRect();
    return { top: at.bottom - box.top + 4 + frame.offsetTop, left: Math.max(0, at.left - box.left) };
  } catch {
    return null;
  }
}

/** The formatting toolbar: one tab stop; the arrow keys, Home and End move between its buttons. */
function Toolbar({ editor, onDialog }: { editor: Editor; onDialog: (kind: DialogKind) => void }) {
  const [focused, setFocused] = useState(0);
  const [linking, setLinking] = useState(false);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: React.KeyboardEvent) {
    const last = COMMANDS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? focused === last
          ? 0
          : focused + 1
        : event.key === "ArrowLeft"
          ? focused === 0
            ? last
            : focused - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    buttons.current[next]?.focus();
  }

  return (
    <>
      <div
        role="toolbar"
        aria-label="Formatting"
        aria-controls={editor.view.dom.id || undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 rounded-t-md border border-b-0 border-input bg-muted p-1"
      >
        {COMMANDS.map((command, index) => {
          const active = command.isActive?.(editor) ?? false;
          return (
            <button
              key={command.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              tabIndex={index === focused ? 0 : -1}
              title={command.label}
              {...(command.isActive ? { "aria-pressed": active } : {})}
              onFocus={() => setFocused(index)}
              // The text keeps its selection: a pointer press must not move the focus out of it first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() =>
                command.id === "link" ? setLinking((shown) => !shown) : command.dialog ? onDialog(command.dialog) : command.run(editor)
              }
              className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded px-2 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ${
                active ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-background"
              } ${command.id === "italic" ? "italic" : ""}`}
            >
              {/* The short face is what shows; the name is the full label (no aria-label, so what shows is never contradicted). */}
              <span aria-hidden="true">{command.face}</span>
              <span className="sr-only">{command.label}</span>
            </button>
          );
        })}
      </div>
      {linking ? <LinkForm editor={editor} onDone={() => setLinking(false)} /> : null}
    </>
  );
}

/** The link's address, checked by the same safeUrl as the public page; an empty one removes the link. */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const inputId = useId();
  const [url, setUrl] = useState(() => String(editor.getAttributes("link").href ?? ""));
  const [error, setError] = useState("");

  function apply() {
    const address = url.trim();
    if (!address) {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      onDone();
      return;
    }
    const safe = linkUrl(address);
    if (!safe) {
      setError("Use an address starting with https://, http://, mailto:, # or a path on this site (/articles/…).");
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href: safe }).run();
    onDone();
  }

  return (
    <div className="flex flex-wrap items-end gap-2 border border-b-0 border-input bg-muted px-2 pb-2">
      <div className="grid min-w-64 flex-1 gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          Link address
        </label>
        <input
          id={inputId}
          // biome-ignore lint/a11y/noAutofocus: the writer asked for this field by pressing Link
          autoFocus
          type="url"
          inputMode="url"
          value={url}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => {
            setUrl(event.target.value);
            setError("");
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              apply();
            } else if (event.key === "Escape") {
              event.preventDefault();
              editor.commands.focus();
              onDone();
            }
          }}
          className="min-h-11 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
      </div>
      <button type="button" onClick={apply} className="btn btn-primary btn-sm">
        Apply
      </button>
      <button
        type="button"
        onClick={() => {
          editor.commands.focus();
          onDone();
        }}
        className="btn btn-ghost btn-sm"
      >
        Cancel
      </button>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="w-full text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The edit form's safety nets (docs/admin.md, "Autosave and unsaved changes"), kept out of content-form.tsx:
 * `useAutosave` keeps the form's values as the account's autosave of the item (POST /api/{type}/{id}/autosave) 10
 * seconds after a change and when the form or the window loses focus; `useUnsavedChangesGuard` asks before leaving a
 * form whose values differ from the last real save (an in-app link through React Router's `useBlocker`, a reload or a
 * closed tab through `beforeunload`); `AutosaveNotice` offers back an autosave newer than the item.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { ApiError, sendJson } from "~/lib/api-client";
import { AUTOSAVE_DELAY_MS, type AutosaveOffer, autosavedFields } from "~/lib/autosave";
import type { FieldSpec, FormValues } from "~/lib/content-types/fields";
import { formatTimeOfDay } from "~/lib/format";
import { ConfirmDialog } from "./confirm-dialog";

/** The values an autosave and the guard compare: the fields the writer types, as one string. */
function comparable(fields: ReadonlyArray<FieldSpec>, values: FormValues) {
  return JSON.stringify(autosavedFields(fields).map((field) => values[field.name] ?? ""));
}

export type AutosaveState =
  | { kind: "clean" }
  | { kind: "unsaved" }
  | { kind: "saving" }
  | { kind: "autosaved"; at: string }
  | { kind: "failed"; message: string };

/**
 * Autosaving an item being edited (`endpoint` undefined: a new item, which has nothing to autosave onto until its
 * first save; the guard still protects it). `markSaved(values)` after a real save: those values are the item now.
 * Returns the status line's state and whether the form differs from the last real save (`dirty`, also as a ref
 * the guard reads at the moment of a navigation).
 */
export function useAutosave({
  fields,
  values,
  version,
  endpoint,
  schema,
}: {
  fields: ReadonlyArray<FieldSpec>;
  values: FormValues;
  /** The version the form was edited from, as a save sends it. */
  version: string | undefined;
  endpoint: string | undefined;
  schema: z.ZodType;
}) {
  const now = comparable(fields, values);
  const [saved, setSaved] = useState(now);
  const savedRef = useRef(now);
  const autosavedRef = useRef(now);
  const nowRef = useRef(now);
  nowRef.current = now;
  const [state, setState] = useState<AutosaveState>({ kind: "clean" });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Read when an autosave runs: a parent's re-render with new field objects never resets the timer.
  const latest = useRef({ values, version, fields, schema });
  latest.current = { values, version, fields, schema };
  const dirty = now !== saved;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = nowRef.current !== savedRef.current;
  /**
   * The writer's own real saves (issue #37 §3.6): while one is in flight no autosave starts, one already sent is
   * aborted, and the answer of any autosave sent before a save began is moot. Such an autosave carries the version the
   * save replaces, so its 409 is the writer's own save, never "someone else's".
   */
  const saves = useRef({ inFlight: false, started: 0 });
  const pending = useRef<AbortController | null>(null);

  const autosaveNow = useCallback(
    async ({ keepalive = false } = {}) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      const current = nowRef.current;
      if (!endpoint || saves.current.inFlight || current === autosavedRef.current || current === savedRef.current) return;
      const sentBefore = saves.current.started;
      const { values: typed, version: from, fields, schema } = latest.current;
      const body = {
        version: from ?? "",
        values: Object.fromEntries(autosavedFields(fields).map((field) => [field.name, typed[field.name] ?? ""])),
      };
      const checked = schema.safeParse(body);
      if (!checked.success) {
        setState({ kind: "failed", message: "not autosaved: a field is too long" });
        return;
      }
      autosavedRef.current = current;
      setState({ kind: "saving" });
      const controller = keepalive ? null : new AbortController();
      pending.current = controller;
      /** A real save began since this autosave was sent: its answer says nothing about the form now. */
      const moot = () => {
        if (saves.current.started === sentBefore) return false;
        // Not kept, as far as the form knows: the next change or blur autosaves again (unless the save stored it).
        if (autosavedRef.current === current && savedRef.current !== current) autosavedRef.current = "";
        setState((state) =>
          state.kind === "saving" ? (nowRef.current === savedRef.current ? { kind: "clean" } : { kind: "unsaved" }) : state,
        );
        return true;
      };
      try {
        const answer = keepalive
          ? // The tab is going away: the browser finishes this request after the page is gone.
            await fetch(endpoint, {
              method: "POST",
              keepalive: true,
              credentials: "include",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify(body),
            }).then((response) =>
              response.ok ? (response.json() as Promise<{ savedAt: string }>) : Promise.reject(new ApiError(response.status, "")),
            )
          : await sendJson<{ savedAt: string }>("POST", endpoint, body, { signal: controller?.signal });
        if (moot()) return;
        // A real save in the meantime made this autosave moot.
        if (nowRef.current === savedRef.current) setState({ kind: "clean" });
        else setState(nowRef.current === current ? { kind: "autosaved", at: answer.savedAt } : { kind: "unsaved" });
      } catch (error) {
        if (moot()) return;
        autosavedRef.current = "";
        const message =
          error instanceof ApiError && error.status === 409
            ? "not autosaved: someone else saved this item since you opened it"
            : "autosave failed; your changes are still in the form";
        setState({ kind: "failed", message });
      } finally {
        if (pending.current === controller) pending.current = null;
      }
    },
    [endpoint],
  );

  /** A real save is being sent: no autosave from now until `saveSettled`, and the one in flight is cancelled. */
  const saveStarting = useCallback(() => {
    saves.current.inFlight = true;
    saves.current.started += 1;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current?.abort();
    pending.current = null;
  }, []);
  /** The real save answered (saved or refused): autosaves go on, from the version the form now holds. */
  const saveSettled = useCallback(() => {
    saves.current.inFlight = false;
  }, []);

  // Ten seconds after the first change since the last (auto)save: typing on does not put it off.
  useEffect(() => {
    if (now === savedRef.current) {
      setState((state) => (state.kind === "saving" ? state : { kind: "clean" }));
      return;
    }
    if (now === autosavedRef.current) return;
    setState((state) => (state.kind === "saving" || state.kind === "failed" ? state : { kind: "unsaved" }));
    if (!endpoint || timer.current) return;
    timer.current = setTimeout(() => void autosaveNow(), AUTOSAVE_DELAY_MS);
  }, [now, endpoint, autosaveNow]);

  // The window losing focus, or the tab being hidden (switched away from, or closed): autosave at once.
  useEffect(() => {
    if (!endpoint) return;
    const onBlur = () => void autosaveNow();
    const onHidden = () => {
      if (document.visibilityState === "hidden") void autosaveNow({ keepalive: true });
    };
    window.addEventListener("blur", onBlur);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      window.removeEventListener("blur", onBlur);
      document.removeEventListener("visibilitychange", onHidden);
      // Leaving the page (the writer chose Leave): what was typed is still kept, to be offered back.
      void autosaveNow({ keepalive: true });
    };
  }, [endpoint, autosaveNow]);

  /**
   * After a real save (or a create): these values are the item's now; set before any navigation the save makes. The
   * save's new `version` counts at once, before the re-render that brings it: an autosave of what was typed meanwhile
   * carries it.
   */
  const markSaved = useCallback((savedValues: FormValues, version?: string) => {
    if (version !== undefined) latest.current = { ...latest.current, version };
    const text = comparable(latest.current.fields, savedValues);
    savedRef.current = text;
    autosavedRef.current = text;
    dirtyRef.current = nowRef.current !== text;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setSaved(text);
    setState({ kind: "clean" });
  }, []);

  return {
    state,
    dirty,
    dirtyRef,
    markSaved,
    saveStarting,
    saveSettled,
    /** The form lost focus to something outside it. */
    onFormBlur: (event: React.FocusEvent<HTMLFormElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) void autosaveNow();
    },
  };
}

/**
 * Asks before leaving while `dirtyRef.current` (read at the moment of leaving, so a save that navigates right after
 * it is never asked about): an in-app navigation to another page opens a confirm dialog; a reload or closing the tab
 * gets the browser's own question (`beforeunload`). `autosaved`: the message says the changes are kept as an autosave.
 */
export function useUnsavedChangesGuard(dirtyRef: React.RefObject<boolean>, dirty: boolean, autosaved: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty, dirtyRef]);

  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      title="Leave without saving?"
      message={
        autosaved
          ? "Your latest changes are kept as an autosave (this page offers them back when you return), but they are not saved to the item."
          : "Your changes are not saved. If you leave now, they are lost."
      }
      confirmLabel="Leave"
      confirmVariant="destructive"
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  );
}

/** The quiet status line under the form's buttons, read out politely by screen readers. */
export function AutosaveStatus({ state, dirty, timeZone }: { state: AutosaveState; dirty: boolean; timeZone: string }) {
  const text =
    state.kind === "saving"
      ? "Autosaving…"
      : state.kind === "autosaved"
        ? `Saved as autosave ${formatTimeOfDay(state.at, timeZone)}`
        : state.kind === "failed"
          ? `Unsaved changes: ${state.message}`
          : dirty
            ? "Unsaved changes"
            : "";
  return (
    <p role="status" aria-live="polite" className="min-h-5 text-sm text-muted-foreground" data-autosave={state.kind}>
      {text}
    </p>
  );
}

/**
 * An autosave newer than the item, offered back: Restore fills the form with it (nothing is saved or published until
 * the writer saves), Discard deletes it. An autosave typed over an older version says so: restoring it keeps that
 * version, so a save over the newer one is refused (409) with a link to what changed.
 */
export function AutosaveNotice({
  offer,
  currentVersion,
  endpoint,
  onRestore,
  timeZone,
}: {
  offer: AutosaveOffer;
  currentVersion: string;
  endpoint: string;
  /** The owner's zone (UTC until hydrated, so the server's HTML and the first render agree). */
  timeZone: string;
  onRestore: (offer: AutosaveOffer) => void;
}) {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  if (!open) return null;
  const older = offer.baseVersion !== currentVersion;
  return (
    <section
      aria-labelledby="autosave-notice-title"
      className="rounded-md border border-primary/40 bg-muted/40 p-4 text-sm"
      data-autosave-offer
    >
      <h2 id="autosave-notice-title" className="font-semibold">
        You have unsaved changes from {formatTimeOfDay(offer.savedAt, timeZone)}
      </h2>
      <p className="mt-1 text-muted-foreground">
        An autosave of this form is newer than the saved item.
        {older ? " It was typed over an older version: someone has saved the item since." : ""} Restoring fills the form; nothing is saved
        or published until you save.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button
          type="button"
          onClick={() => {
            onRestore(offer);
            setOpen(false);
          }}
        >
          Restore
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          aria-busy={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await sendJson("DELETE", endpoint);
              setOpen(false);
            } catch {
              setBusy(false);
            }
          }}
        >
          Discard
        </Button>
      </div>
    </section>
  );
}

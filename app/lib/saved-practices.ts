import { useCallback, useSyncExternalStore } from "react";
import type { OfflineOutcome } from "./offline-practices";

/**
 * Saved practices live in this browser only (visitors have no account): their ids here, and their pages and
 * recordings for offline use in the Cache API (app/lib/offline-practices.ts, listed on /saved).
 */
const STORAGE_KEY = "saved-practices";
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedIds: number[] = [];

function readIds(): number[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(STORAGE_KEY);
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      cachedIds = Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
    } catch {
      cachedIds = [];
    }
  }
  return cachedIds;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const EMPTY: number[] = [];

function write(id: number, keep: boolean) {
  const others = readIds().filter((x) => x !== id);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(keep ? [...others, id] : others));
  } catch {
    // Storage blocked: nothing to keep.
  }
  for (const listener of listeners) listener();
}

/** Whether practice `id` is saved, and `toggle`, which saves or removes it and tells what became of it (the caller shows it). */
export function useSavedPractice(id: number) {
  const ids = useSyncExternalStore(subscribe, readIds, () => EMPTY);
  const saved = ids.includes(id);
  const toggle = useCallback((): Promise<OfflineOutcome> => {
    const keep = !readIds().includes(id);
    // A removal shows at once; a save once the page and recording are kept (a save cut short is not a save).
    if (!keep) write(id, false);
    // The offline copy (docs/offline.md): its code loads on the first save, not with the page.
    return import("./offline-practices").then((offline) => offline.keepOffline(id, keep, () => write(id, true)));
  }, [id]);
  return { saved, toggle };
}

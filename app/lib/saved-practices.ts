import { useCallback, useSyncExternalStore } from "react";

/** Saved practices live in this browser only (visitors have no account). */
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

export function useSavedPractice(id: number) {
  const ids = useSyncExternalStore(subscribe, readIds, () => EMPTY);
  const saved = ids.includes(id);
  const toggle = useCallback(() => {
    const current = readIds();
    const next = current.includes(id) ? current.filter((x) => x !== id) : [...current, id];
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage blocked: nothing to keep.
    }
    for (const listener of listeners) listener();
  }, [id]);
  return { saved, toggle };
}

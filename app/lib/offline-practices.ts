/**
 * "Save for offline" (docs/offline.md): keeps a practice's page, its whole recording, and the scripts, styles and
 * images the page needs in the Cache API, where the service worker (app/service-worker.ts) answers from them
 * without a network. Loaded with import() when a visitor saves or removes a practice, and by /saved.
 */
import { SAVED_CACHE, SAVED_DETAILS_PREFIX, assetsNamedIn, mayStore, recordingNamedIn } from "./offline-rules";

export type SavedPractice = {
  id: number;
  title: string;
  pageUrl: string;
  audioUrl: string;
  /** The page and the recording, in bytes (the shared scripts are not counted: every saved practice uses them). */
  bytes: number;
  savedAt: string;
};

const pageUrlOf = (id: number) => `/practices/${id}`;
const detailsUrlOf = (id: number) => `${SAVED_DETAILS_PREFIX}${id}.json`;

async function fetchWhole(url: string) {
  const response = await fetch(url, { credentials: "omit" });
  if (!mayStore(response)) throw new Error(`${url} answered ${response.status}`);
  return response;
}

export async function savePracticeOffline(id: number): Promise<SavedPractice> {
  const cache = await caches.open(SAVED_CACHE);
  const pageUrl = pageUrlOf(id);
  const page = await fetchWhole(pageUrl);
  const html = await page.clone().text();
  const audioUrl = recordingNamedIn(html);
  if (!audioUrl) throw new Error("The practice has no recording.");
  // The whole file, not a range: offline, the worker cuts the player's ranges from it.
  const recording = await fetchWhole(audioUrl);
  const audioBytes = (await recording.clone().arrayBuffer()).byteLength;
  const doc = new DOMParser().parseFromString(html, "text/html");
  const images = [...doc.querySelectorAll("img[src^='/']")].map((img) => img.getAttribute("src") as string);
  // What this page loaded beyond its HTML (the player's controller, the font), and what its HTML names.
  const loaded = performance
    .getEntriesByType("resource")
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && /^\/(assets|fonts)\//.test(url.pathname))
    .map((url) => url.pathname);
  const files = new Set([...assetsNamedIn(html), ...images, ...loaded]);
  await Promise.all([...files].map((url) => cache.add(url).catch(() => undefined)));
  const details: SavedPractice = {
    id,
    title: doc.querySelector("h1")?.textContent?.trim() || `Practice ${id}`,
    pageUrl,
    audioUrl,
    bytes: audioBytes + html.length,
    savedAt: new Date().toISOString(),
  };
  await Promise.all([cache.put(pageUrl, page), cache.put(audioUrl, recording), cache.put(detailsUrlOf(id), Response.json(details))]);
  return details;
}

export async function removePracticeOffline(id: number) {
  const cache = await caches.open(SAVED_CACHE);
  const details = await savedPractice(cache, id);
  await Promise.all([cache.delete(pageUrlOf(id)), cache.delete(detailsUrlOf(id)), details && cache.delete(details.audioUrl)]);
  // The last one gone: the shared scripts and images go too.
  if ((await listSavedPractices()).length === 0) await caches.delete(SAVED_CACHE);
}

async function savedPractice(cache: Cache, id: number): Promise<SavedPractice | null> {
  const response = await cache.match(detailsUrlOf(id));
  return response ? ((await response.json()) as SavedPractice) : null;
}

/** Every practice this device saved, newest first. */
export async function listSavedPractices(): Promise<SavedPractice[]> {
  if (!(await caches.has(SAVED_CACHE))) return [];
  const cache = await caches.open(SAVED_CACHE);
  const keys = (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith(SAVED_DETAILS_PREFIX));
  const saved = await Promise.all(keys.map(async (request) => (await (await cache.match(request))?.json()) as SavedPractice));
  return saved.filter(Boolean).sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

export const formatMegabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** What became of a save or removal: a removal says nothing; a save, its size ("4.2 MB"), or why it failed. */
export type OfflineOutcome = { kept: "removed" } | { kept: "saved"; size: string } | { kept: "failed"; reason: string };

/**
 * Saves or removes as the visitor chose; `saved` runs once a save is complete. The caller tells the visitor (this
 * module imports no other chunk, so loading it needs no list of files to preload).
 */
export async function keepOffline(id: number, keep: boolean, saved: () => void): Promise<OfflineOutcome> {
  try {
    if (!keep) {
      await removePracticeOffline(id);
      return { kept: "removed" };
    }
    const details = await savePracticeOffline(id);
    saved();
    return { kept: "saved", size: formatMegabytes(details.bytes) };
  } catch (error) {
    if (!keep) return { kept: "removed" };
    await removePracticeOffline(id).catch(() => undefined);
    return { kept: "failed", reason: String((error as Error).message ?? error) };
  }
}

import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/saved";
import { SavePracticeButton } from "~/components/practice/save-practice-button";
import type { SavedPractice } from "~/lib/offline-practices";
import { pageTitle, siteNameFromMatches } from "~/lib/site";

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    { title: pageTitle("Saved Practices", siteNameFromMatches(matches)) },
    { name: "description", content: "The guided practices saved on this device, to play without a network." },
    { name: "robots", content: "noindex" },
  ];
}

type Listing = { state: "reading" } | { state: "ready"; practices: SavedPractice[] } | { state: "unavailable" };

/**
 * The practices this device saved for offline use. The server cannot know them: it sends this shell, and the
 * browser reads the list from the Cache API (app/lib/offline-practices.ts). The service worker keeps this page,
 * so it opens, and its practices play, without a network (docs/offline.md).
 */
export default function SavedPage() {
  const [listing, setListing] = useState<Listing>({ state: "reading" });
  const [offline, setOffline] = useState<typeof import("~/lib/offline-practices") | null>(null);
  useEffect(() => {
    if (typeof caches === "undefined") return setListing({ state: "unavailable" });
    import("~/lib/offline-practices").then(
      async (module) => {
        setOffline(module);
        setListing({ state: "ready", practices: await module.listSavedPractices() });
      },
      () => setListing({ state: "unavailable" }),
    );
  }, []);

  const total = listing.state === "ready" ? listing.practices.reduce((sum, p) => sum + p.bytes, 0) : 0;
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <h1 className="font-serif text-4xl font-semibold">Saved practices</h1>
      <p className="mt-4 text-muted-foreground">
        This page lists the practices saved on this device with "Save for offline": they open and play without a network. Nothing is kept on
        our server; clearing this site's data in the browser removes them.
      </p>
      <div className="mt-8" aria-live="polite">
        {listing.state === "reading" && <p className="text-muted-foreground">Reading what this device saved…</p>}
        {listing.state === "unavailable" && (
          <p className="text-muted-foreground">
            This browser cannot keep practices for offline use (it needs JavaScript and the Cache API).
          </p>
        )}
        {listing.state === "ready" && listing.practices.length === 0 && (
          <p className="text-muted-foreground">
            Nothing saved yet. Open a{" "}
            <Link to="/practices" className="text-primary underline underline-offset-4">
              practice
            </Link>{" "}
            and choose "Save for offline".
          </p>
        )}
        {listing.state === "ready" && listing.practices.length > 0 && (
          <>
            <p className="text-muted-foreground" data-testid="saved-total">
              {listing.practices.length} saved, {offline?.formatMegabytes(total)} on this device.
            </p>
            <ul className="mt-4 divide-y divide-border rounded-md border border-border" data-testid="saved-list">
              {listing.practices.map((practice) => (
                <li key={practice.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div>
                    {/* A document load: the service worker answers it offline (a client navigation would need the network). */}
                    <Link to={practice.pageUrl} reloadDocument className="font-medium text-primary underline underline-offset-4">
                      {practice.title}
                    </Link>
                    <p className="text-sm text-muted-foreground">
                      {offline?.formatMegabytes(practice.bytes)}, saved {new Date(practice.savedAt).toLocaleDateString()}
                    </p>
                  </div>
                  {/* The practice page's own button: "Remove" here removes it there too (and may save it again). */}
                  <SavePracticeButton practiceId={practice.id} title={practice.title} withLabel />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

import { Link } from "react-router";
import type { Route } from "./+types/offline";
import { pageTitle, siteNameFromMatches } from "~/lib/site";

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle("Offline", siteNameFromMatches(matches)) }, { name: "robots", content: "noindex" }];
}

/**
 * What the service worker (app/service-worker.ts) shows for a page it has not kept when there is no network.
 * It is an ordinary page online; links are plain document loads, which the worker can answer offline.
 */
export default function OfflinePage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 sm:px-6">
      <h1 className="font-serif text-3xl font-semibold">You are offline</h1>
      <p className="mt-4 text-muted-foreground">This page has not been kept on this device, so it cannot be shown without a network.</p>
      <p className="mt-4 text-muted-foreground">Without a network you can still open:</p>
      <ul className="mt-2 list-disc space-y-2 pl-6 text-muted-foreground">
        <li>
          the practices you saved for offline, with their recordings:{" "}
          <Link to="/saved" reloadDocument className="text-primary underline underline-offset-4">
            Saved practices
          </Link>
          ;
        </li>
        <li>the articles and pages you opened on this device before.</li>
      </ul>
      <p className="mt-4 text-muted-foreground">Everything else comes back when the network does.</p>
    </section>
  );
}

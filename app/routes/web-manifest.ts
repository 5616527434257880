import type { Route } from "./+types/web-manifest";
import { getDb } from "~/server/core/db.server";
import { siteSettings } from "~/server/site/site.server";
import { webManifest } from "~/server/site/web-manifest.server";

/** GET /manifest.webmanifest (app/server/site/web-manifest.server.ts). */
export async function loader(_: Route.LoaderArgs) {
  const { name } = await siteSettings(getDb());
  return new Response(JSON.stringify(webManifest(name)), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

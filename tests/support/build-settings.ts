/** What every test's ServerBuild shares; light, so that tests outside the app's route modules can use it too. */
import type { ServerBuild } from "react-router";

/** A ServerBuild of the given entry, routes, assets and route discovery, with the settings of a plain SSR build. */
export function testServerBuild(parts: { entry: unknown; routes: unknown; assets: unknown; routeDiscovery: unknown }): ServerBuild {
  return {
    ...parts,
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
  } as unknown as ServerBuild;
}

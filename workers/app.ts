import { createRequestHandler } from "react-router";
import { serveAssetWithRanges } from "./ranged-assets";

const handleRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/audio/")) return serveAssetWithRanges(request, env.ASSETS);
    return handleRequest(request);
  },
} satisfies ExportedHandler<Env>;

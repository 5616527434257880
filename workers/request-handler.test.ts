import { RouterContextProvider, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { testServerBuild } from "../tests/support/build-settings";
import { serverBuildHandler } from "./request-handler";

/** The smallest build React Router serves: one resource route that answers the path it was asked for. */
function fakeBuild(): ServerBuild {
  const loader = ({ request }: { request: Request }) => new Response(new URL(request.url).pathname);
  return testServerBuild({
    entry: { module: { default: () => new Response("document") } },
    routes: { root: { id: "root", path: "", module: {} }, echo: { id: "echo", parentId: "root", path: "echo/*", module: { loader } } },
    assets: { version: "v1", url: "/manifest.js", entry: { module: "/entry.js", imports: [] }, routes: {} },
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  });
}

function counted() {
  const calls = { count: 0 };
  const load = async () => {
    calls.count++;
    return fakeBuild();
  };
  return { calls, load };
}

const ask = async (handle: ReturnType<typeof serverBuildHandler>["handle"], path: string) =>
  (await handle(new Request(`http://localhost${path}`), new RouterContextProvider())).text();

describe("serverBuildHandler", () => {
  it("loads the build once per isolate in built code, however many requests and cache lookups ask for it", async () => {
    const { calls, load } = counted();
    const server = serverBuildHandler(load, "production", false);
    expect(await ask(server.handle, "/echo/a")).toBe("/echo/a");
    expect(await ask(server.handle, "/echo/b")).toBe("/echo/b");
    expect((await server.build()).assets.version).toBe("v1");
    expect(calls.count).toBe(1);
  });

  it("loads it again on every request on the dev server, where the code changes under it", async () => {
    const { calls, load } = counted();
    const server = serverBuildHandler(load, "development", true);
    await ask(server.handle, "/echo/a");
    await ask(server.handle, "/echo/b");
    expect(calls.count).toBe(2);
  });

  it("tries again after a failed load", async () => {
    let fail = true;
    const server = serverBuildHandler(
      async () => {
        if (fail) throw new Error("not yet");
        return fakeBuild();
      },
      "production",
      false,
    );
    await expect(ask(server.handle, "/echo/a")).rejects.toThrow("not yet");
    fail = false;
    expect(await ask(server.handle, "/echo/a")).toBe("/echo/a");
  });
});

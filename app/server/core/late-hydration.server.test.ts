import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hydrateAfterLoad, rewriteForLateHydration, startModuleAfterLoad } from "./late-hydration.server";

/** The shape React Router and React write: preloads hoisted into <head>, the module script near the end. */
const moduleCode = 'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-A.js";\nimport("/assets/entry.client-B.js");';
const documentHtml =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-B.js" nonce="abc"/>' +
  '<link rel="modulepreload" href="/assets/root-A.js" nonce="abc"/>' +
  '<link nonce="abc" rel="stylesheet" href="/assets/root.css"/></head><body><main><h1>Articles</h1></main>' +
  '<script nonce="abc">window.__reactRouterContext = {};</script>' +
  `<script nonce="abc" type="module" async="">${moduleCode}</script>` +
  '<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>';

const expected =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link nonce="abc" rel="stylesheet" href="/assets/root.css"/></head><body><main><h1>Articles</h1></main>' +
  '<script nonce="abc">window.__reactRouterContext = {};</script>' +
  `<script nonce="abc">${startModuleAfterLoad(["/assets/entry.client-B.js", "/assets/root-A.js"], moduleCode)}</script>` +
  '<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>';

function rewriteInChunks(chunks: string[]) {
  const preloads: string[] = [];
  let pending = "";
  let out = "";
  for (const chunk of chunks) {
    const { ready, rest } = rewriteForLateHydration(pending + chunk, preloads);
    out += ready;
    pending = rest;
  }
  return out + rewriteForLateHydration(pending, preloads, true).ready;
}

describe("late hydration", () => {
  it("drops the modulepreload links and makes the module script a classic one that starts it after load", () => {
    expect(rewriteInChunks([documentHtml])).toBe(expected);
    expect(expected).not.toMatch(/<link[^>]*modulepreload/);
    expect(expected).not.toMatch(/<script[^>]*type="module"/);
  });

  it("gives the same document however the stream is cut", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: documentHtml.length - 1 }), { maxLength: 12 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), documentHtml.length];
        const chunks = points.slice(1).map((end, i) => documentHtml.slice(points[i], end));
        expect(rewriteInChunks(chunks)).toBe(expected);
      }),
    );
  });

  it("holds back only an unfinished tag: the shell goes out before the rest arrives", () => {
    const shell = documentHtml.slice(0, documentHtml.indexOf("<h1>") + 6);
    const { ready, rest } = rewriteForLateHydration(shell, []);
    expect(ready).toContain("<main><h1>Ar");
    expect(rest).toBe("");
    expect(rewriteForLateHydration("<p>Hello</p><lin", []).rest).toBe("<lin");
  });

  it("the starter script adds the preloads and the module script with its own nonce, after load", () => {
    const starter = startModuleAfterLoad(["/assets/a.js"], 'import "/x.js"; // </script>');
    expect(starter).toContain('["/assets/a.js"]');
    expect(starter).toContain("s.nonce=n");
    expect(starter).toContain('addEventListener("load"');
    expect(starter).not.toContain("</script>");
  });

  it("streams bytes, multibyte characters split across chunks included", async () => {
    const encoded = new TextEncoder().encode(documentHtml.replace("Articles", "Ἀρετή — virtue"));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < encoded.length; i += 7) controller.enqueue(encoded.slice(i, i + 7));
        controller.close();
      },
    });
    expect(await new Response(hydrateAfterLoad(body)).text()).toBe(expected.replace("Articles", "Ἀρετή — virtue"));
  });
});

describe("late hydration, past the module script", () => {
  it("passes the rest of the document through untouched, byte for byte, without decoding it again", async () => {
    const encoder = new TextEncoder();
    const cut = documentHtml.indexOf('<script nonce="abc">window.__reactRouterContext.streamController');
    const head = encoder.encode(documentHtml.slice(0, cut));
    const tail = [encoder.encode(documentHtml.slice(cut, cut + 20)), encoder.encode(documentHtml.slice(cut + 20))];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of [head, ...tail]) controller.enqueue(chunk);
        controller.close();
      },
    });
    const out: Uint8Array[] = [];
    const reader = hydrateAfterLoad(body).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) out.push(read.value);
    // The very chunks that came in, not copies made by decoding and encoding them.
    expect(out.slice(-2)).toHaveLength(2);
    expect(out.at(-2)).toBe(tail[0]);
    expect(out.at(-1)).toBe(tail[1]);
    expect(new TextDecoder().decode(new Uint8Array(out.flatMap((chunk) => [...chunk])))).toBe(expected);
  });
});

describe("the starter script", () => {
  it("carries React Router's route manifest as compact JSON, with the same content", () => {
    const manifest = { entry: { module: "/assets/entry.client-B.js", imports: ["/assets/a.js"] }, routes: { root: { id: "root" } } };
    const code = `import * as route0 from "/assets/root-A.js";\n  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n  import("/x.js");`;
    const starter = startModuleAfterLoad([], code);
    const compact = `window.__reactRouterManifest = ${JSON.stringify(manifest)};\n`;
    expect(starter).toContain(JSON.stringify(compact).slice(1, -1));
    expect(startModuleAfterLoad([], "window.__reactRouterManifest = {not json};\n")).toContain("{not json}");
  });
});

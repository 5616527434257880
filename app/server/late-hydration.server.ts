/**
 * Hydration after the page has loaded. Every page is whole and usable before React hydrates it (real
 * links, forms that post), so on a slow phone its ~120 KB of scripts should not compete with the
 * stylesheet, the font and the hero image that paint it.
 *
 * The document stream is rewritten as it passes: React Router's `modulepreload` links leave <head>, and
 * its inline module script (which imports the route modules and the client entry) becomes a classic one
 * that, one task after the window's `load` event, adds the same preloads (the files still download in
 * parallel) and the same module script with its own nonce. Nothing is held back but an unfinished tag,
 * so the shell still goes out before slow data. (Workers' HTMLRewriter would hold the stream instead.)
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script([^>]*?) type="module"(?: async="")?>([\s\S]*?)<\/script>/g;

/** The classic script that adds the preloads and the module script (with this script's nonce) after load. */
export function startModuleAfterLoad(preloads: readonly string[], moduleCode: string) {
  const json = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");
  return (
    `(function(){var n=document.currentScript.nonce;function start(){` +
    `${json(preloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});` +
    `var s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=${json(moduleCode)};document.head.appendChild(s)}` +
    `if(document.readyState==="complete")start();else addEventListener("load",function(){setTimeout(start)},{once:true})})();`
  );
}

/**
 * Rewrites what has arrived of the document. Returns the text that may go out now and the rest, an
 * unfinished tag or module script, to be joined with the next chunk. `preloads` collects the removed
 * links' hrefs across calls (they come before the module script).
 */
export function rewriteForLateHydration(text: string, preloads: string[], final = false) {
  const rewritten = text
    .replace(MODULE_PRELOAD, (_link, href: string) => {
      preloads.push(href.replaceAll("&amp;", "&"));
      return "";
    })
    .replace(
      MODULE_SCRIPT,
      (_script, attributes: string, code: string) => `<script${attributes}>${startModuleAfterLoad(preloads, code)}</script>`,
    );
  if (final) return { ready: rewritten, rest: "" };
  let hold = rewritten.length;
  const lastScript = rewritten.lastIndexOf("<script");
  if (lastScript !== -1 && !rewritten.includes("</script>", lastScript)) hold = lastScript;
  const lastTag = rewritten.lastIndexOf("<");
  if (lastTag !== -1 && !rewritten.includes(">", lastTag)) hold = Math.min(hold, lastTag);
  return { ready: rewritten.slice(0, hold), rest: rewritten.slice(hold) };
}

/** The document's byte stream, rewritten for late hydration chunk by chunk. */
export function hydrateAfterLoad(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const preloads: string[] = [];
  let pending = "";
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const { ready, rest } = rewriteForLateHydration(pending + decoder.decode(chunk, { stream: true }), preloads);
        pending = rest;
        if (ready) controller.enqueue(encoder.encode(ready));
      },
      flush(controller) {
        const { ready } = rewriteForLateHydration(pending + decoder.decode(), preloads, true);
        if (ready) controller.enqueue(encoder.encode(ready));
      },
    }),
  );
}

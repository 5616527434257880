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
    `var s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=${json(compactManifest(moduleCode))};document.head.appendChild(s)}` +
    `if(document.readyState==="complete")start();else addEventListener("load",function(){setTimeout(start)},{once:true})})();`
  );
}

const MANIFEST = /(window\.__reactRouterManifest = )(\{[\s\S]*?\});\n/;

/** React Router writes the route manifest as indented JSON (about 600 bytes of spaces a page): written compact. */
function compactManifest(moduleCode: string) {
  return moduleCode.replace(MANIFEST, (whole, assignment: string, manifest: string) => {
    try {
      return `${assignment}${JSON.stringify(JSON.parse(manifest))};\n`;
    } catch {
      return whole;
    }
  });
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

/**
 * The document's byte stream, rewritten for late hydration chunk by chunk until the module script has gone
 * by; from there on the chunks pass through as they came, never decoded. root.tsx writes React Router's
 * scripts at the top of <body> in built pages, so that point is a few kilobytes in, not at the document's end.
 */
export function hydrateAfterLoad(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const preloads: string[] = [];
  let pending = "";
  let started = false;
  let passThrough = false;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (passThrough) {
          controller.enqueue(chunk);
          return;
        }
        const text = pending + decoder.decode(chunk, { stream: true });
        const { ready, rest } = rewriteForLateHydration(text, preloads);
        pending = rest;
        if (ready) controller.enqueue(encoder.encode(ready));
        // Past the module script, with nothing held back (no unfinished tag, no partial character): done.
        started ||= ready.includes(STARTER_MARK);
        passThrough = started && rest === "" && endsOnCharacter(chunk);
      },
      flush(controller) {
        if (passThrough) return;
        const { ready } = rewriteForLateHydration(pending + decoder.decode(), preloads, true);
        if (ready) controller.enqueue(encoder.encode(ready));
      },
    }),
  );
}

/** Text only the starter script written for the module script contains. */
const STARTER_MARK = 'addEventListener("load",function(){setTimeout(start)}';

/** Whether a chunk ends on a whole UTF-8 character (the decoder then holds nothing back). */
function endsOnCharacter(bytes: Uint8Array) {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back] ?? 0;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    const length = byte < 0x80 ? 1 : byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    return length <= back;
  }
  return bytes.length === 0;
}

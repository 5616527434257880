import { useNonce } from "~/lib/nonce";

/**
 * JSON for a <script>: `<` is written as \u003c, so content holding "</script>" or "<!--" cannot end
 * the element early (JSON parsers read the escape back as "<").
 */
export function serializeJsonLd(data: unknown) {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}

/** A schema.org JSON-LD block. It carries the CSP nonce like every other script on the page. */
export function JsonLd({ data }: { data: object }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // The browser hides nonce attributes from scripts, and there is no nonce on the client at all.
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD must be the script's text; serializeJsonLd escapes "<" so it cannot close the element
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}

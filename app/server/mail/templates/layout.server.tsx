/**
 * The pieces every e-mail is made of: one layout, its inline styles (mail clients drop <style> and external CSS), a
 * heading, paragraphs, a button, the details box, and the plain-text part's helpers. Server-only: nothing in
 * app/components imports these, and these import nothing from there.
 *
 * Rendered with React's own `renderToStaticMarkup` (react-dom/server, already in the Worker for the pages). React
 * escapes every text and attribute, so an admin-entered course title can never become markup.
 */
import type { CSSProperties, ReactElement, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export type RenderedEmail = { subject: string; text: string; html: string };

const FONT_FAMILY = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
export const ACCENT = "#3f5a4c";

export const styles = {
  p: { margin: "0 0 16px", fontFamily: FONT_FAMILY, fontSize: 16, lineHeight: 1.5, color: "#1f2937" },
  small: { margin: "0 0 12px", fontFamily: FONT_FAMILY, fontSize: 14, lineHeight: 1.5, color: "#4b5563" },
  h1: { margin: "0 0 16px", fontFamily: FONT_FAMILY, fontSize: 22, lineHeight: 1.3, color: "#111827" },
  link: { color: ACCENT },
  bodyLink: { color: ACCENT, textDecoration: "underline" },
  li: { fontFamily: FONT_FAMILY, fontSize: 16, lineHeight: 1.5, color: "#1f2937" },
  list: { margin: "0 0 16px", paddingLeft: 20, fontFamily: FONT_FAMILY, fontSize: 16, lineHeight: 1.5, color: "#1f2937" },
  font: { fontFamily: FONT_FAMILY },
  rule: { margin: "32px 0 16px", border: 0, borderTop: "1px solid #e5e1d8" },
} satisfies Record<string, CSSProperties>;

/** A subject is one header line: a line break in a title must not start another header. */
export function oneLine(value: string) {
  return value.replace(/[\r\n\t]+/g, " ").trim();
}

/** Links in our e-mails are built by our code; anything but http(s) is a bug, not something to send. */
export function httpUrl(url: string) {
  if (!/^https?:\/\//i.test(url)) throw new Error(`E-mail links must be absolute http(s) URLs, got "${url}".`);
  return url;
}

/** "the Stoa Weekly newsletter", but "The Examined Life newsletter": a name that starts with "The" takes no second one. */
export function theNewsletter(siteName: string) {
  const name = siteName.trim();
  return /^the\s/i.test(name) ? `${name} newsletter` : `the ${name} newsletter`;
}

/**
 * The one layout: the document, the white card and the site's name (from Settings) above the message. Rendered once per
 * e-mail; `data-email-layout` lets the rules test count it.
 */
export function EmailLayout({ siteName, title, children }: { siteName: string; title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: "24px 12px", background: "#f5f3ef" }}>
        <div
          data-email-layout=""
          style={{
            maxWidth: 560,
            margin: "0 auto",
            padding: "32px 28px",
            background: "#ffffff",
            borderRadius: 8,
            border: "1px solid #e5e1d8",
          }}
        >
          <p
            style={{
              margin: "0 0 24px",
              fontFamily: FONT_FAMILY,
              fontSize: 14,
              fontWeight: 600,
              letterSpacing: ".04em",
              textTransform: "uppercase",
              color: ACCENT,
            }}
          >
            {siteName}
          </p>
          {children}
        </div>
      </body>
    </html>
  );
}

/** An e-mail's HTML: the doctype, then the element tree as static markup (no React attributes, no hydration comments). */
export function renderHtml(element: ReactElement) {
  return `<!doctype html>\n${renderToStaticMarkup(element)}`;
}

export function Heading({ children }: { children: ReactNode }) {
  return <h1 style={styles.h1}>{children}</h1>;
}

export function Paragraph({ children, small = false }: { children: ReactNode; small?: boolean }) {
  return <p style={small ? styles.small : styles.p}>{children}</p>;
}

/** A link in running text (http(s) or mailto, checked). */
export function MailLink({ href, children }: { href: string; children?: ReactNode }) {
  const checked = href.startsWith("mailto:") ? href : httpUrl(href);
  return (
    <a href={checked} style={styles.link}>
      {children ?? href}
    </a>
  );
}

export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: "24px 0" }}>
      <a
        href={httpUrl(href)}
        style={{
          display: "inline-block",
          padding: "12px 24px",
          borderRadius: 6,
          background: ACCENT,
          color: "#ffffff",
          textDecoration: "none",
          fontWeight: 600,
          fontFamily: FONT_FAMILY,
          fontSize: 16,
        }}
      >
        {children}
      </a>
    </p>
  );
}

/** Under an e-mail's button, its address to copy for a mail reader that does not show buttons. */
export function FallbackLink({ url }: { url: string }) {
  return (
    <p style={{ ...styles.small, wordBreak: "break-all" }}>{`If the button does not work, copy this address into your browser: ${url}`}</p>
  );
}

export type Details = [label: string, value: string][];

/** The label–value lines of a receipt or refund in a shaded box (the receipt's sits closer to the button below it). */
export function DetailsBox({ details, marginBottom = 16 }: { details: Details; marginBottom?: number }) {
  return (
    <div style={{ margin: `0 0 ${marginBottom}px`, padding: 16, borderRadius: 6, background: "#f9f8f5" }}>
      {details.map(([label, value]) => (
        <p key={label} style={{ margin: "0 0 8px", fontFamily: FONT_FAMILY, fontSize: 15, lineHeight: 1.5, color: "#1f2937" }}>
          <span style={{ display: "inline-block", minWidth: 140, color: "#6b7280" }}>{label}</span> <strong>{value}</strong>
        </p>
      ))}
    </div>
  );
}

/** The same lines in the plain-text part. */
export function detailLines(details: Details) {
  return details.map(([label, value]) => `${label}: ${value}`);
}

/**
 * An e-mail's plain-text part: its sections (a line, or lines that belong together) with a blank line between them, and
 * the site's name to sign it. A section that is `false` or empty is left out.
 */
export function plainText(siteName: string, ...sections: (string | readonly string[] | false)[]) {
  const kept = sections.map((section) => (typeof section === "string" ? [section] : section || [])).filter((lines) => lines.length);
  return [...kept.flatMap((lines) => [...lines, ""]), siteName, ""].join("\n");
}

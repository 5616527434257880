import { describe, expect, it } from "vitest";
import { NEWSLETTER_LINK_PAGE_HEADERS } from "../newsletter/pages.server";
import { contentSecurityPolicy, createNonce, withSecurityHeaders } from "./security-headers.server";

describe("security headers", () => {
  it("nonces are 18 random bytes in base64url, a new one every time", () => {
    const nonces = new Set(Array.from({ length: 2000 }, () => createNonce()));
    expect(nonces.size).toBe(2000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // Decoded, each is 18 bytes; and the characters at the start, middle and end each take most of the 64 values
    // over 2,000 nonces (random, not a counter or a fixed prefix).
    expect(atob(createNonce().replaceAll("-", "+").replaceAll("_", "/"))).toHaveLength(18);
    for (const position of [0, 11, 23]) expect(new Set([...nonces].map((nonce) => nonce[position])).size).toBeGreaterThan(60);
  });

  it("the CSP allows scripts from self and the nonce only, and Stripe only on the enrol page", () => {
    const csp = contentSecurityPolicy("abc", "/articles/1");
    expect(csp).toContain("script-src 'self' 'nonce-abc';");
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"]) expect(csp).toContain(directive);
    expect(csp).not.toContain("stripe");
    expect(csp).not.toContain("unsafe-eval");
    const enroll = contentSecurityPolicy("abc", "/courses/1/enroll");
    expect(enroll).toContain("https://js.stripe.com");
    expect(enroll).toContain("connect-src 'self' https://api.stripe.com");
  });

  it("adds the headers to every response and the CSP to HTML", async () => {
    const html = withSecurityHeaders(new Response("<p>x</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } }), {
      nonce: "n",
      pathname: "/",
    });
    for (const name of [
      "Strict-Transport-Security",
      "X-Content-Type-Options",
      "Referrer-Policy",
      "Permissions-Policy",
      "Content-Security-Policy",
    ]) {
      expect(html.headers.get(name), name).toBeTruthy();
    }
    expect(html.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(await html.text()).toBe("<p>x</p>");
    const json = withSecurityHeaders(Response.json({ ok: true }, { status: 201 }), { nonce: "n", pathname: "/api/x" });
    expect(json.status).toBe(201);
    expect(json.headers.get("Content-Security-Policy")).toBeNull();
    expect(json.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("keeps a Referrer-Policy the route chose (the access-link redirect's no-referrer); everything else gets the site's", () => {
    const redirect = new Response(null, { status: 302, headers: { Location: "/courses/1/learn", "Referrer-Policy": "no-referrer" } });
    expect(withSecurityHeaders(redirect, { nonce: "n", pathname: "/learn/access/x" }).headers.get("Referrer-Policy")).toBe("no-referrer");
    const plain = withSecurityHeaders(new Response(null, { status: 302, headers: { Location: "/" } }), { nonce: "n", pathname: "/learn" });
    expect(plain.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(plain.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("a page whose button posts to itself never chooses no-referrer: under it the browser's same-origin POST says Origin: null", () => {
    // The newsletter's confirm and unsubscribe pages carry a token in their URL and a same-origin form (the button).
    expect(NEWSLETTER_LINK_PAGE_HEADERS["Referrer-Policy"]).toBe("same-origin");
    const page = new Response("<form method=post></form>", { headers: { ...NEWSLETTER_LINK_PAGE_HEADERS, "Content-Type": "text/html" } });
    expect(withSecurityHeaders(page, { nonce: "n", pathname: "/newsletter/confirm/x" }).headers.get("Referrer-Policy")).toBe("same-origin");
  });

  it("adds them in place when the response's headers can change (no copy per request), to a copy when they cannot", async () => {
    const rendered = new Response("<p>x</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
    expect(withSecurityHeaders(rendered, { nonce: "n", pathname: "/" })).toBe(rendered);
    expect(rendered.headers.get("Content-Security-Policy")).toContain("'nonce-n'");

    // The Cache API's answers (as a fetch's, or a static asset's) have headers that cannot change.
    const cache = await caches.open(`security-headers-${crypto.randomUUID()}`);
    const page = new Response("<p>y</p>", { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "max-age=60" } });
    await cache.put("http://localhost/y", page);
    const immutable = await cache.match("http://localhost/y");
    if (!immutable) throw new Error("the test page was not stored");
    const secured = withSecurityHeaders(immutable, { nonce: "m", pathname: "/" });
    expect(secured).not.toBe(immutable);
    expect(secured.headers.get("Content-Security-Policy")).toContain("'nonce-m'");
    expect(await secured.text()).toBe("<p>y</p>");
  });
});

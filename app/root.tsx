import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { Toaster } from "./components/layout/toaster";
import { NotFoundPanel } from "./components/layout/not-found-panel";
import { skeletonForPath } from "./components/layout/pending-skeleton";
import { useNonce } from "./lib/nonce";
import { THEME_COLOR, themeBootScript } from "./lib/theme";
import { landingBootScript } from "./lib/landing";
import { DEFAULT_SITE_NAME, pageTitle } from "./lib/site";
import { siteUrl } from "./server/site/seo.server";
import { getDb } from "./server/core/db.server";
import { siteSettings } from "./server/site/site.server";
import { footerCategories } from "./server/content/content.server";
import { routeGuardMiddleware } from "./server/admin/guard.server";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
  { rel: "alternate", type: "application/rss+xml", title: `${DEFAULT_SITE_NAME}: Articles`, href: "/articles/rss.xml" },
  // The basic half of the serif (app/fonts.css); the latin-1 half is fetched only where a page needs it.
  { rel: "preload", href: "/fonts/examined-serif-basic.woff2", as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/**
 * Before any loader or action: the route's policy (app/site-routes.ts), enforced by the route guard (who may read and
 * write, from the request's identity), and its headers on the answer (docs/architecture.md, "How a request finds its policy").
 */
export const middleware: Route.MiddlewareFunction[] = [routeGuardMiddleware];

export async function loader({ request }: Route.LoaderArgs) {
  // The settings edited in /admin/settings over the vars. Absolute URLs (canonical, Open Graph, JSON-LD) use SITE_URL,
  // or this request's origin without one.
  // The footer's category links come with it (kept in isolate memory per content version, so a category's edit shows at once).
  const db = getDb();
  const [settings, categories] = await Promise.all([siteSettings(db), footerCategories(db)]);
  return { site: { ...settings, url: siteUrl(request) }, categories };
}

/** The title of the error pages (the root boundary shows them; pages have their own meta). */
export function meta({ error, loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const site = loaderData?.site.name ?? DEFAULT_SITE_NAME;
  if (!error) return [{ title: site }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: pageTitle(notFound ? "Page Not Found" : "Something went wrong", site) }, { name: "robots", content: "noindex" }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        {/* The document's one inline script: the theme, then the tab's landing source (app/lib/landing.ts). The landing half
            is in the server's HTML only, so no JavaScript bundle carries it: hydration keeps the server's script as it is
            (an inline script runs once, when the HTML is parsed, and React does not rewrite a hydrated element's HTML). */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the boot script is a constant of the site's own code, run before paint
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? themeBootScript + landingBootScript : themeBootScript }}
        />
        <Meta />
        <Links />
        {/* Streamed sections are swapped in by script: without it, show them (at the page's end) instead of skeletons. */}
        <noscript>
          <style>{'[data-testid="skeleton"]{display:none!important}div[hidden][id^="S:"]{display:block!important}'}</style>
        </noscript>
      </head>
      <body className="min-h-screen flex flex-col">
        {/* Built pages start their scripts after load (server/late-hydration.server.ts), so they may come first: the
            stream rewrite is then done a few kilobytes in. The dev server's module script runs at once: it stays last. */}
        {import.meta.env.DEV ? null : <Scripts nonce={nonce} />}
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
        >
          Skip to content
        </a>
        {children}
        <HydrationMarker />
        <ScrollRestoration nonce={nonce} />
        {import.meta.env.DEV ? <Scripts nonce={nonce} /> : null}
      </body>
    </html>
  );
}

/**
 * Marks <html data-hydrated> once React runs, on normal and error pages alike (tests wait for it), and registers the
 * service worker (docs/offline.md), named after this build so that a new build installs a new worker: built pages
 * hydrate after `load`, so this is after `load` too.
 */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    const build = (window as { __reactRouterManifest?: { version: string } }).__reactRouterManifest?.version;
    if (!import.meta.env.DEV && "serviceWorker" in navigator) navigator.serviceWorker.register(`/sw.js?build=${build}`).catch(() => {});
  }, []);
  return null;
}

/** Room above the footer, except after a full-width band (the newsletter), which meets the footer edge to edge. */
const MAIN_CLASS = "flex-1 pb-16 has-[>[data-full-bleed]:last-child]:pb-0";

export default function App() {
  const navigation = useNavigation();
  const location = useLocation();
  const pendingPath =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname ? navigation.location.pathname : null;
  const skeleton = pendingPath ? skeletonForPath(pendingPath) : null;
  return (
    <>
      <SiteHeader />
      <main id="main" className={MAIN_CLASS} tabIndex={-1}>
        {skeleton ?? <Outlet />}
      </main>
      <SiteFooter />
      <Toaster visibleToasts={1} position="bottom-right" closeButton richColors />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // An admin page the account's role may not use (app/server/admin/guard.server.ts answers 403 with a message).
  const refused = isRouteErrorResponse(error) && error.status === 403;
  // A limit reached on a page's loader (a discount link tried too often) says so, with its message.
  const limited = isRouteErrorResponse(error) && error.status === 429;
  if (!notFound && !refused && !limited) console.error(error);
  return (
    <>
      <SiteHeader />
      <main id="main" className={MAIN_CLASS} tabIndex={-1}>
        {notFound ? (
          <NotFoundPanel />
        ) : (
          <section className="mx-auto max-w-2xl px-4 py-24 text-center">
            <h1 className="font-serif text-3xl font-semibold">
              {refused ? "Not available to your account" : limited ? "Please wait a little" : "Something went wrong"}
            </h1>
            <p className="mt-4 text-muted-foreground">
              {refused || limited ? error.data?.message : "The page could not be shown. Please try again in a moment."}
            </p>
          </section>
        )}
      </main>
      <SiteFooter />
    </>
  );
}

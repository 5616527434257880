/**
 * Every URL of the site and of its API, in one list: the module React Router runs for it, and its policy (see
 * app/lib/route-policy.ts): how it may be cached, whether it is indexed, who may read it and write to it, and whether
 * the service worker may keep it offline. app/routes.ts registers these routes with React Router, unchanged; the Worker's
 * page cache, the route guard, robots.txt, the service worker and the tests all read the policies from here
 * (docs/architecture.md, "How a request finds its policy"). app/route-policy.test.ts fails on a route without one,
 * and on a consumer that disagrees with it.
 */
import { CONTENT_TYPE_KEYS, CONTENT_TYPE_NAMES, type ContentTypeKey, hasPreview, PREVIEW_TYPES } from "./lib/content-types";
import {
  compileRoutes,
  index,
  layout,
  prefix,
  route,
  type AdminRole,
  type ItemAccess,
  type RoutePolicy,
  type SiteRoute,
} from "./lib/route-policy";

const EDITORS: readonly AdminRole[] = ["owner", "editor"];
const OWNER: readonly AdminRole[] = ["owner"];
/** Everyone who signs in: contributors too (their own drafts of the types with drafts: `WRITTEN_BY`). */
const WRITERS: readonly AdminRole[] = ["owner", "editor", "contributor"];

/**
 * Items (docs/admin.md, "Accounts and roles"): editors change anyone's and publish; a contributor reaches only what
 * they created, and only saves drafts and submits them for review. Deleting is the owner's, and an editor's for what
 * they created themselves; authors are a shared list, which editors keep as before.
 */
const ITEMS: ItemAccess = { others: EDITORS, publish: EDITORS, deleteOwn: EDITORS, deleteAny: OWNER };
const AUTHOR_ITEMS: ItemAccess = { ...ITEMS, deleteAny: EDITORS };
/** Who may write a type: the types with drafts (articles, practices, courses) are contributors' too. */
const writtenBy = (key: ContentTypeKey) => (hasPreview(key) ? WRITERS : EDITORS);

/** A page the same for every visitor: kept by the page cache, indexed, kept offline. */
const PUBLIC: RoutePolicy = { cache: "public", robots: "index", read: "anyone", write: "nobody", offline: true };
/** Anyone's, but no cache of ours keeps it. */
const UNCACHED: RoutePolicy = { cache: "public-uncached", robots: "index", read: "anyone", write: "nobody", offline: true };
/** One visitor's own page (a token in its URL, a session, a payment): never shared, never indexed, never kept offline. */
const PRIVATE: RoutePolicy = { cache: "private", robots: "noindex", read: "anyone", write: "nobody", offline: false };
/** A learner's own pages: the page checks the session owns the course. */
const LEARNER: RoutePolicy = { ...PRIVATE, read: "learner" };
/** The admin area and sign-in: private, and kept out of robots.txt. */
const ADMIN: RoutePolicy = { cache: "private", robots: "disallow", read: EDITORS, write: "nobody", offline: false };
const OWNER_ONLY: RoutePolicy = { ...ADMIN, read: OWNER };
/** The JSON API: never crawled, never kept offline; the public GETs are cached. */
const PUBLIC_API: RoutePolicy = { cache: "public", robots: "disallow", read: "anyone", write: "nobody", offline: false };
const UNCACHED_API: RoutePolicy = { ...PUBLIC_API, cache: "public-uncached" };

/** The same policy, with writes allowed to `write`. */
const writes = (policy: RoutePolicy, write: RoutePolicy["write"]): RoutePolicy => ({ ...policy, write });
/** The same policy, with the query parameters the page reads (kept in the page cache's key). */
const reads = (policy: RoutePolicy, ...query: string[]): RoutePolicy => ({ ...policy, query });
/** A content type's route: the type, and what each role may do to its items. */
const ofType = (policy: RoutePolicy, contentType: ContentTypeKey): RoutePolicy => ({
  ...policy,
  contentType,
  items: contentType === "author" ? AUTHOR_ITEMS : ITEMS,
});

/** Each content type's admin pages: the same four generic modules, under ids of their own ("admin-articles-new"). */
const contentAdminPages = CONTENT_TYPE_KEYS.flatMap((key) => {
  const { path } = CONTENT_TYPE_NAMES[key];
  const policy = ofType({ ...ADMIN, read: writtenBy(key) }, key);
  return [
    route(path, "routes/admin/content-list.tsx", policy, { id: `admin-${path}` }),
    route(`${path}/new`, "routes/admin/content-new.tsx", policy, { id: `admin-${path}-new` }),
    route(`${path}/:id`, "routes/admin/content-edit.tsx", policy, { id: `admin-${path}-edit` }),
    route(`${path}/:id/history/:number?`, "routes/admin/content-history.tsx", writes(policy, writtenBy(key)), {
      id: `admin-${path}-history`,
    }),
  ];
});

/**
 * Each content type's JSON API: GET (public, cached) and POST on the collection, GET, PUT and DELETE on an item, and
 * the editor's autosave of an item.
 */
const contentApis = CONTENT_TYPE_KEYS.flatMap((key) => {
  const { path } = CONTENT_TYPE_NAMES[key];
  const policy = ofType(writes(PUBLIC_API, writtenBy(key)), key);
  return [
    route(path, "routes/api/content-collection.ts", policy, { id: `api-${path}` }),
    route(`${path}/:id`, "routes/api/content-item.ts", policy, { id: `api-${path}-id` }),
    // The edit form's autosave: the signed-in account's own, never cached (a GET answers 405).
    route(
      `${path}/:id/autosave`,
      "routes/api/content-autosave.ts",
      ofType({ ...UNCACHED_API, cache: "private", read: writtenBy(key), write: writtenBy(key) }, key),
      {
        id: `api-${path}-autosave`,
      },
    ),
  ];
});

export const SITE_ROUTES: SiteRoute[] = [
  index("routes/home.tsx", PUBLIC),
  // The lists filter in the browser, from the URL's query (app/lib/filters.ts).
  route("articles", "routes/articles.tsx", reads(PUBLIC, "category", "q")),
  route("articles/rss.xml", "routes/articles.rss.ts", UNCACHED),
  route("articles/:id", "routes/article.tsx", PUBLIC),
  route("practices", "routes/practices.tsx", reads(PUBLIC, "duration", "q")),
  route("practices/:id", "routes/practice.tsx", PUBLIC),
  route("resources", "routes/resources.tsx", reads(PUBLIC, "category", "q")),
  route("resources/:id", "routes/resource.tsx", PUBLIC),
  route("recommended-reading", "routes/recommended-reading.tsx", reads(PUBLIC, "category")),
  route("about", "routes/about.tsx", PUBLIC),
  route("authors/:id", "routes/author.tsx", PUBLIC),
  route("contact", "routes/contact.tsx", writes(PUBLIC, "anyone")),
  route("legal/:type", "routes/legal.tsx", PUBLIC),
  // Results depend on `q` and the content alone (the content version is in every cache key); not for search engines.
  route("search", "routes/search.tsx", { ...reads(PUBLIC, "q"), robots: "noindex" }),
  // Offline use (docs/offline.md): the practices this device saved (read in the browser, so the same page for everyone),
  // the service worker's offline page, the manifest.
  route("saved", "routes/saved.tsx", { ...PUBLIC, robots: "noindex" }),
  route("offline", "routes/offline.tsx", { ...PUBLIC, robots: "noindex" }),
  route("manifest.webmanifest", "routes/web-manifest.ts", UNCACHED),
  route("courses", "routes/courses.tsx", PUBLIC),
  // It reads the enrolment Stripe's webhook wrote in another request: at the D1 primary (docs/architecture.md).
  route("courses/payment-success", "routes/payment-success.tsx", { ...PRIVATE, readAtPrimary: true }),
  // `?access=required` says why a learner was sent here.
  route("courses/:id", "routes/course.tsx", reads(PUBLIC, "access", "coupon")),
  // The pages that load Stripe.js: a course's checkout and a bundle's.
  route("courses/:id/enroll", "routes/enroll.tsx", { ...PRIVATE, stripe: true }),
  // Bundles (docs/payments.md, "Bundles"): a page like a course's, and its checkout (Stripe.js, like a course's).
  route("bundles/:id", "routes/bundle.tsx", PUBLIC),
  route("bundles/:id/enroll", "routes/bundle-enroll.tsx", { ...PRIVATE, stripe: true }),
  // A discount link: a redirect to its course with the code (no page of its own, nothing to cache).
  route("c/:code", "routes/coupon-link.ts", PRIVATE),
  // A certificate is shown to whoever has its link, but it names one learner.
  route("certificates/:id", "routes/certificate.tsx", PRIVATE),

  // Learning: private pages behind the learner session (the layout's middleware reads it once).
  layout("routes/learn/layout.tsx", [
    // Anyone may ask for an access link here (validated and rate-limited, it reveals nothing).
    route("learn", "routes/learn/home.tsx", writes(PRIVATE, "anyone")),
    route("courses/:id/learn", "routes/learn/resume.ts", LEARNER),
    route("courses/:id/learn/:lessonId", "routes/learn/lesson.tsx", writes(LEARNER, "learner")),
    // A lesson's recording, with byte ranges: to whoever may read the lesson (docs/http.md, "Lesson recordings").
    route("courses/:id/learn/:lessonId/recording", "routes/learn/recording.ts", LEARNER),
    route("courses/:id/complete", "routes/learn/complete.tsx", writes(LEARNER, "learner")),
    // The learner's data (docs/courses-and-learning.md, "Your data"): download it, delete answers and progress.
    route("learn/data", "routes/learn/data.tsx", writes(LEARNER, "learner")),
    route("learn/data/download", "routes/learn/data-download.ts", LEARNER),
    // Work of the address's unproven sessions: add it to the record, or discard it (a proven session only).
    route("learn/unproven", "routes/learn/unproven.ts", writes(LEARNER, "learner")),
  ]),
  route("learn/access/:token", "routes/learn/access.ts", PRIVATE),
  // The newsletter's own pages: the no-JavaScript signup, and the two links its e-mails carry (a personal token each).
  route("newsletter", "routes/newsletter/archive.tsx", PUBLIC),
  route("newsletter/:id", "routes/newsletter/issue.tsx", PUBLIC),
  route("newsletter/subscribe", "routes/newsletter/subscribe.tsx", { ...writes(UNCACHED, "anyone"), offline: false }),
  route("newsletter/confirm/:token", "routes/newsletter/confirm.tsx", writes(PRIVATE, "same-site")),
  // RFC 8058: the one-click unsubscribe POST works without cookies, from the mail provider's servers.
  route("newsletter/unsubscribe/:token", "routes/newsletter/unsubscribe.tsx", writes(PRIVATE, "anyone")),
  route("learn/sign-out", "routes/learn/sign-out.ts", writes(PRIVATE, "same-site")),
  // A gift's buyer, from the link in their receipt (its token is the credential): resend, or change the recipient.
  route("gifts/:token", "routes/gift-manage.tsx", writes(PRIVATE, "same-site")),
  // A repeat purchase's refund, from the link in its receipt (ADR 0008; the token is the credential). GET only shows it.
  route("orders/refund/:token", "routes/repeat-refund.tsx", writes(PRIVATE, "same-site")),

  // Local only (DEV_MAILBOX): every e-mail the site sent, for development and the browser tests.
  route("__dev/mail", "routes/dev/mail.tsx", PRIVATE),
  route("__dev/mail.json", "routes/dev/mail-json.ts", PRIVATE),

  // Admin area: the guard (app/server/admin/guard.server.ts) checks the session and the roles of each route's
  // policy before any loader or action runs.
  ...prefix("admin", [
    route("logout", "routes/admin/logout.ts", writes({ ...ADMIN, read: "anyone" }, "same-site")),
    // Editors send the newsletter, but exporting or erasing subscribers is the owner's.
    route("subscribers.csv", "routes/admin/subscribers-csv.ts", OWNER_ONLY),
    // One table of the Analytics page; the owner's tables (purchases' sources, revenue) answer 403 to an editor.
    route("analytics.csv", "routes/admin/analytics-csv.ts", ADMIN),
    // A course's learners one per row, with their addresses: personal data, the owner's (docs/courses-and-learning.md).
    route("courses/:id/progress.csv", "routes/admin/course-progress-csv.ts", OWNER_ONLY),
    // The Orders page's rows for the accountant: sales, the owner's like the page.
    route("orders.csv", "routes/admin/orders-csv.ts", OWNER_ONLY),
    // A draft or scheduled item as it will look: the public page's component in the site's layout, not the admin's.
    ...PREVIEW_TYPES.map((key) =>
      route(`${CONTENT_TYPE_NAMES[key].path}/:id/preview`, "routes/admin/preview.tsx", ofType({ ...ADMIN, read: writtenBy(key) }, key), {
        id: `admin-${CONTENT_TYPE_NAMES[key].path}-preview`,
      }),
    ),
    // The link of an invitation e-mail: public, its token is the credential (app/server/admin/accounts.server.ts).
    route("invite/:token", "routes/admin-invite.tsx", writes({ ...ADMIN, read: "anyone" }, "same-site")),
    layout("routes/admin/layout.tsx", [
      // Everyone's landing page: a contributor sees the cards of what they may open.
      index("routes/admin/dashboard.tsx", { ...ADMIN, read: WRITERS }),
      ...contentAdminPages,
      // Editors see the content's analytics; the loader leaves purchases' sources and revenue to the owner.
      route("analytics", "routes/admin/analytics.tsx", ADMIN),
      // Learner insight: totals that name nobody, for editors too; each learner's record is on the (owner's) order page.
      route("courses/:id/insight", "routes/admin/course-insight.tsx", ADMIN),
      route("messages", "routes/admin/messages.tsx", ADMIN),
      route("messages/:id", "routes/admin/message.tsx", writes(ADMIN, EDITORS)),
      route("subscribers", "routes/admin/subscribers.tsx", writes(ADMIN, OWNER)),
      route("newsletter", "routes/admin/newsletter-issues.tsx", ADMIN),
      route("newsletter/new", "routes/admin/newsletter-new.tsx", writes(ADMIN, EDITORS)),
      route("newsletter/:id", "routes/admin/newsletter-issue.tsx", writes(ADMIN, EDITORS)),
      // The page was called Enrolments: old links and bookmarks land on Orders (after the guard's session check).
      route("enrollments", "routes/admin/enrollments-redirect.ts", OWNER_ONLY),
      // Orders, learners, accounts, settings and the audit log are the owner's.
      route("orders", "routes/admin/orders.tsx", OWNER_ONLY),
      route("orders/:id", "routes/admin/order.tsx", writes(OWNER_ONLY, OWNER)),
      // Coupons are sales, like orders.
      route("coupons", "routes/admin/coupons.tsx", writes(OWNER_ONLY, OWNER)),
      route("bundles", "routes/admin/bundles.tsx", writes(OWNER_ONLY, OWNER)),
      route("users", "routes/admin/users.tsx", OWNER_ONLY),
      // The owner's erasure of a learner; the subject (the orders it keeps) names it in the URL and the audit log.
      route("users/erase/:subject?", "routes/admin/learner-erase.tsx", writes(OWNER_ONLY, OWNER)),
      route("settings", "routes/admin/settings.tsx", writes(OWNER_ONLY, OWNER)),
      route("accounts", "routes/admin/accounts.tsx", writes(OWNER_ONLY, OWNER)),
      route("audit", "routes/admin/audit.tsx", OWNER_ONLY),
      route("media", "routes/admin/media.tsx", writes(ADMIN, EDITORS)),
      // The editable pages (docs/admin.md, "Pages"): editors edit the home page and About; the legal documents are the owner's.
      route("pages", "routes/admin/pages.tsx", ADMIN),
      route("pages/legal/:type", "routes/admin/page-edit.tsx", writes(OWNER_ONLY, OWNER), { id: "admin-legal-page-edit" }),
      route("pages/:key", "routes/admin/page-edit.tsx", writes(ADMIN, EDITORS), { id: "admin-page-edit" }),
      route("*", "routes/admin/not-found.tsx", { ...ADMIN, read: WRITERS }),
    ]),
  ]),
  // Sign-in: refused from other sites' pages; its own throttle counts failures (app/server/admin/auth.server.ts).
  route("login", "routes/login.tsx", writes({ ...ADMIN, read: "anyone" }, "same-site")),

  ...prefix("api", [
    ...contentApis,
    route("articles/featured", "routes/api/articles.featured.ts", PUBLIC_API),
    route("articles/categories", "routes/api/articles.categories.ts", PUBLIC_API),
    route("practices/featured", "routes/api/practices.featured.ts", PUBLIC_API),
    route("resources/categories", "routes/api/resources.categories.ts", PUBLIC_API),
    route("newsletter/subscribe", "routes/api/newsletter.subscribe.ts", writes(UNCACHED_API, "anyone")),
    // A GET answers 405; the PUT is the course editor's.
    // A contributor's own draft course too (the action checks the course as the item routes do).
    route("courses/:id/outline", "routes/api/course-outline.ts", {
      ...writes({ ...UNCACHED_API, cache: "private" }, WRITERS),
      items: ITEMS,
    }),
    route("courses/:id/details", "routes/api/courses.id.details.ts", PUBLIC_API),
    // Payments: validated, and checked with Stripe; the webhook by its signature.
    route("create-payment-intent", "routes/api/create-payment-intent.ts", writes(UNCACHED_API, "anyone")),
    route("payment-success", "routes/api/payment-success.ts", writes(UNCACHED_API, "anyone")),
    route("stripe/webhook", "routes/api/stripe.webhook.ts", writes(UNCACHED_API, "anyone")),
    // The mail provider's bounces and complaints: checked by their Standard Webhooks signature.
    route("webhooks/mail-provider", "routes/api/webhooks.mail-provider.ts", writes(UNCACHED_API, "anyone")),
    route("admin/markdown-preview", "routes/api/admin.markdown-preview.ts", { ...UNCACHED_API, cache: "private", write: WRITERS }),
    // The form's media picker: list and upload (a contributor's cover); deleting and alt text are the Media page's (editors).
    route("admin/media", "routes/api/admin.media.ts", { ...UNCACHED_API, cache: "private", read: WRITERS, write: WRITERS }),
    // The resized copies the uploader's browser draws of an image (docs/content-and-markdown.md, "Image sizes").
    route("admin/media/:key/variants/:width", "routes/api/admin.media-variant.ts", { ...UNCACHED_API, cache: "private", write: WRITERS }),
    // The practice player's play beacons (docs/analytics.md): validated, bot-filtered, rate-limited, never cached.
    route("analytics/play", "routes/api/analytics.play.ts", writes(UNCACHED_API, "anyone")),
    // Any other /api/* path: a JSON 404, whatever the method.
    route("*", "routes/api/not-found.ts", writes(UNCACHED_API, "anyone")),
  ]),

  // For an uptime monitor (docs/operations.md, "Health and alerts"): never cached, never crawled, reveals nothing.
  route("healthz", "routes/healthz.ts", { cache: "private", robots: "disallow", read: "anyone", write: "nobody", offline: false }),

  // Crawler files (app/server/site/seo.server.ts).
  route("sitemap.xml", "routes/sitemap.ts", UNCACHED),
  route("robots.txt", "routes/robots.ts", UNCACHED),

  // Any other path: the not-found page (404), which no cache keeps and no search engine indexes.
  route("*", "routes/not-found.tsx", { ...UNCACHED, robots: "noindex", offline: false }),
];

/** Every route with its whole pattern and policy; `routeFor(pathname)`, the route a path is served by; its `policyFor`. */
export const { routes: POLICY_ROUTES, routeFor, policyFor } = compileRoutes(SITE_ROUTES);

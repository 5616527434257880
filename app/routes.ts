import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { CONTENT_TYPE_KEYS, CONTENT_TYPE_NAMES } from "./lib/content-types";

/** Each content type's admin pages: the same four generic modules, under ids of their own ("admin-articles-new"). */
const contentAdminPages = CONTENT_TYPE_KEYS.flatMap((key) => {
  const { path } = CONTENT_TYPE_NAMES[key];
  return [
    route(path, "routes/admin/content-list.tsx", { id: `admin-${path}` }),
    route(`${path}/new`, "routes/admin/content-new.tsx", { id: `admin-${path}-new` }),
    route(`${path}/:id`, "routes/admin/content-edit.tsx", { id: `admin-${path}-edit` }),
    route(`${path}/:id/history/:number?`, "routes/admin/content-history.tsx", { id: `admin-${path}-history` }),
  ];
});

/** Each content type's JSON API: GET (public) and POST on the collection, GET, PUT and DELETE on an item. */
const contentApis = CONTENT_TYPE_KEYS.flatMap((key) => {
  const { path } = CONTENT_TYPE_NAMES[key];
  return [
    route(path, "routes/api/content-collection.ts", { id: `api-${path}` }),
    route(`${path}/:id`, "routes/api/content-item.ts", { id: `api-${path}-id` }),
  ];
});

export default [
  index("routes/home.tsx"),
  route("articles", "routes/articles.tsx"),
  route("articles/rss.xml", "routes/articles.rss.ts"),
  route("articles/:id", "routes/article.tsx"),
  route("practices", "routes/practices.tsx"),
  route("practices/:id", "routes/practice.tsx"),
  route("resources", "routes/resources.tsx"),
  route("resources/:id", "routes/resource.tsx"),
  route("recommended-reading", "routes/recommended-reading.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("legal/:type", "routes/legal.tsx"),
  route("search", "routes/search.tsx"),
  // Offline use (docs/offline.md): the practices this device saved, the service worker's offline page, the manifest.
  route("saved", "routes/saved.tsx"),
  route("offline", "routes/offline.tsx"),
  route("manifest.webmanifest", "routes/web-manifest.ts"),
  route("courses", "routes/courses.tsx"),
  route("courses/payment-success", "routes/payment-success.tsx"),
  route("courses/:id", "routes/course.tsx"),
  route("courses/:id/enroll", "routes/enroll.tsx"),
  route("certificates/:id", "routes/certificate.tsx"),

  // Learning: private pages behind the learner session (the layout's middleware reads it once).
  layout("routes/learn/layout.tsx", [
    route("learn", "routes/learn/home.tsx"),
    route("courses/:id/learn", "routes/learn/resume.ts"),
    route("courses/:id/learn/:lessonId", "routes/learn/lesson.tsx"),
    route("courses/:id/complete", "routes/learn/complete.tsx"),
    // The learner's data (docs/courses-and-learning.md, "Your data"): download it, delete answers and progress.
    route("learn/data", "routes/learn/data.tsx"),
    route("learn/data/download", "routes/learn/data-download.ts"),
  ]),
  route("learn/access/:token", "routes/learn/access.ts"),
  // The newsletter's own pages: the no-JavaScript signup, and the two links its e-mails carry.
  route("newsletter", "routes/newsletter/archive.tsx"),
  route("newsletter/:id", "routes/newsletter/issue.tsx"),
  route("newsletter/subscribe", "routes/newsletter/subscribe.tsx"),
  route("newsletter/confirm/:token", "routes/newsletter/confirm.tsx"),
  route("newsletter/unsubscribe/:token", "routes/newsletter/unsubscribe.tsx"),
  route("learn/sign-out", "routes/learn/sign-out.ts"),

  // Local only (DEV_MAILBOX): every e-mail the site sent, for development and the browser tests.
  route("__dev/mail", "routes/dev/mail.tsx"),
  route("__dev/mail.json", "routes/dev/mail-json.ts"),

  // Admin area: the layout's middleware (and subscribers.csv's) checks the server-side session once per request;
  // actions refuse cross-site and signed-out posts (app/server/admin/guard.server.ts).
  route("login", "routes/login.tsx"),
  ...prefix("admin", [
    route("logout", "routes/admin/logout.ts"),
    route("subscribers.csv", "routes/admin/subscribers-csv.ts"),
    // A draft or scheduled item as it will look: the public page's component in the site's layout, not the admin's.
    ...(["article", "practice", "course"] as const).map((key) =>
      route(`${CONTENT_TYPE_NAMES[key].path}/:id/preview`, "routes/admin/preview.tsx", {
        id: `admin-${CONTENT_TYPE_NAMES[key].path}-preview`,
      }),
    ),
    // The link of an invitation e-mail: public, its token is the credential (app/server/admin/accounts.server.ts).
    route("invite/:token", "routes/admin-invite.tsx"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      ...contentAdminPages,
      route("messages", "routes/admin/messages.tsx"),
      route("messages/:id", "routes/admin/message.tsx"),
      route("subscribers", "routes/admin/subscribers.tsx"),
      route("newsletter", "routes/admin/newsletter-issues.tsx"),
      route("newsletter/new", "routes/admin/newsletter-new.tsx"),
      route("newsletter/:id", "routes/admin/newsletter-issue.tsx"),
      // The page was called Enrolments: old links and bookmarks land on Orders (after the layout's session check).
      route("enrollments", "routes/admin/enrollments-redirect.ts"),
      route("orders", "routes/admin/orders.tsx"),
      route("orders/:id", "routes/admin/order.tsx"),
      route("users", "routes/admin/users.tsx"),
      // The owner's erasure of a learner; the subject (the orders it keeps) names it in the URL and the audit log.
      route("users/erase/:subject?", "routes/admin/learner-erase.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("accounts", "routes/admin/accounts.tsx"),
      route("audit", "routes/admin/audit.tsx"),
      route("media", "routes/admin/media.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),

  ...prefix("api", [
    ...contentApis,
    route("articles/featured", "routes/api/articles.featured.ts"),
    route("articles/categories", "routes/api/articles.categories.ts"),
    route("practices/featured", "routes/api/practices.featured.ts"),
    route("resources/categories", "routes/api/resources.categories.ts"),
    route("newsletter/subscribe", "routes/api/newsletter.subscribe.ts"),
    route("courses/:id/outline", "routes/api/course-outline.ts"),
    route("courses/:id/details", "routes/api/courses.id.details.ts"),
    route("create-payment-intent", "routes/api/create-payment-intent.ts"),
    route("payment-success", "routes/api/payment-success.ts"),
    route("stripe/webhook", "routes/api/stripe.webhook.ts"),
    route("admin/markdown-preview", "routes/api/admin.markdown-preview.ts"),
    route("admin/media", "routes/api/admin.media.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  // Crawler files (app/server/site/seo.server.ts).
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

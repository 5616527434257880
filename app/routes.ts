import { type RouteConfig, index, prefix, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("articles", "routes/articles.tsx"),
  route("articles/:id", "routes/article.tsx"),
  route("practices", "routes/practices.tsx"),
  route("practices/:id", "routes/practice.tsx"),
  route("resources", "routes/resources.tsx"),
  route("resources/:id", "routes/resource.tsx"),
  route("recommended-reading", "routes/recommended-reading.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("legal/:type", "routes/legal.tsx"),

  ...prefix("api", [
    route("articles", "routes/api/articles.ts"),
    route("articles/featured", "routes/api/articles.featured.ts"),
    route("articles/categories", "routes/api/articles.categories.ts"),
    route("articles/:id", "routes/api/articles.id.ts"),
    route("practices", "routes/api/practices.ts"),
    route("practices/featured", "routes/api/practices.featured.ts"),
    route("practices/:id", "routes/api/practices.id.ts"),
    route("resources/categories", "routes/api/resources.categories.ts"),
    route("newsletter/subscribe", "routes/api/newsletter.subscribe.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

/**
 * Route components rendered as the server renders them, for component tests in workerd (there is no DOM here):
 * the module's default export inside `createRoutesStub`, under a root route that carries the site settings,
 * with the loader and action data a test chooses. What a test reads is the finished HTML.
 */
import { renderToReadableStream } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";

/** The root loader's data the public pages read (`useSiteSettings`, `siteNameFromMatches`). */
export const ROOT_DATA = {
  site: {
    name: "The Examined Life",
    url: "https://example.com",
    email: "hello@example.com",
    phone: "+1 555 0100",
    address: "1 Stoa Street, Athens",
    social: [],
  },
};

type RouteStub = {
  /** The route's path pattern, as in app/routes.ts ("/contact", "/courses/:id/enroll"). */
  path: string;
  // biome-ignore lint/suspicious/noExplicitAny: a route module's component takes its own generated props
  Component: React.ComponentType<any>;
  /** The loader's data; a route without a loader when left out. */
  loaderData?: unknown;
  /** The action's data, as after a post (the page a browser without JavaScript gets back). */
  actionData?: unknown;
  /** Routes between the root and this one (a layout with its own data), outermost first. */
  layouts?: { id: string; loaderData: unknown }[];
};

/** The server-rendered HTML of `route` at `url`, once every streamed part has settled. */
export async function renderRoute(url: string, route: RouteStub): Promise<string> {
  const id = "route";
  const leaf = {
    id,
    path: route.path,
    Component: route.Component,
    loader: route.loaderData === undefined ? undefined : () => route.loaderData,
    action: route.actionData === undefined ? undefined : () => route.actionData,
  };
  const layouts = route.layouts ?? [];
  // biome-ignore lint/suspicious/noExplicitAny: the stub's route objects nest freely
  const tree = layouts.reduceRight<any>(
    (child, layout) => ({ id: layout.id, Component: Outlet, loader: () => layout.loaderData, children: [child] }),
    leaf,
  );
  const Stub = createRoutesStub([{ id: "root", Component: Outlet, loader: () => ROOT_DATA, children: [tree] }]);
  const loaderData: Record<string, unknown> = { root: ROOT_DATA };
  for (const layout of layouts) loaderData[layout.id] = layout.loaderData;
  if (route.loaderData !== undefined) loaderData[id] = route.loaderData;
  const hydrationData = { loaderData, actionData: route.actionData === undefined ? undefined : { [id]: route.actionData } };
  const stream = await renderToReadableStream(<Stub initialEntries={[url]} hydrationData={hydrationData} />);
  await stream.allReady;
  return new Response(stream).text();
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };

/** Text of an HTML fragment: tags and React's text separators dropped, entities decoded. */
export function textOf(html: string): string {
  return html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The opening tag of the element with this id, or undefined when there is none. */
export function tagWithId(html: string, id: string): string | undefined {
  return html.match(new RegExp(`<[a-z]+\\b[^>]*\\sid="${id}"[^>]*>`))?.[0];
}

/** The opening tags of `tag` elements that carry every one of `attributes` (written as `name="value"`), in any order. */
export function tagsWith(html: string, tag: string, ...attributes: string[]): string[] {
  return (html.match(new RegExp(`<${tag}\\b[^>]*>`, "g")) ?? []).filter((found) =>
    attributes.every((wanted) => found.includes(` ${wanted}`)),
  );
}

/** An attribute of the element with this id: its value, `null` when the element lacks it; throws when there is no element. */
export function attribute(html: string, id: string, name: string): string | null {
  const tag = tagWithId(html, id);
  if (!tag) throw new Error(`no element with id="${id}"`);
  return tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1] ?? null;
}

/** The text inside the element with this id (an element without nested elements of its own kind). */
export function textById(html: string, id: string): string {
  return textWhere(html, `id="${id}"`);
}

/** The text inside the first element whose opening tag carries `attribute` (`data-testid="price"`). */
export function textWhere(html: string, attribute: string): string {
  const match = html.match(new RegExp(`<([a-z]+)\\b[^>]*\\s${attribute}[^>]*>([\\s\\S]*?)</\\1>`));
  if (!match) throw new Error(`no element with ${attribute}`);
  return textOf(match[2] ?? "");
}

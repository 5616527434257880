/** The admin list's per-row link (issue #37 §3.11): View for what is on the site, Preview for a draft or scheduled item. */
import { renderToReadableStream } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ListItem } from "~/lib/content-types/types";
import { ContentList } from "./content-list";

const ITEMS: ListItem[] = [
  { id: 1, title: "Published one", details: [], status: { value: "published", text: "Published" } },
  { id: 2, title: "A draft", details: [], status: { value: "draft", text: "Draft" } },
  { id: 3, title: "Scheduled one", details: [], status: { value: "scheduled", text: "Scheduled for Jan 1, 2030, 09:00 UTC" } },
  { id: 4, title: "In review", details: [], status: { value: "review", text: "In review" } },
];

let shown: { previews: boolean; items: ListItem[] } = { previews: true, items: ITEMS };
function ArticlesList() {
  return (
    <ContentList
      noun="Article"
      plural="Articles"
      items={shown.items}
      apiBase="/api/articles"
      adminBase="/admin/articles"
      publicHref={(item) => `/articles/${item.id}`}
      previewHref={shown.previews ? (item) => `/admin/articles/${item.id}/preview` : undefined}
    />
  );
}
const Stub = createRoutesStub([{ path: "/admin/articles", Component: ArticlesList }]);

async function render(previews: boolean, items: ListItem[] = ITEMS) {
  shown = { previews, items };
  const stream = await renderToReadableStream(<Stub initialEntries={["/admin/articles"]} />);
  await stream.allReady;
  return new Response(stream).text();
}

/** The opening tag of the link to `href`. */
const linkTo = (html: string, href: string) => html.match(new RegExp(`<a[^>]*href="${href}"[^>]*>`))?.[0] ?? "";

describe("<ContentList> row links", () => {
  it("a published item links to its public page; a draft, scheduled or in-review one to its preview, never a 404", async () => {
    const html = await render(true);
    expect(linkTo(html, "/articles/1")).toContain('aria-label="View “Published one” on the site"');
    for (const id of [2, 3, 4]) {
      expect(html).not.toContain(`href="/articles/${id}"`);
      expect(html).toContain(`href="/admin/articles/${id}/preview"`);
    }
    expect(linkTo(html, "/admin/articles/2/preview")).toContain('aria-label="Preview “A draft”"');
  });

  it("a type without statuses always has View; an unpublished item of a type without a preview has neither", async () => {
    const plain = await render(false, [{ id: 9, title: "A resource", details: [] }]);
    expect(plain).toContain('href="/articles/9"');
    const draft = await render(false, [{ id: 8, title: "Draft", details: [], status: { value: "draft", text: "Draft" } }]);
    expect(draft).not.toContain('href="/articles/8"');
    expect(draft).not.toContain(">Preview<");
  });
});

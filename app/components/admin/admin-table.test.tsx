import { renderToReadableStream } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminPager } from "./admin-table";

let shown = { page: 1, pages: 1 };
function PagerOnList() {
  return <AdminPager label="Learner pages" page={shown.page} pages={shown.pages} pageLink={(to) => `/admin/list?page=${to}`} />;
}
const Stub = createRoutesStub([{ path: "/admin/list", Component: PagerOnList }]);

/** The pager as the server renders it on /admin/list (Link needs a router). */
async function render(page: number, pages: number) {
  shown = { page, pages };
  const stream = await renderToReadableStream(<Stub initialEntries={["/admin/list"]} />);
  await stream.allReady;
  return new Response(stream).text();
}

describe("<AdminPager>", () => {
  it("is not there when the list fits one page", async () => {
    expect(await render(1, 1)).not.toContain("<nav");
  });

  it("links the page before and after, says where the admin is, and is a labelled navigation", async () => {
    const middle = await render(2, 3);
    expect(middle).toContain('<nav aria-label="Learner pages"');
    expect(middle).toMatch(/href="\/admin\/list\?page=1"[^>]*>Previous<\/a>/);
    expect(middle).toMatch(/href="\/admin\/list\?page=3"[^>]*>Next<\/a>/);
    expect(middle).toMatch(/Page <!-- -->2<!-- --> of <!-- -->3/);
  });

  it("has no Previous on the first page and no Next on the last", async () => {
    const first = await render(1, 3);
    expect(first).not.toContain(">Previous</a>");
    expect(first).toContain(">Next</a>");
    const last = await render(3, 3);
    expect(last).toContain(">Previous</a>");
    expect(last).not.toContain(">Next</a>");
  });
});

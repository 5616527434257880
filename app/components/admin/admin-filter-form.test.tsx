import { renderToReadableStream } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminFilterForm, type FilterField } from "./admin-filter-form";

let shown: { fields: FilterField[]; layout: "row" | "grid" } = { fields: [], layout: "row" };
function FormOnList() {
  return <AdminFilterForm path="/admin/list" idPrefix="list" fields={shown.fields} submitLabel="Search" layout={shown.layout} />;
}
const Stub = createRoutesStub([{ path: "/admin/list", Component: FormOnList }]);

/** The form as the server renders it on /admin/list (Form needs a router). */
async function render(fields: FilterField[], layout: "row" | "grid" = "row") {
  shown = { fields, layout };
  const stream = await renderToReadableStream(<Stub initialEntries={["/admin/list"]} />);
  await stream.allReady;
  return new Response(stream).text();
}

/** The attributes of the first element whose opening tag contains `marker`. */
function openingTag(html: string, marker: string) {
  const start = html.lastIndexOf("<", html.indexOf(marker));
  return html.slice(start, html.indexOf(">", start)).match(/[\w-]+="[^"]*"/g) ?? [];
}

const search = (value: string): FilterField => ({ kind: "search", name: "q", label: "Search by email", value, maxLength: 254 });
const status = (value: string): FilterField => ({
  kind: "select",
  name: "status",
  label: "Status",
  value,
  anyLabel: "All",
  options: [
    { value: "pending", label: "Pending" },
    { value: "confirmed", label: "Confirmed" },
  ],
});

describe("<AdminFilterForm>", () => {
  it("a GET form whose fields are labelled, with ids the tests and the labels use", async () => {
    const html = await render([search(""), status(""), { kind: "date", name: "from", label: "From", value: "" }]);
    expect(openingTag(html, "<form")).toEqual(expect.arrayContaining(['method="get"', 'role="search"', 'action="/admin/list"']));
    expect(html).toContain('<label for="list-q"');
    expect(openingTag(html, 'id="list-q"')).toEqual(expect.arrayContaining(['name="q"', 'type="search"', 'maxLength="254"']));
    expect(openingTag(html, 'id="list-status"')).toEqual(expect.arrayContaining(['name="status"']));
    expect(html).toContain('<option value="" selected="">All</option>');
    expect(openingTag(html, 'id="list-from"')).toEqual(expect.arrayContaining(['name="from"', 'type="date"']));
    expect(html).toContain(">Search</button>");
  });

  it("offers Clear, back to the unfiltered list, only once a filter has a value", async () => {
    expect(await render([search(""), status("")])).not.toContain(">Clear</a>");
    const filtered = await render([search(""), status("confirmed")]);
    expect(filtered).toMatch(/<a[^>]*href="\/admin\/list"[^>]*>Clear<\/a>/);
    expect(filtered).toContain('<option value="confirmed" selected="">Confirmed</option>');
  });

  it("is no search landmark without a search box", async () => {
    expect(await render([status("")], "grid")).not.toContain('role="search"');
  });
});

/**
 * Issue #37 §3.5: "Publish and e-mail" sends at once, so its dialog asks what subscribers get (the excerpt or the full
 * text) before the owner confirms, and promises no later step. What the post does with the choice:
 * app/routes/admin/newsletter-writer.test.ts.
 */
import { renderToReadableStream } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { PublishAndEmailButton } from "./publish-and-email";

const Stub = createRoutesStub([
  { path: "/admin/articles/7", Component: () => <PublishAndEmailButton articleId={7} title="On attention" confirmed={2} /> },
]);

/** The button and its (closed) native dialog as the server renders them. */
async function render() {
  const stream = await renderToReadableStream(<Stub initialEntries={["/admin/articles/7"]} />);
  await stream.allReady;
  return new Response(stream).text();
}

describe("<PublishAndEmailButton>", () => {
  it("offers the excerpt (chosen) or the full text in the dialog, and says it goes at once", async () => {
    const html = await render();
    const radios = [...html.matchAll(/<input[^>]*type="radio"[^>]*>/g)].map(([tag]) => tag);
    expect(radios.map((tag) => /value="(\w+)"/.exec(tag)?.[1])).toEqual(["excerpt", "full"]);
    expect(radios.map((tag) => tag.includes("checked"))).toEqual([true, false]);
    expect(html).toContain("What subscribers get");
    expect(html).toContain("e-mailed at once to");
    expect(html).not.toContain("before it goes");
  });
});

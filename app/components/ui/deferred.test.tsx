import { renderToReadableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Deferred } from "./deferred";

/** The whole server-rendered HTML, after every streamed part has settled. */
async function renderAll(node: React.ReactNode) {
  const stream = await renderToReadableStream(node);
  await stream.allReady;
  return new Response(stream).text();
}

const section = (data: Promise<string[]>) => (
  <Deferred data={data} fallback={<p>Loading articles…</p>} failure="articles">
    {(titles) => (
      <ul>
        {titles.map((title) => (
          <li key={title}>{title}</li>
        ))}
      </ul>
    )}
  </Deferred>
);

describe("<Deferred>", () => {
  // That the skeleton goes out with the shell, before slow data, is checked against the served build
  // in tests/e2e/streaming.e2e.ts (reading a stream in the test runner here never yields the shell).
  it("renders the data once it arrives, without its skeleton", async () => {
    const text = await renderAll(section(Promise.resolve(["On Anger", "On the Shortness of Life"])));
    expect(text).toContain("<li>On Anger</li>");
    expect(text).toContain("<li>On the Shortness of Life</li>");
    expect(text).not.toContain("Loading articles…");
  });

  it("shows the red failure panel when the data fails", async () => {
    const text = await renderAll(section(Promise.reject(new Error("D1 is down"))));
    expect(text).toContain('role="alert"');
    expect(text).toContain("Failed to load articles. Please try again later.");
    expect(text).not.toContain("D1 is down");
  });
});

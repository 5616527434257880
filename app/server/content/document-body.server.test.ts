import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { routeArgs, seedTestDb } from "../../../tests/support/db";
import * as articlePage from "~/routes/article";
import { documentBodiesContext, isDocumentRequest } from "./document-body.server";

describe("an article's body, sent once", () => {
  it("goes to the server render, not into the loader data, on a document request; into the data on a data request", async () => {
    await seedTestDb();
    const document = routeArgs("/articles/1", { id: "1" }) as { context: RouterContextProvider };
    const bodies = new Map();
    document.context.set(documentBodiesContext, bodies);
    const forDocument = (await articlePage.loader(document as never)) as { body?: unknown[] };
    expect(forDocument.body).toBeUndefined();
    expect(bodies.get("article")?.length).toBeGreaterThan(3);

    const forData = (await articlePage.loader(routeArgs("/articles/1", { id: "1" }))) as { body?: unknown[] };
    expect(forData.body).toEqual(bodies.get("article"));
  });

  it("tells React Router's data requests from documents", () => {
    expect(isDocumentRequest(new URL("http://x/articles/1"))).toBe(true);
    expect(isDocumentRequest(new URL("http://x/articles/1.data"))).toBe(false);
    expect(isDocumentRequest(new URL("http://x/_root.data"))).toBe(false);
  });
});

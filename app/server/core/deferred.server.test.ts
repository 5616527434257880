import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { deferRead, streamOutcomeContext, type StreamOutcome } from "./deferred.server";

function contextWithOutcome() {
  const outcome: StreamOutcome = { failed: false, streamed: false };
  const context = new RouterContextProvider();
  context.set(streamOutcomeContext, outcome);
  return { context, outcome };
}

describe("deferred reads", () => {
  it("start at once and resolve to the read's value, leaving the page complete", async () => {
    const { context, outcome } = contextWithOutcome();
    let started = false;
    const promise = deferRead(context, async () => {
      started = true;
      return [1, 2, 3];
    });
    expect(started).toBe(true);
    expect(await promise).toEqual([1, 2, 3]);
    expect(outcome.failed).toBe(false);
  });

  it("a failed read rejects (the section shows its error panel) and marks the page incomplete", async () => {
    const { context, outcome } = contextWithOutcome();
    const promise = deferRead(context, () => Promise.reject(new Error("D1_ERROR: no such table: articles")));
    await expect(promise).rejects.toThrow("no such table");
    expect(outcome.failed).toBe(true);
  });

  it("without an outcome in the context (a loader called directly) a failure still rejects", async () => {
    await expect(deferRead(new RouterContextProvider(), () => Promise.reject(new Error("down")))).rejects.toThrow("down");
  });
});

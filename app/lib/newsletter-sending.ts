/** Where a newsletter issue's send stands, for the admin pages (browser and server alike). */

/** Where a sent issue stands: "sending" (fan-out or deliveries still to go), "paused" (a quota) or "done". */
export function sendingState(issue: {
  sentAt: string | null;
  fanoutDoneAt: string | null;
  pausedUntil: string | null;
  waiting: number;
}): "draft" | "sending" | "paused" | "done" {
  if (issue.sentAt === null) return "draft";
  if (issue.pausedUntil !== null) return "paused";
  return issue.fanoutDoneAt === null || issue.waiting > 0 ? "sending" : "done";
}

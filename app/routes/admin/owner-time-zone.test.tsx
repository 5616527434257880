/**
 * Issue #37 §3.12: the admin's times are in the owner's time zone (Settings → Time zone), not UTC. The admin layout's
 * loader reads the zone; every admin time (OwnerTime) and a list's "Scheduled for …" show it, and UTC when none is set.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { seedTestDb } from "../../../tests/support/db";
import { renderRoute, textOf } from "../../../tests/support/route-html";
import { ContentList } from "~/components/admin/content-list";
import { formatOwnerTime } from "~/lib/time-zone";
import { ownerTimeZone } from "~/server/site/site.server";
import AdminAudit from "./audit";

const AT = "2026-11-28T04:55:12.000Z";
const layout = (timeZone: string) => [
  { id: "routes/admin/layout", loaderData: { username: "o", role: "owner", unhandledMessages: 0, timeZone } },
];

const audit = (timeZone: string) =>
  renderRoute("/admin/audit", {
    path: "/admin/audit",
    Component: AdminAudit,
    layouts: layout(timeZone),
    loaderData: { entries: [{ id: 1, createdAt: AT, actor: "o", action: "update", object: "x", target: "/admin" }], page: 1, pages: 1 },
  });

const SCHEDULED = { id: 1, title: "Soon", details: [], status: { value: "scheduled", text: "Scheduled for …", at: AT } };
function ScheduledList() {
  return (
    <ContentList
      noun="article"
      plural="Articles"
      apiBase="/api/articles"
      adminBase="/admin/articles"
      publicHref={() => "/"}
      items={[SCHEDULED]}
    />
  );
}

describe("times in the owner's time zone", () => {
  it("the formatter: the owner's zone, saying it; UTC when none is set or the name is unknown", () => {
    expect(formatOwnerTime(AT, "Europe/Berlin")).toBe("Nov 28, 2026, 05:55 GMT+1");
    expect(formatOwnerTime(AT, "America/New_York", { seconds: true })).toBe("Nov 27, 2026, 23:55:12 EST");
    expect(formatOwnerTime(AT, "")).toBe("Nov 28, 2026, 04:55 UTC");
    expect(formatOwnerTime(AT, "Mars/Olympus")).toBe("Nov 28, 2026, 04:55 UTC");
  });

  it("the audit log shows each entry in the owner's zone, from the admin layout's data", async () => {
    expect(textOf(await audit("Asia/Tokyo"))).toContain("Nov 28, 2026, 13:55:12 GMT+9");
    expect(textOf(await audit(""))).toContain("Nov 28, 2026, 04:55:12 UTC");
  });

  it("a list's scheduled item says its time in the owner's zone", async () => {
    const html = await renderRoute("/admin/articles", {
      path: "/admin/articles",
      layouts: layout("Europe/Berlin"),
      Component: ScheduledList,
      loaderData: {},
    });
    expect(textOf(html)).toContain("Scheduled for Nov 28, 2026, 05:55 GMT+1");
  });

  it("the layout's zone is the one saved in Settings", async () => {
    const db = await seedTestDb();
    expect(await ownerTimeZone(db)).toBe("");
    await env.DB.prepare(
      "INSERT INTO site_meta (key, value) VALUES ('setting.timeZone', 'Europe/Lisbon') ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ).run();
    expect(await ownerTimeZone(db)).toBe("Europe/Lisbon");
  });
});

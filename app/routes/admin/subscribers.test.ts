/** The admin's subscriber list (status, search, filter, pages), the right-to-erasure action, and the CSV export. */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie } from "../../../tests/support/admin";
import { routeArgs } from "../../../tests/support/db";
import { asRouted } from "../../../tests/support/routes";
import * as layout from "./layout";
import * as subscribersCsv from "./subscribers-csv";
import * as subscribersPage from "./subscribers";

const listLoader = asRouted(subscribersPage, "loader", [layout]);
const eraseAction = asRouted(subscribersPage, "action", [layout]);
const csvLoader = asRouted(subscribersCsv, "loader");

type Answer = { init: ResponseInit | null; data: { ok: boolean; message: string } };
const answer = (value: unknown): Answer =>
  value && typeof value === "object" && "init" in value ? (value as Answer) : { init: null, data: value as Answer["data"] };
type ListData = Awaited<ReturnType<typeof subscribersPage.loader>>;
const listData = (value: unknown) =>
  answer(value).data as unknown as Extract<ListData, { subscribers: unknown }> & { error: string | null };

let cookie: string;
beforeEach(async () => {
  cookie = await adminCookie();
});

const get = (path: string) => routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } })) as never;
const post = (fields: Record<string, string>, { withCookie = true, origin = "http://localhost" } = {}) =>
  routeArgs(
    new Request("http://localhost/admin/subscribers", {
      method: "POST",
      headers: { Origin: origin, ...(withCookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    }),
  ) as never;

let tokenCount = 0;
async function addSubscriber(email: string, status: "pending" | "confirmed" | "unsubscribed", createdAt = "2026-01-01T00:00:00.000Z") {
  tokenCount++;
  const row = await env.DB.prepare(
    `INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, confirm_token_hash, created_at, confirmed_at, unsubscribed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      email,
      status,
      `unsubscribe-${tokenCount}`,
      `confirm-hash-${tokenCount}`,
      createdAt,
      status === "pending" ? null : "2026-01-02T00:00:00.000Z",
      status === "unsubscribed" ? "2026-01-03T00:00:00.000Z" : null,
    )
    .first<{ id: number }>();
  return row?.id as number;
}

const count = async (sql: string, ...values: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...values)
      .first<{ n: number }>()
  )?.n;

describe("GET /admin/subscribers", () => {
  it("lists every status with its dates, newest first; searches and filters from the URL; pages by 50", async () => {
    await addSubscriber("ada@example.com", "confirmed", "2026-01-01T00:00:00.000Z");
    await addSubscriber("waiting@example.com", "pending", "2026-01-02T00:00:00.000Z");
    await addSubscriber("left@example.org", "unsubscribed", "2026-01-03T00:00:00.000Z");

    const all = listData(await listLoader(get("/admin/subscribers")));
    expect(all.subscribers.map((row) => [row.email, row.status])).toEqual([
      ["left@example.org", "unsubscribed"],
      ["waiting@example.com", "pending"],
      ["ada@example.com", "confirmed"],
    ]);
    expect(all.subscribers[0]).toMatchObject({
      createdAt: "2026-01-03T00:00:00.000Z",
      confirmedAt: "2026-01-02T00:00:00.000Z",
      unsubscribedAt: "2026-01-03T00:00:00.000Z",
    });
    expect(all.total).toBe(3);
    expect(all.counts).toEqual({ pending: 1, confirmed: 1, unsubscribed: 1 });

    const searched = listData(await listLoader(get("/admin/subscribers?q=EXAMPLE.COM")));
    expect(searched.subscribers.map((row) => row.email)).toEqual(["waiting@example.com", "ada@example.com"]);
    const filtered = listData(await listLoader(get("/admin/subscribers?q=example.com&status=pending")));
    expect(filtered.subscribers.map((row) => row.email)).toEqual(["waiting@example.com"]);
    // A search is matched literally: "%" and "_" are not wildcards.
    expect(listData(await listLoader(get("/admin/subscribers?q=%25"))).subscribers).toEqual([]);

    const bad = answer(await listLoader(get("/admin/subscribers?status=everyone")));
    expect(bad.init?.status).toBe(400);
    expect((bad.data as unknown as { error: string }).error).toBe('The "status" must be pending, confirmed or unsubscribed.');

    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 52)
       INSERT INTO newsletter_subscribers (email, status, unsubscribe_token, created_at)
       SELECT 'bulk' || i || '@example.net', 'confirmed', 'bulk-token-' || i, '2025-06-01T00:00:00.000Z' FROM n`,
    ).run();
    const first = listData(await listLoader(get("/admin/subscribers")));
    expect([first.subscribers.length, first.total, first.pages]).toEqual([50, 55, 2]);
    const second = listData(await listLoader(get("/admin/subscribers?page=2")));
    expect(first.subscribers.slice(0, 3).map((row) => row.email)).toEqual(["left@example.org", "waiting@example.com", "ada@example.com"]);
    // Same date: the newest id first, so the first bulk rows come last.
    expect(second.subscribers.map((row) => row.email)).toEqual([5, 4, 3, 2, 1].map((i) => `bulk${i}@example.net`));
  });

  it("?erase=<id> names the subscriber the confirmation step is about", async () => {
    const id = await addSubscriber("ada@example.com", "confirmed");
    const asked = listData(await listLoader(get(`/admin/subscribers?erase=${id}`)));
    expect(asked.erasing).toMatchObject({ id, email: "ada@example.com", status: "confirmed" });
    expect(listData(await listLoader(get("/admin/subscribers?erase=999"))).erasing).toBeNull();
  });
});

describe("POST /admin/subscribers (delete on request)", () => {
  async function storedEverywhere(email: string, status: "pending" | "confirmed" | "unsubscribed" = "confirmed") {
    const id = await addSubscriber(email, status);
    const issue = await env.DB.prepare("INSERT INTO newsletter_issues (subject, body, sent_at) VALUES ('Issue', 'Body', ?) RETURNING id")
      .bind(new Date().toISOString())
      .first<{ id: number }>();
    await env.DB.prepare("INSERT INTO mail_log (\"to\", subject, kind) VALUES (?, 'Issue', 'newsletter') RETURNING id").bind(email).run();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO newsletter_deliveries (issue_id, subscriber_id, status) VALUES (?, ?, 'sent')").bind(issue?.id, id),
      env.DB.prepare("INSERT INTO mail_log (\"to\", subject, kind) VALUES (?, 'Confirm', 'newsletter-confirmation')").bind(email),
      env.DB.prepare("INSERT INTO rate_limits (bucket, client, window_start, count) VALUES ('newsletter-recipient', ?, ?, 1)").bind(
        email,
        Date.now(),
      ),
    ]);
    return id;
  }

  it("removes the address from the subscribers, deliveries, newsletter mail and rate limits, and says what went", async () => {
    const id = await storedEverywhere("ada@example.com");
    const kept = await storedEverywhere("bob@example.com");
    // A receipt to the same address belongs to an order, not to the newsletter: it stays.
    await env.DB.prepare("INSERT INTO mail_log (\"to\", subject, kind) VALUES ('ada@example.com', 'Receipt', 'receipt')").run();

    const erased = answer(await eraseAction(post({ intent: "erase", id: String(id), email: "ada@example.com" })));
    expect(erased.init).toBeNull();
    expect(erased.data).toEqual({
      ok: true,
      message:
        "Deleted ada@example.com: the subscription (with its links), 1 delivery record, 2 newsletter e-mails in the mail log " +
        "and 1 rate-limit counter. Orders, receipts and contact messages are not newsletter data and were not touched.",
    });
    expect(await count("SELECT count(*) AS n FROM newsletter_subscribers WHERE email = 'ada@example.com'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM newsletter_deliveries WHERE subscriber_id = ?", id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE client = 'ada@example.com'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM mail_log WHERE \"to\" = 'ada@example.com' AND kind LIKE 'newsletter%'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM mail_log WHERE \"to\" = 'ada@example.com' AND kind = 'receipt'")).toBe(1);
    // The other subscriber keeps everything.
    expect(await count("SELECT count(*) AS n FROM newsletter_deliveries WHERE subscriber_id = ?", kept)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM mail_log WHERE \"to\" = 'bob@example.com'")).toBe(2);
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE client = 'bob@example.com'")).toBe(1);

    const listed = listData(await listLoader(get("/admin/subscribers?q=ada")));
    expect(listed.subscribers).toEqual([]);
    const again = answer(await eraseAction(post({ intent: "erase", id: String(id), email: "ada@example.com" })));
    expect([again.init?.status, again.data.message]).toEqual([404, "This subscriber no longer exists."]);
  });

  it("refuses bad input (400), a stale address (409), no session (401) and a cross-site post (403), deleting nothing", async () => {
    const id = await storedEverywhere("ada@example.com");
    const cases: [Record<string, string>, { withCookie?: boolean; origin?: string }, number, string][] = [
      [{ intent: "erase", email: "ada@example.com" }, {}, 400, 'The "id" must be a number.'],
      [{ intent: "erase", id: "x", email: "ada@example.com" }, {}, 400, 'The "id" must be a number.'],
      [{ intent: "wipe", id: String(id), email: "ada@example.com" }, {}, 400, 'Unknown action: "intent" must be "erase".'],
      [{ intent: "erase", id: String(id) }, {}, 400, "The address to delete is missing."],
      [{ intent: "erase", id: String(id), email: "other@example.com" }, {}, 409, "This subscriber's address is not other@example.com."],
      [{ intent: "erase", id: String(id), email: "ada@example.com" }, { withCookie: false }, 401, "Please sign in as an administrator."],
      [
        { intent: "erase", id: String(id), email: "ada@example.com" },
        { origin: "https://evil.example" },
        403,
        "Cross-site requests are not allowed.",
      ],
    ];
    for (const [fields, options, status, message] of cases) {
      const refused = answer(await eraseAction(post(fields, options)));
      expect([refused.init?.status, refused.data.message], JSON.stringify(fields)).toEqual([status, message]);
    }
    expect(await count("SELECT count(*) AS n FROM newsletter_subscribers WHERE id = ?", id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM newsletter_deliveries")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM mail_log")).toBe(2);
  });
});

describe("GET /admin/subscribers.csv", () => {
  it("holds only the confirmed subscribers", async () => {
    await addSubscriber("yes@example.com", "confirmed");
    await addSubscriber("wait@example.com", "pending");
    await addSubscriber("gone@example.com", "unsubscribed");
    const response = (await csvLoader(get("/admin/subscribers.csv"))) as Response;
    expect((await response.text()).split("\r\n")).toEqual(["email,subscribed_at", "yes@example.com,2026-01-02T00:00:00.000Z", ""]);
  });
});

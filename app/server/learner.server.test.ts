import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buyerEmail, insertEnrollment, requestWithCookie, routeArgs, seedTestDb, testDb } from "../../tests/support/db";
import * as learnHome from "~/routes/learn/home";
import * as access from "~/routes/learn/access";
import {
  ACCESS_LINK_TTL_MINUTES,
  LEARNER_COOKIE,
  LEARNER_SESSION_DAYS,
  getLearnerSession,
  issueAccessToken,
  redeemAccessToken,
  startLearnerSession,
} from "./learner.server";

const mailTo = async (to: string) =>
  (
    await env.DB.prepare('SELECT kind, subject, text FROM mail_log WHERE "to" = ? ORDER BY id')
      .bind(to)
      .all<{ kind: string; subject: string; text: string }>()
  ).results;

const linkIn = (text: string) => text.match(/\/learn\/access\/([A-Za-z0-9_-]{43})/)?.[1];

describe("access links", () => {
  it("a link opens once: the first use gives the address, a reuse nothing", async () => {
    const db = await seedTestDb();
    const email = buyerEmail();
    await insertEnrollment(db, { email, courseId: 1 });
    const token = await issueAccessToken(db, { email, courseId: 1, ttlMinutes: 60 });
    expect(await redeemAccessToken(db, token)).toEqual({ ok: true, email, courseId: 1 });
    expect(await redeemAccessToken(db, token)).toEqual({ ok: false, reason: "invalid" });
  });

  it("concurrent uses of one link: exactly one wins", async () => {
    const db = await seedTestDb();
    const email = buyerEmail();
    await insertEnrollment(db, { email, courseId: 2 });
    const token = await issueAccessToken(db, { email, courseId: 2, ttlMinutes: 60 });
    const results = await Promise.all(Array.from({ length: 8 }, () => redeemAccessToken(db, token)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("an expired, tampered or unknown link opens nothing, and only the hash is stored", async () => {
    const db = await seedTestDb();
    const email = buyerEmail();
    await insertEnrollment(db, { email, courseId: 1 });
    const issuedAt = new Date("2026-01-01T10:00:00Z");
    const token = await issueAccessToken(db, { email, courseId: 1, ttlMinutes: ACCESS_LINK_TTL_MINUTES }, issuedAt);
    const afterExpiry = new Date(issuedAt.getTime() + (ACCESS_LINK_TTL_MINUTES * 60 + 1) * 1000);
    expect(await redeemAccessToken(db, token, afterExpiry)).toEqual({ ok: false, reason: "invalid" });

    const fresh = await issueAccessToken(db, { email, courseId: 1, ttlMinutes: 60 });
    const tampered = (fresh[0] === "A" ? "B" : "A") + fresh.slice(1);
    expect(await redeemAccessToken(db, tampered)).toEqual({ ok: false, reason: "invalid" });
    expect(await redeemAccessToken(db, "x".repeat(43))).toEqual({ ok: false, reason: "invalid" });
    expect(await redeemAccessToken(db, "not a token")).toEqual({ ok: false, reason: "invalid" });
    const stored = (await env.DB.prepare("SELECT id FROM access_tokens").all<{ id: string }>()).results.map((r) => r.id);
    expect(stored).not.toContain(fresh);
    expect(stored.every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true);
    // The untampered link still works: the failed tries did not use it up.
    expect((await redeemAccessToken(db, fresh)).ok).toBe(true);
  });

  it("a link of an address whose purchase was refunded opens nothing", async () => {
    const db = await seedTestDb();
    const email = buyerEmail();
    await insertEnrollment(db, { email, courseId: 1, status: "refunded" });
    const token = await issueAccessToken(db, { email, courseId: 1, ttlMinutes: 60 });
    expect(await redeemAccessToken(db, token)).toEqual({ ok: false, reason: "nothing-owned" });
  });

  it("the link route sets an HttpOnly, SameSite=Lax session cookie and lands in the course", async () => {
    const db = await seedTestDb();
    const email = buyerEmail();
    await insertEnrollment(db, { email, courseId: 3 });
    const token = await issueAccessToken(db, { email, courseId: 3, ttlMinutes: 60 });
    const response = (await access.loader(routeArgs(`/learn/access/${token}`, { token })).catch((thrown: unknown) => thrown)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/courses/3/learn");
    const cookie = response.headers.get("Set-Cookie")!;
    // `token.signature`: a random token and its HMAC-SHA256.
    expect(cookie).toMatch(new RegExp(`^${LEARNER_COOKIE}=[A-Za-z0-9_-]{43}\\.[A-Za-z0-9_-]{43};`));
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure"); // http://localhost
    const session = await getLearnerSession(db, requestWithCookie("/learn", cookie.split(";")[0]));
    expect(session?.email).toBe(email);

    const again = (await access.loader(routeArgs(`/learn/access/${token}`, { token })).catch((thrown: unknown) => thrown)) as Response;
    expect(again.headers.get("Location")).toBe("/learn?notice=link-invalid");
    expect(again.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("learner sessions", () => {
  it("expire, and a forged or unknown cookie is nobody", async () => {
    const db = testDb();
    const start = new Date("2026-03-01T00:00:00Z");
    const session = (await startLearnerSession(db, "Someone@Example.com ", {}, start))!;
    const request = requestWithCookie("/learn", `${LEARNER_COOKIE}=${session.token}`);
    expect(await getLearnerSession(db, request, start)).toMatchObject({ email: "someone@example.com" });
    const later = new Date(start.getTime() + LEARNER_SESSION_DAYS * 24 * 3600 * 1000 + 1000);
    expect(await getLearnerSession(db, request, later)).toBeNull();
    expect(await getLearnerSession(db, requestWithCookie("/learn", `${LEARNER_COOKIE}=${"a".repeat(43)}`), start)).toBeNull();
    expect(await getLearnerSession(db, requestWithCookie("/learn", `${LEARNER_COOKIE}=${session.token}x`), start)).toBeNull();
  });
});

describe('"Get my access link"', () => {
  const ask = (email: string, address = "192.0.2.10") =>
    learnHome.action(
      routeArgs(
        new Request("http://localhost/learn", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": address },
          body: new URLSearchParams({ email }),
        }),
      ),
    ) as unknown as Promise<{ data: unknown; init: ResponseInit | null }>;

  it("answers the same whether or not the address bought anything, and mails only a buyer", async () => {
    const db = await seedTestDb();
    const buyer = buyerEmail();
    await insertEnrollment(db, { email: buyer, courseId: 1 });
    const stranger = buyerEmail();
    const forBuyer = await ask(buyer.toUpperCase(), "192.0.2.11");
    const forStranger = await ask(stranger, "192.0.2.12");
    expect(forBuyer.data).toEqual(forStranger.data);
    expect(forBuyer.init?.status ?? 200).toBe(forStranger.init?.status ?? 200);
    expect(await mailTo(stranger)).toEqual([]);
    const [mail] = await mailTo(buyer);
    expect(mail.kind).toBe("access-link");
    const token = linkIn(mail.text);
    expect(token).toBeDefined();
    expect((await redeemAccessToken(db, token!)).ok).toBe(true);
  });

  it("refuses a malformed address with a clear message", async () => {
    await seedTestDb();
    const answer = await ask("not-an-address");
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, error: "Please enter a valid email address." });
  });

  it("is rate-limited per client address (5 an hour), then 429 with Retry-After", async () => {
    await seedTestDb();
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await ask(buyerEmail(), "198.51.100.7"));
    expect(answers.slice(0, 5).every((a) => (a.init?.status ?? 200) === 200)).toBe(true);
    expect(answers[5].init?.status).toBe(429);
    expect(new Headers(answers[5].init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(answers[5].data).toMatchObject({ ok: false, error: expect.stringMatching(/Too many requests/) });
  });

  it("sends at most 3 links an hour to one recipient, however many addresses ask", async () => {
    const db = await seedTestDb();
    const buyer = buyerEmail();
    await insertEnrollment(db, { email: buyer, courseId: 2 });
    for (let i = 0; i < 5; i++) await ask(buyer, `203.0.113.${i + 1}`);
    expect(await mailTo(buyer)).toHaveLength(3);
  });
});

import { env } from "cloudflare:test";
import { assert, describe, expect, it, vi } from "vitest";
import { countingD1 } from "../../../tests/support/counting-d1";
import { buyerEmail, insertEnrollment, requestWithCookie, routeArgs, seedTestDb, testDb } from "../../../tests/support/db";
import * as learnHome from "~/routes/learn/home";
import * as access from "~/routes/learn/access";
import * as coursePage from "~/routes/course";
import { classifyRequest } from "../core/cache.server";
import {
  ACCESS_LINK_TTL_MINUTES,
  LEARNER_COOKIE,
  LEARNER_SESSION_DAYS,
  getLearnerSession,
  handleAccessLinkRequest,
  hasLearnerCookie,
  issueAccessToken,
  redeemAccessToken,
  startLearnerSession,
} from "./learner.server";
import { withVars } from "../../../tests/support/env";
import { mailRows } from "../../../tests/support/mail";

const mailTo = async (to: string) =>
  mailRows<{ kind: string; subject: string; text: string }>('SELECT kind, subject, text FROM mail_log WHERE "to" = ? ORDER BY id', to);

/** A queue message as the consumer receives it, recording whether it was acknowledged. */
function fakeMessage(body: unknown) {
  const message = {
    id: crypto.randomUUID(),
    timestamp: new Date(),
    body,
    attempts: 1,
    acked: false,
    retried: false,
    ack: () => {
      message.acked = true;
    },
    retry: () => {
      message.retried = true;
    },
  };
  return message;
}

/** A fresh buyer of one course (paid, or refunded) and an hour-long access link of theirs. */
async function buyerWithLink(courseId: number, status: "paid" | "refunded" = "paid") {
  const db = await seedTestDb();
  const email = buyerEmail();
  await insertEnrollment(db, { email, courseId, status });
  const token = await issueAccessToken(db, { email, courseId, ttlMinutes: 60 });
  return { db, email, token };
}

const linkIn = (text: string) => text.match(/\/learn\/access\/([A-Za-z0-9_-]{43})/)?.[1];

describe("access links", () => {
  it("a link opens once: the first use gives the address, a reuse nothing", async () => {
    const { db, email, token } = await buyerWithLink(1);
    expect(await redeemAccessToken(db, token)).toEqual({ ok: true, email, courseId: 1 });
    expect(await redeemAccessToken(db, token)).toEqual({ ok: false, reason: "invalid" });
  });

  it("concurrent uses of one link: exactly one wins", async () => {
    const { db, token } = await buyerWithLink(2);
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
    const { db, token } = await buyerWithLink(1, "refunded");
    expect(await redeemAccessToken(db, token)).toEqual({ ok: false, reason: "nothing-owned" });
  });

  it("the link route sets an HttpOnly, SameSite=Lax session cookie and lands in the course", async () => {
    const { db, email, token } = await buyerWithLink(3);
    const response = (await access.loader(routeArgs(`/learn/access/${token}`, { token })).catch((thrown: unknown) => thrown)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/courses/3/learn");
    const cookie = response.headers.get("Set-Cookie")!;
    // `token.signature`: a random token and its HMAC-SHA256.
    expect(cookie).toMatch(new RegExp(`^${LEARNER_COOKIE}=[A-Za-z0-9_-]{43}\\.[A-Za-z0-9_-]{43};`));
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).not.toContain("Secure"); // http://localhost
    const session = await getLearnerSession(db, requestWithCookie("/learn", cookie.split(";")[0] ?? ""));
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

  it("answers the same whether or not the address bought anything, with the same D1 and queue work, and mails only a buyer", async () => {
    const db = await seedTestDb();
    const buyer = buyerEmail();
    await insertEnrollment(db, { email: buyer, courseId: 1 });
    const stranger = buyerEmail();
    const queued: unknown[] = [];
    const send = vi.spyOn(env.MAIL_QUEUE, "send").mockImplementation(async (body: unknown) => {
      queued.push(body);
      return { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } } as never;
    });
    try {
      const asked = async (email: string, address: string) => {
        const d1 = countingD1();
        const before = queued.length;
        const answer = await d1.run(() => ask(email, address));
        return { answer, trips: d1.trips, jobs: queued.slice(before) };
      };
      const forBuyer = await asked(buyer.toUpperCase(), "192.0.2.11");
      const forStranger = await asked(stranger, "192.0.2.12");
      expect(forBuyer.answer).toEqual(forStranger.answer);
      expect(forBuyer.answer).toMatchObject({ ok: true });
      // The same statements (the client's rate limit only) and one queued job each: nothing tells the paths apart.
      expect(forBuyer.trips).toEqual(forStranger.trips);
      expect(forBuyer.trips.flat().join("\n")).not.toMatch(/enrollments|access_tokens|mail_log/);
      expect(forBuyer.jobs).toEqual([{ accessLinkRequest: { email: buyer, origin: "http://localhost" } }]);
      expect(forStranger.jobs).toEqual([{ accessLinkRequest: { email: stranger, origin: "http://localhost" } }]);
      expect(await mailTo(buyer)).toEqual([]);

      // The queue's consumer decides: a link for the buyer, nothing for the stranger.
      const mailQueue = { send: async () => ({}) as never };
      for (const body of [...forBuyer.jobs, ...forStranger.jobs]) {
        const message = fakeMessage(body);
        await handleAccessLinkRequest(message as never, { db, queue: mailQueue });
        expect(message.acked).toBe(true);
      }
    } finally {
      send.mockRestore();
    }
    expect(await mailTo(stranger)).toEqual([]);
    const [mail] = await mailTo(buyer);
    expect(mail?.kind).toBe("access-link");
    const token = linkIn(mail?.text ?? "");
    expect(token).toBeDefined();
    expect((await redeemAccessToken(db, token!)).ok).toBe(true);
  });

  it("refuses a malformed address with a clear message", async () => {
    await seedTestDb();
    const answer = await ask("not-an-address");
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, message: "Please enter a valid email address.", field: "email" });
  });

  it("is rate-limited per client address (5 an hour), then 429 with Retry-After", async () => {
    await seedTestDb();
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await ask(buyerEmail(), "198.51.100.7"));
    expect(answers.slice(0, 5).every((a) => (a.init?.status ?? 200) === 200)).toBe(true);
    expect(answers[5]?.init?.status).toBe(429);
    expect(new Headers(answers[5]?.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(answers[5]?.data).toMatchObject({ ok: false, message: expect.stringMatching(/Too many requests/) });
  });

  it("sends at most 3 links an hour to one recipient, however many addresses ask (decided by the queue's consumer)", async () => {
    const db = await seedTestDb();
    const buyer = buyerEmail();
    await insertEnrollment(db, { email: buyer, courseId: 2 });
    const mailQueue = { send: async () => ({}) as never };
    await Promise.all(
      Array.from({ length: 5 }, () =>
        handleAccessLinkRequest(fakeMessage({ accessLinkRequest: { email: buyer, origin: "http://localhost" } }) as never, {
          db,
          queue: mailQueue,
        }),
      ),
    );
    expect(await mailTo(buyer)).toHaveLength(3);
  });
});

describe("the learner cookie is signed (LEARNER_SESSION_SECRET)", () => {
  it("holds token.signature; an unsigned or forged cookie is no cookie, even when its token's hash is a live session", async () => {
    const db = testDb();
    const session = (await startLearnerSession(db, buyerEmail()))!;
    const [token, signature] = session.token.split(".");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    assert(token && signature, "the token and its signature");
    expect(await getLearnerSession(db, requestWithCookie("/learn", `${LEARNER_COOKIE}=${session.token}`))).not.toBeNull();
    // The bare token (the old, unsigned cookie): its hash is in D1, and still it opens nothing.
    const unsigned = requestWithCookie("/learn", `${LEARNER_COOKIE}=${token}`);
    expect(await hasLearnerCookie(unsigned)).toBe(false);
    expect(await getLearnerSession(db, unsigned)).toBeNull();
    const forged = `${token}.${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    expect(await getLearnerSession(db, requestWithCookie("/learn", `${LEARNER_COOKIE}=${forged}`))).toBeNull();
  });

  it("a forged or unsigned learner cookie is an anonymous visitor's for the page cache; a signed one is private", async () => {
    const session = (await startLearnerSession(testDb(), buyerEmail()))!;
    const page = (cookie: string) => classifyRequest(requestWithCookie("/courses/1", `${LEARNER_COOKIE}=${cookie}`));
    expect(await page("a".repeat(43))).toBe("public-page");
    expect(await page(`${"a".repeat(43)}.${"b".repeat(43)}`)).toBe("public-page");
    expect(await page(session.token.split(".")[0] ?? "")).toBe("public-page");
    expect(await page(session.token)).toBe("private");
  });

  it("a forged cookie costs the course page no D1 query for a session", async () => {
    await seedTestDb();
    const d1 = countingD1();
    const forged = requestWithCookie("/courses/1", `${LEARNER_COOKIE}=${"a".repeat(43)}.${"b".repeat(43)}`);
    await d1.run(() => coursePage.loader(routeArgs(forged, { id: "1" }) as never));
    expect(d1.trips.flat().join("\n")).not.toContain("learner_sessions");
  });

  it("without the secret, learner sign-in is off: no session starts, no cookie counts, and an access link is not used up", async () => {
    const db = await seedTestDb();
    const email = buyerEmail();
    await insertEnrollment(db, { email, courseId: 1 });
    const signed = (await startLearnerSession(db, email))!;
    const token = await issueAccessToken(db, { email, courseId: 1, ttlMinutes: 60 });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const missing of [undefined, "too-short"]) {
        await withVars({ LEARNER_SESSION_SECRET: missing }, async () => {
          expect(await startLearnerSession(db, email)).toBeNull();
          expect(await getLearnerSession(db, requestWithCookie("/learn", `${LEARNER_COOKIE}=${signed.token}`))).toBeNull();
          const response = (await access
            .loader(routeArgs(`/learn/access/${token}`, { token }))
            .catch((thrown: unknown) => thrown)) as Response;
          expect(response.headers.get("Location")).toBe("/learn?notice=sign-in-unavailable");
          expect(response.headers.get("Set-Cookie")).toBeNull();
        });
      }
      expect(errors).toHaveBeenCalledWith(expect.stringContaining("LEARNER_SESSION_SECRET is missing"));
    } finally {
      errors.mockRestore();
    }
    // The link was kept for when sign-in works again.
    expect((await redeemAccessToken(db, token)).ok).toBe(true);
  });
});

describe("access links and link scanners", () => {
  it("a HEAD or a prefetch of a link does not use it up or start a session; the click after it does", async () => {
    const { token } = await buyerWithLink(1);
    const path = `/learn/access/${token}`;
    const looks = [
      new Request(`http://localhost${path}`, { method: "HEAD" }),
      new Request(`http://localhost${path}`, { headers: { "Sec-Purpose": "prefetch" } }),
      new Request(`http://localhost${path}`, { headers: { "Sec-Purpose": "prefetch;prerender" } }),
      new Request(`http://localhost${path}`, { headers: { Purpose: "prefetch" } }),
    ];
    // All at once, as a scanner and a browser's prefetch may come.
    const answers = (await Promise.all(
      looks.map((request) => access.loader(routeArgs(request, { token })).catch((thrown: unknown) => thrown)),
    )) as Response[];
    for (const answer of answers) {
      expect(answer.headers.get("Set-Cookie")).toBeNull();
      expect(answer.headers.get("Location")).toBeNull();
      expect(answer.headers.get("Cache-Control")).toContain("no-store");
    }
    expect(answers.slice(1).every((answer) => answer.status === 503)).toBe(true);
    const click = (await access.loader(routeArgs(path, { token })).catch((thrown: unknown) => thrown)) as Response;
    expect(click.headers.get("Location")).toBe("/courses/1/learn");
    expect(click.headers.get("Set-Cookie")).toMatch(new RegExp(`^${LEARNER_COOKIE}=`));
    expect(click.headers.get("Referrer-Policy")).toBe("no-referrer");
  });
});

/**
 * D1 read replicas, read correctly (docs/architecture.md, "D1 read replicas"): a request that wrote hands its bookmark
 * back, and the next request's session starts from it. The requests go through the Worker's own fetch over a server
 * build made from app/routes.ts (as in workers/identity.test.ts), on a D1 whose replica lags behind its primary
 * (tests/support/lagging-d1.ts): a read that is not given a bookmark at least as new as the last write sees the
 * learner sessions as they were before it.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buyerEmail, insertEnrollment, seedTestDb, testDb } from "../tests/support/db";
import { laggingD1 } from "../tests/support/lagging-d1";
import { serverBuild } from "../tests/support/server-build";
import { BOOKMARK_COOKIE, BOOKMARK_COOKIE_MAX_AGE_SECONDS, BOOKMARK_HEADER } from "~/server/core/db.server";
import { LEARNER_COOKIE, issueAccessToken } from "~/server/learning/learner.server";
import { createFetchHandler } from "./fetch-handler";
import { serverBuildHandler } from "./request-handler";

const ORIGIN = "http://localhost";
let fetchWorker: ReturnType<typeof createFetchHandler>;
let d1: ReturnType<typeof laggingD1>;

beforeAll(() => {
  fetchWorker = createFetchHandler(serverBuildHandler(async () => serverBuild(), "production", false));
});
beforeEach(async () => {
  await seedTestDb();
  d1 = laggingD1(["learner_sessions"]);
  await d1.catchUp();
});
afterEach(() => d1.drop());

/** The Worker's answer to `path`, on the lagging D1, with the cookies a browser would send. */
async function send(path: string, cookies: Record<string, string> = {}, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  if (cookie) headers.set("Cookie", cookie);
  headers.set("CF-Connecting-IP", "203.0.113.91");
  const ctx = createExecutionContext();
  const response = await fetchWorker(
    new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init, headers }),
    { ...env, DB: d1.binding },
    ctx,
  );
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return response;
}

/** The cookies a response sets, as a browser keeps them: name to value (a cleared one has the value ""). */
function setCookies(response: Response) {
  const jar: Record<string, string> = {};
  const attributes: Record<string, string> = {};
  for (const header of response.headers.getSetCookie()) {
    const [pair = "", ...rest] = header.split(";");
    const index = pair.indexOf("=");
    jar[pair.slice(0, index).trim()] = pair.slice(index + 1).trim();
    attributes[pair.slice(0, index).trim()] = rest.map((each) => each.trim()).join("; ");
  }
  return { jar, attributes };
}

/** An access link of an address that owns course 1, made long enough ago that the replica has it. */
async function accessLink() {
  const email = buyerEmail();
  await insertEnrollment(testDb(), { email, courseId: 1 });
  const token = await issueAccessToken(testDb(), { email, courseId: 1, ttlMinutes: 60 });
  await d1.catchUp();
  return `/learn/access/${token}`;
}

describe("an access link, then the course", () => {
  it("the redirect sets the learner cookie and the bookmark cookie of the new session; the course page, sent both, sees the session", async () => {
    const redirect = await send(await accessLink());
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/courses/1/learn");
    const { jar, attributes } = setCookies(redirect);
    expect(jar[LEARNER_COOKIE]).toBeTruthy();
    // The session was written at the primary: the bookmark is the primary's, newer than the lagging replica.
    expect(jar[BOOKMARK_COOKIE]).toBe(d1.latest());
    expect(redirect.headers.get(BOOKMARK_HEADER)).toBe(d1.latest());
    expect(attributes[BOOKMARK_COOKIE]).toBe(`Path=/; HttpOnly; SameSite=Lax; Max-Age=${BOOKMARK_COOKIE_MAX_AGE_SECONDS}`);

    const course = await send("/courses/1/learn", jar);
    expect(d1.constraints.at(-1)).toBe(d1.latest());
    // Into the course (its first lesson), not back to the course page as signed out.
    expect(course.status).toBe(302);
    expect(course.headers.get("Location")).toMatch(/^\/courses\/1\/learn\/\d+$/);
    const lesson = await send(course.headers.get("Location")!, jar);
    expect(lesson.status).toBe(200);
  });

  it("without the bookmark cookie the same page reads the lagging replica and bounces the learner: the cookie is what makes it work", async () => {
    const { jar } = setCookies(await send(await accessLink()));
    const { [BOOKMARK_COOKIE]: _bookmark, ...learnerOnly } = jar;
    const stale = await send("/courses/1/learn", learnerOnly);
    expect(d1.constraints.at(-1)).toBe("first-unconstrained");
    expect(stale.status).toBe(302);
    expect(stale.headers.get("Location")).toBe("/courses/1?access=required");

    // Once the replica has caught up, the cookie is no longer needed (it lives a minute).
    await d1.catchUp();
    const caughtUp = await send("/courses/1/learn", learnerOnly);
    expect(caughtUp.headers.get("Location")).toMatch(/^\/courses\/1\/learn\/\d+$/);
  });

  it("a bookmark cookie that is not one (not D1's shape: wrong characters or length) is ignored: the request starts anywhere", async () => {
    const { jar } = setCookies(await send(await accessLink()));
    const good = d1.latest();
    for (const bad of ["a".repeat(59), "%3Cscript%3E", "", `${good}"`, good.slice(1), `${good}0`, `zzzzzzzz${good.slice(8)}`]) {
      await send("/courses/1/learn", { ...jar, [BOOKMARK_COOKIE]: bad });
      expect(d1.constraints.at(-1)).toBe("first-unconstrained");
    }
  });
});

describe("who gets the bookmark, and where", () => {
  it("a signed-in learner's read sets no cookie; nor does a page for a visitor who never signed in", async () => {
    const { jar } = setCookies(await send(await accessLink()));
    const read = await send("/courses/1/learn", jar);
    expect(read.headers.getSetCookie()).toEqual([]);
    expect(read.headers.get(BOOKMARK_HEADER)).toBeNull();
    const anonymous = await send("/articles");
    expect(anonymous.headers.getSetCookie()).toEqual([]);
    expect(d1.constraints.at(-1)).toBe("first-unconstrained");
  });

  it("an anonymous visitor's write gets the bookmark in the header only, never a cookie", async () => {
    const response = await send(
      "/api/newsletter/subscribe",
      {},
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN },
        body: JSON.stringify({ email: buyerEmail() }),
      },
    );
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get(BOOKMARK_HEADER)).toBe(d1.latest());
    expect(response.headers.getSetCookie()).toEqual([]);
    // A fetch caller sends it back: its next read starts from it.
    await send("/articles", {}, { headers: { [BOOKMARK_HEADER]: response.headers.get(BOOKMARK_HEADER)! } });
    expect(d1.constraints.at(-1)).toBe(d1.latest());
  });

  it("signing out clears the bookmark cookie along with the session", async () => {
    const { jar } = setCookies(await send(await accessLink()));
    const out = await send("/learn/sign-out", jar, { method: "POST", headers: { Origin: ORIGIN } });
    const cleared = setCookies(out).jar;
    expect(cleared[LEARNER_COOKIE]).toBe("");
    expect(cleared[BOOKMARK_COOKIE]).toBe("");
  });

  it("writes and the payment-success page read at the primary", async () => {
    await send("/courses/payment-success");
    expect(d1.constraints.at(-1)).toBe("first-primary");
    await send(
      "/api/newsletter/subscribe",
      {},
      { method: "POST", headers: { "Content-Type": "application/json", Origin: ORIGIN }, body: "{}" },
    );
    expect(d1.constraints.at(-1)).toBe("first-primary");
  });
});

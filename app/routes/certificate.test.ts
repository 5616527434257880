/**
 * A certificate after a refund (issue #24, item 2): a refund that removes access closes it (410, nothing of the
 * certificate in the answer); a refund that keeps access keeps it.
 */
import { createExecutionContext, env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { insertEnrollment, routeArgs, seedTestDb } from "../../tests/support/db";
import { serverBuild } from "../../tests/support/server-build";
import { createFetchHandler } from "../../workers/fetch-handler";
import { serverBuildHandler } from "../../workers/request-handler";
import type { Database } from "~/server/core/db.server";
import { markEnrollmentRefunded } from "~/server/payments/payments.server";
import * as certificatePage from "./certificate";

let db: Database;
beforeEach(async () => {
  db = await seedTestDb();
});

const CERTIFICATE_ID = "c".repeat(43);

/** A buyer of course 1 holding its certificate, made out to "Ada Lovelace". */
async function holder() {
  const enrollment = await insertEnrollment(db, { email: "ada@example.com", courseId: 1 });
  await env.DB.prepare("INSERT INTO certificates (id, email, course_id, name) VALUES (?, 'ada@example.com', 1, 'Ada Lovelace')")
    .bind(CERTIFICATE_ID)
    .run();
  return enrollment;
}

/** What the route answers: the loader's data, or the Response it threw. */
const open = () =>
  (
    certificatePage.loader(
      routeArgs(`http://localhost/certificates/${CERTIFICATE_ID}`, { id: CERTIFICATE_ID }) as never,
    ) as Promise<unknown>
  ).then(
    (data) => ({ status: 200, data }),
    async (thrown: unknown) => {
      if (!(thrown instanceof Response)) throw thrown;
      return { status: thrown.status, data: await thrown.text() };
    },
  );

describe("certificates after a refund", () => {
  it("a paid course's certificate answers 200 with the certificate", async () => {
    await holder();
    expect(await open()).toMatchObject({ status: 200, data: { name: "Ada Lovelace", courseId: 1 } });
  });

  it("a refund that removes access closes the certificate: 410, and nothing of it in the answer", async () => {
    const enrollment = await holder();
    await markEnrollmentRefunded(db, { paymentIntentId: enrollment.paymentIntentId, refundId: "re_1", refundedCents: 4900 });
    const answer = await open();
    expect(answer.status).toBe(410);
    expect(JSON.stringify(answer.data)).not.toMatch(/Ada|Lovelace|Stoic/);
  });

  it("a refund that keeps access keeps the certificate", async () => {
    const enrollment = await holder();
    await env.DB.prepare("UPDATE enrollments SET keep_access = 1 WHERE id = ?").bind(enrollment.id).run();
    await markEnrollmentRefunded(db, { paymentIntentId: enrollment.paymentIntentId, refundId: "re_1", refundedCents: 4900 });
    expect(await open()).toMatchObject({ status: 200, data: { name: "Ada Lovelace" } });
  });

  it("a refunded duplicate does not close the certificate of the order that still opens the course", async () => {
    await holder();
    await insertEnrollment(db, { email: "ada@example.com", courseId: 1, status: "refunded" });
    expect(await open()).toMatchObject({ status: 200, data: { name: "Ada Lovelace" } });
  });
});

describe("a closed certificate through the Worker", () => {
  const fetchWorker = createFetchHandler(serverBuildHandler(async () => serverBuild(), "production", false));
  const get = (path: string) => fetchWorker(new Request(`http://localhost${path}`), env as Env, createExecutionContext());

  it("answers 410 to the page and to its .data, with a plain explanation and nothing of the certificate", async () => {
    const enrollment = await holder();
    const before = await get(`/certificates/${CERTIFICATE_ID}.data`);
    expect(before.status).toBe(200);
    expect(await before.text()).toContain("Ada Lovelace");

    await markEnrollmentRefunded(db, { paymentIntentId: enrollment.paymentIntentId, refundId: "re_1", refundedCents: 4900 });
    const page = await get(`/certificates/${CERTIFICATE_ID}`);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain("This certificate is no longer valid");
    expect(html).not.toMatch(/Ada|Lovelace/);
    const data = await get(`/certificates/${CERTIFICATE_ID}.data`);
    expect(data.status).toBe(410);
    expect(await data.text()).not.toMatch(/Ada|Lovelace/);
  });
});

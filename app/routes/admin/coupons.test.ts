/** The Coupons page as React Router runs it (inside the route guard): the owner's, sales like the orders. */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { adminCookie, editorCookie } from "../../../tests/support/admin";
import { routeArgs, seedTestDb } from "../../../tests/support/db";
import { asRouted } from "../../../tests/support/routes";
import * as coupons from "./coupons";
import * as layout from "./layout";

const createAction = asRouted(coupons, "action", [layout]);
const listLoader = asRouted(coupons, "loader", [layout]);

type Answer = { init: ResponseInit | null; data: { ok: boolean; message: string; fieldErrors?: Record<string, string> } };
const answer = (value: unknown): Answer =>
  value && typeof value === "object" && "init" in value ? (value as Answer) : { init: null, data: value as Answer["data"] };

let cookie: string;
beforeEach(async () => {
  await seedTestDb();
  await env.DB.batch([env.DB.prepare("DELETE FROM coupon_redemptions"), env.DB.prepare("DELETE FROM coupons")]);
  cookie = await adminCookie();
});

const post = (fields: [string, string][], as = cookie) =>
  routeArgs(
    new Request("http://localhost/admin/coupons", {
      method: "POST",
      headers: { Origin: "http://localhost", Cookie: as },
      body: new URLSearchParams(fields),
    }),
  ) as never;
const CREATE: [string, string][] = [
  ["intent", "create"],
  ["code", "spring-25"],
  ["kind", "percent"],
  ["value", "25"],
  ["courseIds", "1"],
  ["courseIds", "2"],
  ["maxUses", "10"],
  ["active", "on"],
];
const rows = async () => (await env.DB.prepare("SELECT code, kind, value, course_ids, max_uses, active FROM coupons").all()).results;

describe("the coupons page", () => {
  it("the owner creates a coupon: the code upper-cased, the ticked courses, empty limits as none", async () => {
    expect(answer(await createAction(post(CREATE))).data).toMatchObject({ ok: true, message: "Coupon SPRING-25 created." });
    expect(await rows()).toEqual([{ code: "SPRING-25", kind: "percent", value: 25, course_ids: "[1,2]", max_uses: 10, active: 1 }]);
    const taken = answer(await createAction(post(CREATE)));
    expect([taken.init?.status, taken.data.message]).toEqual([409, "There is already a coupon SPRING-25."]);
    const listed = (await listLoader(
      routeArgs(new Request("http://localhost/admin/coupons", { headers: { Cookie: cookie } })) as never,
    )) as {
      coupons: { code: string; uses: number }[];
    };
    expect(listed.coupons).toMatchObject([{ code: "SPRING-25", uses: 0 }]);
  });

  it("refuses bad terms with 400 naming the field, never a 500", async () => {
    const over = answer(await createAction(post(CREATE.map(([k, v]) => [k, k === "value" ? "120" : v]))));
    expect([over.init?.status, over.data.fieldErrors?.value]).toEqual([400, "A percentage is a whole number from 1 to 100."]);
    const badCode = answer(await createAction(post(CREATE.map(([k, v]) => [k, k === "code" ? "no spaces" : v]))));
    expect([badCode.init?.status, badCode.data.fieldErrors?.code]).toEqual([400, "A code uses letters, digits, - and _ only."]);
    const backwards = answer(await createAction(post([...CREATE, ["startsAt", "2026-12-02T00:00"], ["endsAt", "2026-12-01T00:00"]])));
    expect([backwards.init?.status, backwards.data.fieldErrors?.endsAt]).toEqual([400, "The end must come after the start."]);
    expect(await rows()).toEqual([]);
  });

  it("deactivates and activates; an editor may not (403), nor see the page", async () => {
    await createAction(post(CREATE));
    const { id } = (await env.DB.prepare("SELECT id FROM coupons").first<{ id: number }>()) ?? { id: 0 };
    const off = answer(
      await createAction(
        post([
          ["intent", "set-active"],
          ["id", String(id)],
          ["active", "false"],
        ]),
      ),
    );
    expect(off.data).toMatchObject({ ok: true, message: "Coupon deactivated." });
    expect(await rows()).toMatchObject([{ active: 0 }]);
    const editor = await editorCookie();
    const refused = answer(
      await createAction(
        post(
          [
            ["intent", "set-active"],
            ["id", String(id)],
            ["active", "true"],
          ],
          editor,
        ),
      ),
    );
    expect(refused.init?.status).toBe(403);
    expect(await rows()).toMatchObject([{ active: 0 }]);
    const page = await listLoader(routeArgs(new Request("http://localhost/admin/coupons", { headers: { Cookie: editor } })) as never).then(
      (value) => value,
      (error: unknown) => error,
    );
    // The guard refuses with React Router's `data(…, { status })`, thrown.
    expect((page as { init?: ResponseInit }).init?.status).toBe(403);
  });
});

/**
 * Property-based fuzzing of every write endpoint (fast-check): random and malformed bodies, huge
 * strings, wrong types, unicode, SQL and script payloads, wrong content types. Whatever arrives, the
 * answer is never a 5xx, every error is `{ message }` JSON without a stack trace (the contact page's
 * action answers `{ ok: false, message, fieldErrors }`), and afterwards D1 holds only rows its schemas accept.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { TEST_ORIGIN, adminCookie, adminRequest, storedVersion } from "../../../tests/support/admin";
import { type JsonBody, type RouteAction, routeArgs, seedTestDb, buyerEmail } from "../../../tests/support/db";
import { emulatorSecrets, bindStripeEmulatorPerTest, forgedSucceededEvent } from "../../../tests/support/stripe";
import { PRACTICE_CATEGORIES, articleUpdateSchema, practiceSchema, resourceSchema } from "~/lib/admin-schemas";
import { contactSchema, newsletterSchema } from "~/lib/schemas";
import * as contact from "~/routes/contact";
import * as login from "~/routes/login";
import * as markdownPreview from "./admin.markdown-preview";
import * as articleById from "./content-item";
import * as articlesList from "./content-collection";
import * as createPaymentIntent from "./create-payment-intent";
import * as newsletter from "./newsletter.subscribe";
import * as paymentSuccess from "./payment-success";
import * as practiceById from "./content-item";
import * as practicesList from "./content-collection";
import * as resourceById from "./content-item";
import * as resourcesList from "./content-collection";
import * as webhook from "./stripe.webhook";

/** Per endpoint; the whole file stays well under a minute. */
const RUNS = 200;
const fuzz = <T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => Promise<void>) =>
  fc.assert(fc.asyncProperty(arbitrary, check), { numRuns: RUNS });

// ---- hostile values ----------------------------------------------------------------------------

const PAYLOADS = [
  "'; DROP TABLE newsletter_subscribers; --",
  "' OR '1'='1",
  "1; DELETE FROM articles",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(document.cookie)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example/x.png",
  "/\\evil.example",
  "\u0000\u0001\u001f",
  "\ud800",
  "👩‍👩‍👧‍👦🏳️‍🌈 שלום مرحبا 𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal template-injection probe, meant to reach the server unexpanded
  "${7*7}{{7*7}}",
  "__proto__",
  "a@b.c",
  "   ",
  "",
];

/** Strings from tiny to past the 64 KB body limit. */
const hugeString = fc
  .tuple(fc.constantFrom("x", "é", "𝔄", "<script>", "'"), fc.integer({ min: 10_000, max: 100_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

const nastyString = fc.oneof(
  fc.constantFrom(...PAYLOADS),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  { arbitrary: hugeString, weight: 1 },
);

/** Any value of the wrong (or right) type. */
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 4 },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
);

/** A valid body with some fields replaced by hostile values, some removed, and unknown ones added. */
function mutated(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  return fc
    .record({
      replace: fc.dictionary(fc.constantFrom(...keys), nastyValue, { maxKeys: keys.length }),
      remove: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      extra: fc.dictionary(fc.constantFrom("id", "createdAt", "__proto__", "admin", "price", "isAdmin"), nastyValue, { maxKeys: 2 }),
    })
    .map(({ replace, remove, extra }) => {
      const body: Record<string, unknown> = { ...extra, ...valid, ...replace };
      for (const key of remove) delete body[key];
      return body;
    });
}

type RawBody = { text: string; contentType: string | null };

const JSON_TYPES = ["application/json", "application/json; charset=utf-8", "application/vnd.api+json"];
const OTHER_TYPES = [
  null,
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/jsonx",
  "text/json",
];

/** Bodies as sent over the wire: mostly JSON of valid-ish or arbitrary shape, some malformed, some mislabelled. */
function jsonBodies(valid: Record<string, unknown>): fc.Arbitrary<RawBody> {
  const asJson = (value: unknown) =>
    fc.constantFrom(...JSON_TYPES).map((contentType) => ({ text: JSON.stringify(value) ?? "null", contentType }));
  return fc.oneof(
    { arbitrary: fc.constant(valid).chain(asJson), weight: 1 },
    { arbitrary: mutated(valid).chain(asJson), weight: 6 },
    { arbitrary: fc.jsonValue().chain(asJson), weight: 2 },
    { arbitrary: fc.record({ text: nastyString, contentType: fc.constantFrom(...JSON_TYPES) }), weight: 1 },
    {
      arbitrary: fc.record({ text: fc.jsonValue().map((v) => JSON.stringify(v) ?? ""), contentType: fc.constantFrom(...OTHER_TYPES) }),
      weight: 1,
    },
  );
}

/** A form post of an object's fields (non-text values as their JSON). */
function formBody(fields: unknown): RawBody {
  const params = new URLSearchParams();
  if (fields && typeof fields === "object") {
    for (const [key, value] of Object.entries(fields))
      params.append(key, typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
  }
  return { text: params.toString(), contentType: "application/x-www-form-urlencoded" };
}

// ---- checks --------------------------------------------------------------------------------------

let requestCount = 0;
/** A distinct client address per request, so the abuse limits let the fuzzing reach the handlers. */
const nextAddress = () => {
  requestCount += 1;
  return `198.18.${(requestCount >> 8) & 255}.${requestCount & 255}`;
};

function publicRequest(path: string, body: RawBody, headers: Record<string, string> = {}) {
  const all = new Headers({ "CF-Connecting-IP": nextAddress(), ...headers });
  if (body.contentType) all.set("Content-Type", body.contentType);
  return new Request(`http://localhost${path}`, { method: "POST", headers: all, body: body.text });
}

/** Never a 5xx; JSON everywhere; an error is exactly `{ message }` (and `field`, the body field at fault) with a sentence, never a stack trace. */
async function expectCleanJsonAnswer<T = JsonBody>(response: Response, context: string): Promise<T | null> {
  expect(response.status, context).toBeLessThan(500);
  if (response.status === 204) return null;
  expect(response.headers.get("content-type"), context).toMatch(/^application\/json/);
  const body = (await response.json()) as { message?: string; field?: string };
  if (response.status >= 400) {
    expect(body, context).toEqual(
      body.field === undefined ? { message: expect.any(String) } : { message: expect.any(String), field: expect.stringMatching(/^\w+$/) },
    );
    expectNoStackTrace(body.message as string, context);
  }
  return body as T;
}

function expectNoStackTrace(message: string, context: string) {
  expect(message.length, context).toBeGreaterThan(0);
  expect(message, context).not.toMatch(/\n\s+at |(Type|Reference|Syntax|Range)Error|SQLITE|D1_ERROR|undefined|\[object /);
}

const describeBody = (body: RawBody) => `${body.contentType} ${body.text.slice(0, 200)}`;

const rows = async <T = Record<string, unknown>>(sql: string) => (await env.DB.prepare(sql).all<T>()).results;

// ---- public writes --------------------------------------------------------------------------------

describe("public writes under fuzzing", () => {
  const stripe = bindStripeEmulatorPerTest();

  it("POST /api/newsletter/subscribe: never 5xx; every stored address is valid, trimmed, lower-cased and unique", async () => {
    const valid = { email: "reader@example.com" };
    const bodies = fc.oneof(
      jsonBodies(valid),
      fc
        .emailAddress()
        .chain((email) =>
          fc
            .constantFrom(...JSON_TYPES)
            .map((contentType) => ({ text: JSON.stringify({ email: ` ${email.toUpperCase()} ` }), contentType })),
        ),
    );
    await fuzz(bodies, async (body) => {
      const response = await newsletter.action(routeArgs(publicRequest("/api/newsletter/subscribe", body)));
      const answer = await expectCleanJsonAnswer<{ email: string }>(response, describeBody(body));
      if (response.ok) expect(answer!.email).toBe(answer!.email.trim().toLowerCase());
    });
    const stored = await rows<{ email: string }>("SELECT email FROM newsletter_subscribers");
    expect(stored.length).toBeGreaterThan(0);
    for (const { email } of stored) {
      expect(newsletterSchema.safeParse({ email }).success, email).toBe(true);
      expect(email).toBe(email.trim().toLowerCase());
    }
    expect(new Set(stored.map((row) => row.email)).size).toBe(stored.length);
  });

  it("the contact action: never 5xx; a refusal names its errors; every stored message passes the form's schema", async () => {
    const valid = { name: "Ada", email: "ada@example.com", subject: "general", message: "Hello there." };
    const bodies: fc.Arbitrary<RawBody> = fc.oneof(
      { arbitrary: mutated(valid).map(formBody), weight: 6 },
      { arbitrary: fc.constant(formBody(valid)), weight: 1 },
      { arbitrary: jsonBodies(valid), weight: 2 },
      {
        arbitrary: fc.record({
          text: nastyString,
          contentType: fc.constantFrom<string | null>(
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=--x",
            "multipart/form-data",
            null,
          ),
        }),
        weight: 2,
      },
    );
    await fuzz(bodies, async (body) => {
      const result = (await contact.action(routeArgs(publicRequest("/contact", body)))) as unknown;
      const context = describeBody(body);
      if (result && typeof result === "object" && "init" in result) {
        const { init, data } = result as {
          init: ResponseInit;
          data: { ok: boolean; message: string; fieldErrors?: Record<string, string> };
        };
        expect(init.status, context).toBeGreaterThanOrEqual(400);
        expect(init.status, context).toBeLessThan(500);
        expect(data.ok).toBe(false);
        const messages = [data.message, ...Object.values(data.fieldErrors ?? {})];
        expect(messages.length, context).toBeGreaterThan(0);
        for (const message of messages) expectNoStackTrace(message, context);
      } else {
        expect(result, context).toEqual({ ok: true, message: "Thank you for your message!" });
      }
    });
    const stored = await rows<{ name: string; email: string; subject: string; message: string }>(
      "SELECT name, email, subject, message FROM contact_messages",
    );
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(contactSchema.parse(row), JSON.stringify(row)).toEqual(row);
      expect(row.email).toBe(row.email.toLowerCase());
    }
  });

  it("the login action: never 5xx, never a session for made-up credentials", async () => {
    const bodies: fc.Arbitrary<RawBody> = fc.oneof(
      { arbitrary: mutated({ username: "test-admin", password: "not the password" }).map(formBody), weight: 4 },
      { arbitrary: jsonBodies({ username: "test-admin", password: "x" }), weight: 1 },
      {
        arbitrary: fc.record({
          text: nastyString,
          contentType: fc.constantFrom<string | null>("application/x-www-form-urlencoded", "multipart/form-data; boundary=--x", null),
        }),
        weight: 1,
      },
    );
    // Each attempt with a username and password costs a real PBKDF2 verification: fewer runs.
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const answer = (await login.action(routeArgs(publicRequest("/login", body)))) as unknown as {
          init: ResponseInit;
          data: { ok: boolean; message: string };
        };
        const context = describeBody(body);
        expect(answer.init.status, context).toBeGreaterThanOrEqual(400);
        expect(answer.init.status, context).toBeLessThan(500);
        expectNoStackTrace(answer.data.message, context);
      }),
      { numRuns: 40 },
    );
    expect(await rows("SELECT id FROM admin_sessions")).toEqual([]);
  });

  it("POST /api/create-payment-intent: never 5xx; every PaymentIntent created charges a course's own price", async () => {
    await seedTestDb();
    const prices = new Map(
      (await rows<{ id: number; price_cents: number }>("SELECT id, price_cents FROM courses")).map((c) => [c.id, c.price_cents]),
    );
    const valid = { email: buyerEmail(), courseId: 2, amount: 79, attemptId: "0b9ad5de-64c3-4b9e-9f5c-6ea0a0d1b1c4" };
    const bodies = fc.oneof(
      jsonBodies(valid),
      // Tampering: a real course with another amount, or the amount of another course.
      fc
        .record({
          email: fc.constant("fuzz@example.com"),
          courseId: fc.constantFrom(1, 2, 3, "1", 0, -1, 4, 1.5, 2 ** 53),
          amount: fc.constantFrom(0.01, 1, 49, 79, 129, 49.001, 1e9, -49, Number.MAX_VALUE),
        })
        .map((payload) => ({ text: JSON.stringify(payload), contentType: "application/json" })),
    );
    await fuzz(bodies, async (body) => {
      const response = await createPaymentIntent.action(routeArgs(publicRequest("/api/create-payment-intent", body)));
      const answer = await expectCleanJsonAnswer(response, describeBody(body));
      if (response.ok) expect(answer!.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    });
    const created = (
      (await (
        await stripe.emulator.fetch(
          new Request("http://localhost/v1/payment_intents?limit=100", {
            headers: { Authorization: `Bearer ${emulatorSecrets().secretKey}` },
          }),
        )
      ).json()) as { data: { amount: number; metadata: { courseId: string } }[] }
    ).data;
    expect(created.length).toBeGreaterThan(0);
    for (const intent of created) expect(intent.amount, JSON.stringify(intent.metadata)).toBe(prices.get(Number(intent.metadata.courseId)));
  });

  it("POST /api/payment-success: never 5xx, and nothing unpaid (or someone else's) enrols", async () => {
    await seedTestDb();
    // Real PaymentIntents, unpaid: their ids and secrets are mixed into the fuzz.
    const intents = await Promise.all(
      [1, 2].map(async (courseId) => {
        const response = await createPaymentIntent.action(
          routeArgs(
            publicRequest("/api/create-payment-intent", {
              text: JSON.stringify({ email: buyerEmail(), courseId, amount: courseId === 1 ? 49 : 79 }),
              contentType: "application/json",
            }),
          ),
        );
        return (await response.json()) as { clientSecret: string; paymentIntentId: string };
      }),
    );
    const [firstIntent] = intents;
    assert(firstIntent, "a payment intent to replay");
    const ids = fc.oneof(
      fc.constantFrom(...intents.map((i) => i.paymentIntentId)),
      fc.stringMatching(/^pi_[A-Za-z0-9_]{1,30}$/),
      nastyValue,
    );
    const secrets = fc.oneof(fc.constantFrom(...intents.map((i) => i.clientSecret)), nastyValue);
    const bodies = fc.oneof(
      fc
        .record({ paymentIntentId: ids, paymentIntentClientSecret: secrets })
        .map((payload) => ({ text: JSON.stringify(payload), contentType: "application/json" })),
      jsonBodies({ paymentIntentId: firstIntent.paymentIntentId, paymentIntentClientSecret: firstIntent.clientSecret }),
    );
    await fuzz(bodies, async (body) => {
      const response = await paymentSuccess.action(routeArgs(publicRequest("/api/payment-success", body)));
      await expectCleanJsonAnswer(response, describeBody(body));
      expect(response.ok, describeBody(body)).toBe(false);
    });
    expect(await rows("SELECT id FROM enrollments")).toEqual([]);
  });

  it("POST /api/stripe/webhook: never 5xx for unsigned or forged events, and nothing enrols", async () => {
    await seedTestDb();
    const event = (amount: number) => forgedSucceededEvent({ eventId: "evt_1", amount, courseId: "1" });
    const signature = fc.oneof(
      fc.constant(undefined),
      nastyString,
      fc.tuple(fc.integer({ min: 0, max: 2 ** 31 }), fc.stringMatching(/^[0-9a-f]{64}$/)).map(([t, v1]) => `t=${t},v1=${v1}`),
    );
    const payload = fc.oneof(
      fc.constantFrom(event(4900), event(1)),
      fc.jsonValue().map((value) => JSON.stringify(value) ?? ""),
      nastyString,
    );
    await fuzz(fc.record({ payload, signature }), async ({ payload, signature }) => {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      // Header values are bytes: keep the printable ASCII of the generated text.
      if (signature !== undefined) headers["Stripe-Signature"] = signature.replace(/[^\x20-\x7e]/g, "");
      const request = new Request("http://localhost/api/stripe/webhook", { method: "POST", headers, body: payload });
      const response = await webhook.action(routeArgs(request));
      const answer = await expectCleanJsonAnswer(response, `${signature} ${payload.slice(0, 200)}`);
      expect(response.status).toBe(400);
      expect(answer!.message).toMatch(/signature/i);
    });
    expect(await rows("SELECT id FROM enrollments")).toEqual([]);
  });
});

// ---- admin writes ---------------------------------------------------------------------------------

const ARTICLE_CATEGORY_NAMES = ["Philosophy", "Mindfulness", "Wellness"];

describe("admin writes under fuzzing (with a valid session)", () => {
  let cookie: string;
  beforeEach(async () => {
    // No seed: every content row in these tables then came through the API under test.
    await env.DB.prepare("INSERT INTO resource_categories (id, name) VALUES (1, 'Classics'), (2, 'Modern'), (3, 'Practice')").run();
    await env.DB.prepare(`INSERT OR IGNORE INTO article_categories (name) VALUES ${ARTICLE_CATEGORY_NAMES.map(() => "(?)").join(", ")}`)
      .bind(...ARTICLE_CATEGORY_NAMES)
      .run();
    cookie = await adminCookie();
  });

  const article = {
    title: "On Attention",
    excerpt: "Where the mind goes.",
    content: "## Notice\n\nOne breath.",
    imageUrl: "/images/a.svg",
    category: "Philosophy",
    readingTime: 5,
    authorId: 1,
    featured: false,
  };
  const practice = {
    title: "Evening Review",
    description: "Seneca's review.",
    imageUrl: "/images/practices/practice-1.svg",
    category: "Stoic",
    duration: 10,
    focus: "Reflection",
    audioUrl: "/audio/p.ogg",
    transcript: "Breathe.",
    featured: true,
  };
  const resource = { title: "Letters", author: "Seneca", categoryId: 1, description: "Moral letters.", url: "https://example.org/letters" };

  /** Creates one row through the API so that PUT has something real to change. */
  async function createThrough(action: RouteAction, path: string, body: unknown) {
    const response = await action(routeArgs(adminRequest("POST", path, { body, cookie })));
    expect(response.status).toBe(201);
    return String(((await response.json()) as { id: number }).id);
  }

  const idParam = (existing: string) =>
    fc.oneof(
      fc.constant(existing),
      fc.constantFrom("0", "-1", "abc", "1e3", " 1", "999999999999999999999", "1.5", ""),
      fc.string({ maxLength: 12 }),
    );

  async function fuzzAdminWrites(
    table: string,
    listAction: RouteAction,
    byIdAction: RouteAction,
    basePath: string,
    valid: Record<string, unknown>,
  ) {
    const existing = await createThrough(listAction, basePath, valid);
    // A PUT's If-Match: mostly the stored version (so that the body decides), else none or anything.
    const ifMatch = fc.oneof({ arbitrary: fc.constant("stored"), weight: 3 }, fc.constant(null), fc.string({ maxLength: 48 }));
    const cases = fc.record({ method: fc.constantFrom("POST", "PUT"), id: idParam(existing), body: jsonBodies(valid), ifMatch });
    await fuzz(cases, async ({ method, id, body, ifMatch }) => {
      const path = method === "POST" ? basePath : `${basePath}/${encodeURIComponent(id)}`;
      const headers = new Headers({ Origin: TEST_ORIGIN, Cookie: cookie });
      if (body.contentType) headers.set("Content-Type", body.contentType);
      if (method === "PUT" && ifMatch !== null) {
        headers.set("If-Match", ifMatch === "stored" ? `"${await storedVersion(`${basePath}/${existing}`)}"` : ifMatch);
      }
      const request = new Request(`${TEST_ORIGIN}${path}`, { method, headers, body: body.text });
      const response = method === "POST" ? await listAction(routeArgs(request)) : await byIdAction(routeArgs(request, { id }));
      await expectCleanJsonAnswer(response, `${method} ${path} ${describeBody(body)}`);
    });
    return rows(`SELECT * FROM ${table}`);
  }

  /** A stored row's columns under the API's field names, with SQLite's 0/1 `featured` as the boolean the API takes. */
  const storedFields = (row: Record<string, unknown>, fields: readonly string[]) =>
    Object.fromEntries(
      fields.map((field) => [
        field,
        field === "featured" ? row.featured === 1 : row[field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)],
      ]),
    );

  it.each([
    {
      path: "/api/articles",
      table: "articles",
      actions: [articlesList.action, articleById.action],
      valid: article,
      schema: articleUpdateSchema,
      fields: [
        "title",
        "excerpt",
        "content",
        "imageUrl",
        "imageCaption",
        "category",
        "readingTime",
        "authorId",
        "featured",
        "publishedDate",
      ],
      categoryColumn: "category",
      categories: ARTICLE_CATEGORY_NAMES,
    },
    {
      path: "/api/practices",
      table: "practices",
      actions: [practicesList.action, practiceById.action],
      valid: practice,
      schema: practiceSchema,
      fields: [
        "title",
        "description",
        "imageUrl",
        "category",
        "duration",
        "focus",
        "audioUrl",
        "transcript",
        "featured",
        "status",
        "publishAt",
      ],
      categoryColumn: "category",
      categories: PRACTICE_CATEGORIES,
    },
    {
      path: "/api/resources",
      table: "resources",
      actions: [resourcesList.action, resourceById.action],
      valid: resource,
      schema: resourceSchema,
      fields: ["title", "author", "categoryId", "description", "url"],
      categoryColumn: "category_id",
      categories: [1, 2, 3],
    },
  ] as const)(
    "POST/PUT $path: never 5xx; every stored row passes the schema as stored and names a real category",
    async ({ path, table, actions, valid, schema, fields, categoryColumn, categories }) => {
      const stored = await fuzzAdminWrites(table, actions[0], actions[1], path, valid);
      for (const row of stored) {
        const asSent = storedFields(row, fields);
        // A status in the input also clears the review stamp (`submittedAt: null`): a write's instruction, not a field sent.
        const { submittedAt: _stamp, ...parsed } = schema.parse(asSent) as Record<string, unknown>;
        expect(parsed, JSON.stringify(asSent).slice(0, 300)).toEqual(asSent);
        expect(categories).toContain(row[categoryColumn]);
      }
    },
  );

  it("POST /api/admin/markdown-preview: never 5xx; any Markdown becomes blocks without unsafe links", async () => {
    const markdown = fc.oneof(
      nastyString,
      fc
        .array(
          fc.constantFrom(
            "# ",
            "[x](javascript:alert(1))",
            "![i](javascript:alert(1))",
            "<script>alert(1)</script>",
            "```gallery grid\n![a](/x.svg)\n```",
            "> ",
            "- ",
            "1. ",
            "**",
            "_",
            "\n\n",
            "<a href=javascript:alert(1)>x</a>",
            "[y](data:text/html,x)",
          ),
          { maxLength: 40 },
        )
        .map((parts) => parts.join("")),
    );
    await fuzz(
      fc.oneof(
        markdown.map((text) => ({ markdown: text })),
        mutated({ markdown: "# Hi" }),
      ),
      async (payload) => {
        const response = await markdownPreview.action(
          routeArgs(adminRequest("POST", "/api/admin/markdown-preview", { body: payload, cookie })),
        );
        const answer = await expectCleanJsonAnswer(response, JSON.stringify(payload).slice(0, 200));
        if (response.ok) expect(JSON.stringify(answer!.blocks)).not.toMatch(/"(href|src)":"\s*(javascript|data|vbscript):/i);
      },
    );
  });
});

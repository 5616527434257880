/**
 * Sources that convert: the landing a tab kept, read into a source (never refusing a signup or a payment), and stored
 * on a new subscriber and, through the PaymentIntent's metadata, on an enrolment.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { buyerEmail, routeArgs, rowsOf, seedTestDb } from "../../../tests/support/db";
import { bindStripeEmulatorPerTest, emulatorSecrets, payInBrowser } from "../../../tests/support/stripe";
import { createStripeClient } from "~/server/payments/stripe.server";
import * as createPaymentIntent from "~/routes/api/create-payment-intent";
import * as paymentSuccess from "~/routes/api/payment-success";
import * as subscribeApi from "~/routes/api/newsletter.subscribe";
import * as subscribeForm from "~/routes/newsletter/subscribe";
import { DIRECT_VISIT, LANDING_MAX_LENGTH, landingField, visitSourceOfLanding } from "./attribution.server";

const OWN = "localhost";
const landing = (search: string, host = "") => JSON.stringify([search, host]);

describe("visitSourceOfLanding", () => {
  it("reads the tags of the landing's query, else the referring site's host", () => {
    expect(visitSourceOfLanding(landing("?utm_source=Mastodon&utm_medium=social&utm_campaign=spring&q=x", "www.google.com"), OWN)).toEqual({
      source: "mastodon",
      medium: "social",
      campaign: "spring",
    });
    expect(visitSourceOfLanding(landing("?ref=indiehackers"), OWN)).toEqual({ source: "indiehackers", medium: null, campaign: null });
    expect(visitSourceOfLanding(landing("", "www.google.com"), OWN)).toEqual({ source: "google.com", medium: null, campaign: null });
    expect(visitSourceOfLanding(landing("?utm_source=newsletter&utm_campaign=issue-4"), OWN)).toEqual({
      source: "newsletter",
      medium: null,
      campaign: "issue-4",
    });
  });

  it("is a direct visit for nothing, this site's own host, or a landing of any other shape", () => {
    for (const value of [
      null,
      undefined,
      "",
      landing("", OWN),
      landing("?q=stoicism"),
      "not json",
      "{}",
      "[1, 2]",
      JSON.stringify(["?utm_source=x"]),
      JSON.stringify([`?utm_source=${"x".repeat(LANDING_MAX_LENGTH)}`, ""]),
      landing("", "evil.example/path?secret=1"),
    ])
      expect(visitSourceOfLanding(value, OWN), String(value)).toEqual(DIRECT_VISIT);
  });

  it("the field never refuses: any other type or a longer value is read as no landing", () => {
    expect(landingField.parse(landing("?ref=x"))).toBe(landing("?ref=x"));
    for (const value of [42, { a: 1 }, ["?ref=x", ""], "x".repeat(LANDING_MAX_LENGTH + 1)]) expect(landingField.parse(value)).toBeNull();
    expect(landingField.parse(undefined)).toBeUndefined();
  });
});

let client = 0;
/** A JSON post from a client of its own (these tests are not about the abuse limits). */
function post(path: string, body: unknown, type = "application/json") {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": type, "CF-Connecting-IP": `198.51.100.${++client % 250}`, Origin: "http://localhost" },
    body: type === "application/json" ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
  });
}

const subscriber = async (email: string) =>
  (
    await rowsOf<{ source: string | null; medium: string | null; campaign: string | null }>(
      "SELECT source, medium, campaign FROM newsletter_subscribers WHERE email = ?",
      email,
    )
  )[0];

describe("a newsletter signup stores the source of its tab's landing", () => {
  beforeEach(async () => {
    await seedTestDb();
  });

  it("through the API: a tagged landing, another site, or direct", async () => {
    const cases = [
      ["tagged@example.com", landing("?utm_source=Podcast&utm_medium=audio&utm_campaign=ep-12"), ["podcast", "audio", "ep-12"]],
      ["referred@example.com", landing("", "news.ycombinator.com"), ["news.ycombinator.com", null, null]],
      ["direct@example.com", null, [null, null, null]],
      ["garbled@example.com", "[[[", [null, null, null]],
    ] as const;
    for (const [email, value, [source, medium, campaign]] of cases) {
      const response = await subscribeApi.action(routeArgs(post("/api/newsletter/subscribe", { email, landing: value })));
      expect(response.status, email).toBe(202);
      expect(await subscriber(email), email).toEqual({ source, medium, campaign });
    }
  });

  it("through the form route (the field is accepted there too)", async () => {
    const email = "form@example.com";
    const result = await subscribeForm.action(
      routeArgs(post("/newsletter/subscribe", { email, landing: landing("?ref=friend") }, "application/x-www-form-urlencoded")),
    );
    expect(result).toMatchObject({ ok: true });
    expect(await subscriber(email)).toEqual({ source: "friend", medium: null, campaign: null });
  });

  it("without JavaScript (the article-end form): the tags of the page the form was on, from the post's Referer", async () => {
    const signUp = async (email: string, referer: string | null) => {
      const request = post("/newsletter/subscribe", { email }, "application/x-www-form-urlencoded");
      if (referer) request.headers.set("Referer", referer);
      expect(await subscribeForm.action(routeArgs(request))).toMatchObject({ ok: true });
      return subscriber(email);
    };
    expect(
      await signUp("end@example.com", "http://localhost/articles/1?utm_source=Mastodon&utm_medium=social&utm_campaign=spring&x=1"),
    ).toEqual({
      source: "mastodon",
      medium: "social",
      campaign: "spring",
    });
    expect(await signUp("ref@example.com", "http://localhost/articles/1?ref=friend")).toEqual({
      source: "friend",
      medium: null,
      campaign: null,
    });
    // The article-end form's hidden field, left empty without scripts: the Referer still counts.
    const empty = post("/newsletter/subscribe", { email: "empty@example.com", landing: "" }, "application/x-www-form-urlencoded");
    empty.headers.set("Referer", "http://localhost/articles/2?utm_source=podcast");
    expect(await subscribeForm.action(routeArgs(empty))).toMatchObject({ ok: true });
    expect(await subscriber("empty@example.com")).toEqual({ source: "podcast", medium: null, campaign: null });
    // An untagged page, another site's page, no Referer, a broken one: direct.
    for (const [email, referer] of [
      ["plain@example.com", "http://localhost/articles/1"],
      ["other@example.com", "https://elsewhere.example/?utm_source=spoof"],
      ["none@example.com", null],
      ["broken@example.com", "::"],
    ] as const)
      expect(await signUp(email, referer), email).toEqual({ source: null, medium: null, campaign: null });
    // A landing the tab sent wins over the Referer.
    const request = post(
      "/newsletter/subscribe",
      { email: "both@example.com", landing: landing("?ref=tab") },
      "application/x-www-form-urlencoded",
    );
    request.headers.set("Referer", "http://localhost/articles/1?ref=page");
    await subscribeForm.action(routeArgs(request));
    expect(await subscriber("both@example.com")).toEqual({ source: "tab", medium: null, campaign: null });
  });

  it("an address signing up again keeps its first signup's source, and the answer is the same", async () => {
    const email = "again@example.com";
    const first = await subscribeApi.action(routeArgs(post("/api/newsletter/subscribe", { email, landing: landing("?ref=first") })));
    // Past the re-send interval, as if a minute had gone by: the row is made pending again with a new link.
    await env.DB.prepare("UPDATE newsletter_subscribers SET confirm_sent_at = '2020-01-01T00:00:00.000Z' WHERE email = ?")
      .bind(email)
      .run();
    const second = await subscribeApi.action(routeArgs(post("/api/newsletter/subscribe", { email, landing: landing("?ref=second") })));
    expect(await second.json()).toEqual(await first.json());
    expect(await subscriber(email)).toEqual({ source: "first", medium: null, campaign: null });
  });
});

describe("a purchase stores the source of its tab's landing, through the PaymentIntent's metadata", () => {
  const stripe = bindStripeEmulatorPerTest();
  beforeEach(async () => {
    await seedTestDb();
  });

  async function buy(landingValue: string | null) {
    const created = await createPaymentIntent.action(
      routeArgs(post("/api/create-payment-intent", { email: buyerEmail(), courseId: 1, amount: 49, landing: landingValue })),
    );
    expect(created.status).toBe(200);
    const { clientSecret, paymentIntentId } = (await created.json()) as { clientSecret: string; paymentIntentId: string };
    await payInBrowser(stripe.emulator, clientSecret);
    const confirmed = await paymentSuccess.action(
      routeArgs(post("/api/payment-success", { paymentIntentId, paymentIntentClientSecret: clientSecret })),
    );
    expect(confirmed.status).toBe(200);
    const api = createStripeClient(emulatorSecrets().secretKey, (input, init) => stripe.emulator.fetch(new Request(input, init)));
    const intent = await api.paymentIntents.retrieve(paymentIntentId);
    const [order] = await rowsOf<{ source: string | null; medium: string | null; campaign: string | null }>(
      "SELECT source, medium, campaign FROM enrollments WHERE payment_intent_id = ?",
      paymentIntentId,
    );
    return { metadata: intent.metadata, order };
  }

  it("a newsletter issue's link: on the intent, then on the order", async () => {
    const { metadata, order } = await buy(landing("?utm_source=newsletter&utm_campaign=issue-3", "mail.example.com"));
    expect(metadata).toMatchObject({ courseId: "1", source: "newsletter", campaign: "issue-3" });
    expect(metadata).not.toHaveProperty("medium");
    expect(order).toEqual({ source: "newsletter", medium: null, campaign: "issue-3" });
  });

  it("direct: nothing on the intent, nulls on the order", async () => {
    const { metadata, order } = await buy(null);
    expect(Object.keys(metadata).sort()).toEqual(["courseId", "email", "priceCents"]);
    expect(order).toEqual(DIRECT_VISIT);
  });
});

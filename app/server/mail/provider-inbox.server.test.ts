/**
 * The dev mailbox's view of the mail provider stand-in: what it accepted, one message in full, its controls and
 * triggers, all through the MAIL_PROVIDER_EMULATOR binding with this run's key; nothing when the app uses real Resend.
 */
import { describe, expect, it } from "vitest";
import { bindMailProviderEmulatorPerTest } from "../../../tests/support/mail-provider";
import { createResendEmulator, newWebhookSecret } from "../../../workers/mail-provider-emulator/emulator";
import { controlProvider, getProviderMessage, listProviderInbox, providerWebhookUrl, triggerProviderEvent } from "./provider-inbox.server";
import { providerTransport, transportFor } from "./transports/index.server";

const KEY = "re_emulator_inbox_test";

function setup() {
  const delivered: string[] = [];
  const emulator = createResendEmulator({
    apiKey: KEY,
    webhookSecret: newWebhookSecret(),
    deliverWebhook: async (request) => {
      delivered.push(request.url);
      return new Response("ok");
    },
  });
  const binding = {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => emulator.fetch(new Request(input, init)),
  } as unknown as Fetcher;
  return { source: { MAIL_PROVIDER_EMULATOR: binding, MAIL_PROVIDER_EMULATOR_API_KEY: KEY }, delivered };
}

describe("the provider stand-in's inbox", () => {
  it("lists what it accepted (newest first) and shows one message with its HTML, text and tags", async () => {
    const { source } = setup();
    const transport = providerTransport(source);
    const first = await transport.send({
      from: "a@example.org",
      to: "r1@example.com",
      subject: "One",
      html: "<p>1</p>",
      text: "1",
      tags: { delivery: "5" },
    });
    await transport.send({ from: "a@example.org", to: "r2@example.com", subject: "Two", html: "<p>2</p>", text: "2" });
    const inbox = await listProviderInbox({}, source);
    expect(inbox?.map((message) => message.subject)).toEqual(["Two", "One"]);
    if (!first.ok) throw new Error("not sent");
    expect(await getProviderMessage(first.providerId, source)).toMatchObject({
      subject: "One",
      html: "<p>1</p>",
      text: "1",
      tags: [{ name: "delivery", value: "5" }],
    });
    expect(await getProviderMessage("nope", source)).toBeNull();
  });

  it("sets its controls and fires its triggers at the app's webhook URL", async () => {
    const { source, delivered } = setup();
    expect(await controlProvider({ dailyQuota: 10, suppressed: ["x@example.com"] }, source)).toMatchObject({
      state: { dailyQuota: 10, suppressed: ["x@example.com"] },
    });
    const sent = await providerTransport(source).send({
      from: "a@example.org",
      to: "r@example.com",
      subject: "S",
      html: "<p>s</p>",
      text: "s",
    });
    if (!sent.ok) throw new Error("not sent");
    const url = providerWebhookUrl("http://127.0.0.1:5173/anything");
    expect(url).toBe("http://127.0.0.1:5173/api/webhooks/mail-provider");
    expect(await triggerProviderEvent({ type: "email.complained", emailId: sent.providerId, webhookUrl: url }, source)).toMatchObject({
      delivered: true,
    });
    expect(delivered).toEqual([url]);
  });

  it("answers null when the app talks to Resend itself or has no stand-in", async () => {
    const { source } = setup();
    expect(await listProviderInbox({}, { ...source, RESEND_API_KEY: "re_live" })).toBeNull();
    expect(await listProviderInbox({}, {})).toBeNull();
    expect(await controlProvider({ outage: true }, {})).toBeNull();
  });
});

describe("the stand-in behind the Worker's own binding (tests/support/mail-provider.ts)", () => {
  const provider = bindMailProviderEmulatorPerTest();

  it("transportFor('newsletter') sends to it with this run's key, and its webhooks pass the app's signature check", async () => {
    const sent = await transportFor("newsletter").send({
      from: "a@example.org",
      to: "r@example.com",
      subject: "S",
      html: "<p>s</p>",
      text: "s",
    });
    if (!sent.ok) throw new Error(`not sent: ${sent.failure.message}`);
    expect(provider.calls).toEqual(["POST /emails"]);
    expect((await listProviderInbox())?.map((message) => message.id)).toEqual([sent.providerId]);
    await triggerProviderEvent({ type: "email.complained", emailId: sent.providerId, webhookUrl: providerWebhookUrl("http://localhost") });
    const [answer] = await provider.deliverWebhooks();
    expect(answer?.status).toBe(200);
    expect(await answer?.json()).toMatchObject({ received: true, type: "email.complained", effect: { ignored: expect.any(String) } });
  });
});

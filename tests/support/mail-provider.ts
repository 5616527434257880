/**
 * The mail provider stand-in (workers/mail-provider-emulator) behind the app's MAIL_PROVIDER_EMULATOR binding,
 * in-process, for tests that send through `transportFor(...)` / `providerTransport()` with the Worker's own env
 * (vitest.config.ts binds a stub that answers 503 otherwise). It has this run's API key and webhook secret, so its
 * webhooks pass the app's signature check.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeEach } from "vitest";
import { createResendEmulator, type ResendEmulator } from "../../workers/mail-provider-emulator/emulator";
import { routeArgs } from "./db";
import * as webhookRoute from "~/routes/api/webhooks.mail-provider";

export type MailProviderHandle = {
  emulator: ResendEmulator;
  /** Webhooks the stand-in signed, held back so the test chooses when (and whether) they arrive. */
  webhooks: Request[];
  /** "METHOD /path" of every call the app made through the binding. */
  calls: string[];
  /** Posts the held webhooks to the app's route (POST /api/webhooks/mail-provider), in order, and forgets them. */
  deliverWebhooks(): Promise<Response[]>;
};

/** This run's stand-in secrets (vitest.config.ts generates them with scripts/dev-vars.mjs). */
export function mailProviderSecrets() {
  const bindings = env as unknown as { MAIL_PROVIDER_EMULATOR_API_KEY: string; MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET: string };
  return { apiKey: bindings.MAIL_PROVIDER_EMULATOR_API_KEY, webhookSecret: bindings.MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET };
}

/** Registers hooks that bind a fresh stand-in for each test; `now` and `seed` as `createResendEmulator` takes them. */
export function bindMailProviderEmulatorPerTest(options: { now?: () => number; seed?: number } = {}): MailProviderHandle {
  const handle = {} as MailProviderHandle;
  const bindings = env as unknown as { MAIL_PROVIDER_EMULATOR?: Fetcher };
  let original: Fetcher | undefined;
  beforeEach(() => {
    original = bindings.MAIL_PROVIDER_EMULATOR;
    handle.webhooks = [];
    handle.calls = [];
    handle.emulator = createResendEmulator({
      ...mailProviderSecrets(),
      ...options,
      deliverWebhook: async (request) => {
        handle.webhooks.push(request);
        return new Response("held");
      },
    });
    handle.deliverWebhooks = async () => {
      const held = handle.webhooks.splice(0);
      const answers: Response[] = [];
      for (const request of held) answers.push(await webhookRoute.action(routeArgs(request)));
      return answers;
    };
    bindings.MAIL_PROVIDER_EMULATOR = {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        handle.calls.push(`${request.method} ${new URL(request.url).pathname}`);
        return handle.emulator.fetch(request);
      },
    } as Fetcher;
  });
  afterEach(() => {
    bindings.MAIL_PROVIDER_EMULATOR = original;
  });
  return handle;
}

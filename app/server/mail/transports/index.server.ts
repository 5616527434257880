/**
 * Which transport carries which kind of mail (ADR 0010): by configuration, transactional mail through the Email
 * Service binding (`MAIL_TRANSPORT_TRANSACTIONAL`, default "email-service") and newsletter issues through the provider
 * (`MAIL_TRANSPORT_NEWSLETTER`, default "provider"); an operator without Email Service routes both to the provider.
 *
 * The provider is Resend: with `RESEND_API_KEY` set, its API on the network; without it (local development, tests,
 * `npm start`), the local stand-in bound as `MAIL_PROVIDER_EMULATOR` (workers/mail-provider-emulator) with this run's
 * `MAIL_PROVIDER_EMULATOR_API_KEY`. With neither, every provider send is deferred an hour with a message saying so
 * (nothing is failed or lost, and the log says what to set).
 */
import { env } from "cloudflare:workers";
import { config, type ConfigSource } from "../../core/config.server";
import { logEvent } from "../../core/log.server";
import type { MailTransport, SendOutcome } from "../transport.server";
import { emailServiceTransport } from "./email-service.server";
import { resendTransport } from "./resend.server";

export { classifyEmailServiceError, emailServiceTransport } from "./email-service.server";
export { classifyResendError, resendTransport, type ResendTransportOptions } from "./resend.server";

export type MailKindClass = "transactional" | "newsletter";
export type ProviderMode = "resend" | "emulator" | "unavailable";

type ProviderEnv = ConfigSource & { MAIL_PROVIDER_EMULATOR?: Fetcher };

export const PROVIDER_NOT_CONFIGURED_MESSAGE =
  "The mail provider is not configured: set RESEND_API_KEY (npx wrangler secret put RESEND_API_KEY --env production), " +
  'or route the mail to Email Service (MAIL_TRANSPORT_NEWSLETTER / MAIL_TRANSPORT_TRANSACTIONAL = "email-service").';

/** Which provider the provider transport talks to. */
export function providerMode(source: ProviderEnv = env): ProviderMode {
  const settings = config(source);
  if (settings.RESEND_API_KEY) return "resend";
  if (source.MAIL_PROVIDER_EMULATOR && settings.MAIL_PROVIDER_EMULATOR_API_KEY) return "emulator";
  return "unavailable";
}

/** The secret that signs the provider's webhooks: Resend's, or the local stand-in's for this run; undefined when none. */
export function providerWebhookSecret(source: ProviderEnv = env): string | undefined {
  const settings = config(source);
  return settings.RESEND_API_KEY ? settings.RESEND_WEBHOOK_SECRET : settings.MAIL_PROVIDER_EMULATOR_WEBHOOK_SECRET;
}

let warnedUnavailable = false;

/** A transport that defers everything: the provider is not configured. */
function unavailableTransport(): MailTransport {
  const outcome = (): SendOutcome => {
    if (!warnedUnavailable) logEvent("error", "config.invalid", { setting: "RESEND_API_KEY", problem: PROVIDER_NOT_CONFIGURED_MESSAGE });
    warnedUnavailable = true;
    return {
      ok: false,
      failure: { class: "deferred", code: "provider_not_configured", message: PROVIDER_NOT_CONFIGURED_MESSAGE, retryAfterSeconds: 3600 },
    };
  };
  return { name: "provider", maxBatch: 100, send: async () => outcome(), sendBatch: async (messages) => messages.map(outcome) };
}

/**
 * The provider transport for `source` (the Worker's env by default). `emulatorWebhookUrl`: where the local stand-in
 * should deliver the webhooks of what is sent (ignored by Resend itself, whose webhook URL is set in its dashboard).
 */
export function providerTransport(source: ProviderEnv = env, options: { emulatorWebhookUrl?: string } = {}): MailTransport {
  const settings = config(source);
  switch (providerMode(source)) {
    case "resend":
      return resendTransport({ apiKey: settings.RESEND_API_KEY as string });
    case "emulator": {
      const binding = source.MAIL_PROVIDER_EMULATOR as Fetcher;
      return resendTransport({
        apiKey: settings.MAIL_PROVIDER_EMULATOR_API_KEY as string,
        fetch: (input, init) => binding.fetch(new Request(input, init)),
        emulatorWebhookUrl: options.emulatorWebhookUrl,
      });
    }
    default:
      return unavailableTransport();
  }
}

/**
 * The transport for a kind of mail, as configured. `options.origin` (an issue's `sent_origin`, a request's origin) tells
 * the local stand-in where to deliver its webhooks; else SITE_URL's (empty locally: then the stand-in's own setting).
 */
export function transportFor(
  kind: MailKindClass,
  source: ProviderEnv & { EMAIL?: SendEmail } = env,
  options: { origin?: string } = {},
): MailTransport {
  const settings = config(source);
  const name = kind === "transactional" ? settings.MAIL_TRANSPORT_TRANSACTIONAL : settings.MAIL_TRANSPORT_NEWSLETTER;
  if (name === "provider") {
    const origin = options.origin || settings.SITE_URL;
    return providerTransport(source, { emulatorWebhookUrl: origin ? webhookUrlOn(origin) : undefined });
  }
  return emailServiceTransport((source.EMAIL ?? env.EMAIL) as SendEmail);
}

/** The webhook route on `origin`; undefined for one that is not an absolute URL. */
function webhookUrlOn(origin: string): string | undefined {
  return URL.canParse(origin) ? new URL("/api/webhooks/mail-provider", origin).href : undefined;
}

/**
 * The local mail provider stand-in (workers/mail-provider-emulator) seen from the app, for the dev mailbox and tests:
 * what it accepted (`listProviderInbox`, `getProviderMessage`), its failure controls (`controlProvider`) and its
 * webhook triggers (`triggerProviderEvent`). Only in "emulator" mode (no RESEND_API_KEY, the MAIL_PROVIDER_EMULATOR
 * binding present): otherwise each answers null, so nothing here ever reads a real provider's mail.
 */
import { env } from "cloudflare:workers";
import type { GetEmailResponseSuccess, ListEmail, ListEmailsResponseSuccess } from "resend";
import type { EmulatorControl, EmulatorState, EmulatorTrigger, TriggerResult } from "../../../workers/mail-provider-emulator/emulator";
import { config, type ConfigSource } from "../core/config.server";
import { providerMode } from "./transports/index.server";

export type { EmulatorControl, EmulatorTrigger } from "../../../workers/mail-provider-emulator/emulator";
export type ProviderInboxMessage = ListEmail;
/** Resend's answer; the stand-in adds the headers the message was sent with (for the dev mailbox). */
export type ProviderMessage = GetEmailResponseSuccess & { headers?: Record<string, string> | null };

type InboxEnv = ConfigSource & { MAIL_PROVIDER_EMULATOR?: Fetcher };

/** The webhook route on `origin` (where the stand-in's triggers should deliver). */
export function providerWebhookUrl(origin: string): string {
  return new URL("/api/webhooks/mail-provider", origin).href;
}

/** One call to the stand-in with this run's key; null when the app is not using it. */
async function call<T>(source: InboxEnv, path: string, init: { method?: string; body?: unknown } = {}): Promise<T | null> {
  if (providerMode(source) !== "emulator" || !source.MAIL_PROVIDER_EMULATOR) return null;
  const response = await source.MAIL_PROVIDER_EMULATOR.fetch(
    new Request(`https://api.resend.com${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: { Authorization: `Bearer ${config(source).MAIL_PROVIDER_EMULATOR_API_KEY}`, "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The mail provider stand-in answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** What the stand-in accepted, newest first (at most `limit`, ≤ 100); null when the app does not use it. */
export async function listProviderInbox(options: { limit?: number } = {}, source: InboxEnv = env): Promise<ProviderInboxMessage[] | null> {
  const limit = Math.min(100, Math.max(1, options.limit ?? 100));
  const list = await call<ListEmailsResponseSuccess>(source, `/emails?limit=${limit}`);
  return list ? list.data : null;
}

/** One accepted message with its HTML, text and tags; null when unknown or when the app does not use the stand-in. */
export async function getProviderMessage(id: string, source: InboxEnv = env): Promise<ProviderMessage | null> {
  return call<ProviderMessage>(source, `/emails/${encodeURIComponent(id)}`);
}

/** Sets the stand-in's failure controls (fail rate, daily quota, outage, suppressed addresses, webhook URL) or fires a trigger. */
export async function controlProvider(
  settings: EmulatorControl,
  source: InboxEnv = env,
): Promise<{ state: EmulatorState; trigger?: TriggerResult } | null> {
  return call(source, "/__control", { body: settings });
}

/** Makes the stand-in send a signed email.bounced / email.complained / email.suppressed webhook about an accepted message. */
export async function triggerProviderEvent(trigger: EmulatorTrigger, source: InboxEnv = env): Promise<TriggerResult | null> {
  const answer = await controlProvider({ trigger }, source);
  return answer?.trigger ?? null;
}

/**
 * Stripe's error shape (`{ "error": { type, code, decline_code, message, param, … } }`) and the JSON answers
 * the API sends, errors and successes alike.
 */
import type Stripe from "stripe";

/** The API version the installed `stripe` SDK pins: every answer's `Stripe-Version`, and events' `api_version`. */
export const EMULATOR_API_VERSION = "2026-10-28.endive";

export interface ApiError {
  type: "invalid_request_error" | "card_error" | "idempotency_error" | "api_error";
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  charge?: string;
  payment_intent?: unknown;
  payment_method?: Stripe.PaymentMethod;
  request_log_url?: string;
}

/** Thrown by handlers; the router answers it with `status` and Stripe's error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError,
  ) {
    super(error.message);
  }
}

/** An `invalid_request_error` (400 unless told otherwise). */
export const invalid = (message: string, extra: Partial<ApiError> = {}, status = 400) =>
  new HttpError(status, { type: "invalid_request_error", message, ...extra });

export const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`;

export function errorBody(error: ApiError, requestId: string) {
  return { error: { ...error, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } };
}

// No CORS headers: the browser reaches the emulator on the app's own origin (/__stripe, workers/app.ts).
export const BASE_HEADERS: Record<string, string> = { "Cache-Control": "no-cache, no-store" };

/** The headers of every API answer. */
export function apiHeaders(requestId: string, extra: Record<string, string> = {}): Record<string, string> {
  return { ...BASE_HEADERS, "Content-Type": "application/json", "Request-Id": requestId, "Stripe-Version": EMULATOR_API_VERSION, ...extra };
}

export function json(status: number, body: unknown, requestId: string): Response {
  return new Response(JSON.stringify(body, null, 2), { status, headers: apiHeaders(requestId) });
}

export const errorResponse = (error: HttpError, requestId: string) => json(error.status, errorBody(error.error, requestId), requestId);

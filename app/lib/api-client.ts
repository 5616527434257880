/** Browser-side JSON calls to the API (docs/api.md): credentials included, JSON body, errors carry the server's message and field. */
import { LANDING_STORAGE_KEY } from "./landing";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The body field the server refused (its `{ message, field }` answer), when it named one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export function postJson<T>(path: string, body: unknown): Promise<T> {
  return sendJson<T>("POST", path, body);
}

/** Any JSON call (the admin's PUT and DELETE too); a body-less answer (204) resolves to null. */
export async function sendJson<T>(
  method: "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
  { signal }: { signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(path, {
    method,
    signal,
    credentials: "include",
    headers: body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    const message =
      parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string"
        ? parsed.message
        : `${response.status}: ${text || response.statusText}`;
    const field = parsed && typeof parsed === "object" && "field" in parsed && typeof parsed.field === "string" ? parsed.field : undefined;
    throw new ApiError(response.status, message, field);
  }
  return parsed as T;
}

/**
 * The tab's landing as stored (a JSON string, app/lib/landing.ts), sent with a newsletter signup or a payment intent;
 * null for a direct visit or blocked storage. Here, beside the calls that send it, so that it costs no chunk of its own.
 */
export function storedLanding(): string | null {
  try {
    return sessionStorage.getItem(LANDING_STORAGE_KEY);
  } catch {
    return null;
  }
}

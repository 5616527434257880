/**
 * The one way a page's form action is written (every action under app/routes but the JSON API's):
 * 1. a post the route guard refused (cross-site, signed out, another role: app/server/admin/guard.server.ts) is
 *    answered at once, before the form is read;
 * 2. the body is read as a form (415, 413, 400: `readFormBody`) and checked with the form's zod schema, the one the
 *    page's form uses too (400, naming the field);
 * 3. `run` does the work with the checked input; an HttpError it throws is a refusal with its status (404, 409, 429, 503…);
 * 4. a write to an admin route that succeeded goes into the audit log (app/server/admin/audit.server.ts), named by the
 *    form's `intent` ("refund", "send") unless the action names it (`noteAuditObject`), else by the method ("create").
 * Refusals are `{ ok: false, message, field? }` with their status (`FormRefusal`, app/lib/form-result.ts); `run` answers
 * success as `{ ok: true, message, ... }`, or with a redirect.
 */
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { FormRefusal } from "~/lib/form-result";
import { fieldErrors } from "~/lib/schemas";
import { isAdminAccess } from "~/lib/route-policy";
import { actionForMethod, auditNoteContext, recordAdminWrite, type AuditNote } from "../admin/audit.server";
import { adminSessionContext, auditTarget, routeAccess } from "../admin/guard.server";
import { getDb } from "./db.server";
import { HttpError, fieldOfIssue, firstIssueMessage, readFormBody } from "./http.server";

export type FormActionOptions = {
  /** The schema's input, made from the form (by default its fields, as an object). */
  input?: (form: FormData) => unknown;
  /** Fields whose typed text a refusal sends back (`values`), for a page posted without JavaScript to refill its form. */
  keep?: readonly string[];
};

type ActionArgs = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * A refusal as the form's result: `{ ok: false, message, field? }` with its status (and headers: a 429's Retry-After);
 * a page may add what it needs to say more (the newsletter link's `reason`).
 */
export function formRefusal<Extra extends object = object>(
  status: number,
  body: Omit<FormRefusal, "ok"> & Extra,
  headers?: Record<string, string>,
) {
  return data<FormRefusal & Extra>({ ok: false, ...body }, { status, headers });
}

export async function formAction<Schema extends z.ZodType, Result>(
  { request, context }: ActionArgs,
  schema: Schema,
  run: (input: z.infer<Schema>, form: FormData) => Promise<Result>,
  options: FormActionOptions = {},
) {
  const { route, refusal } = await routeAccess(request, context);
  if (refusal) return formRefusal(refusal.status, { message: refusal.message });
  let form: FormData;
  try {
    form = await readFormBody(request);
  } catch (error) {
    if (error instanceof HttpError) return formRefusal(error.status, { message: error.message });
    throw error;
  }
  const values = keptValues(form, options.keep);
  const parsed = schema.safeParse(options.input ? options.input(form) : Object.fromEntries(form));
  if (!parsed.success) {
    const { error } = parsed;
    return formRefusal(400, { message: firstIssueMessage(error), field: fieldOfIssue(error), fieldErrors: fieldErrors(error), values });
  }
  const note: AuditNote = {};
  context.set(auditNoteContext, note);
  const audit = async (succeeded: boolean) => {
    const session = context.get(adminSessionContext);
    if (!succeeded || !session || !isAdminAccess(route.policy.write)) return;
    const intent = form.get("intent");
    await recordAdminWrite(getDb(), {
      actor: session.username,
      action: note.action ?? (typeof intent === "string" && intent ? intent : actionForMethod(request.method)),
      target: auditTarget(request),
      object: note.object,
    });
  };
  let result: Result;
  try {
    result = await run(parsed.data, form);
  } catch (error) {
    if (error instanceof HttpError) return formRefusal(error.status, { message: error.message, field: error.field, values }, error.headers);
    // A redirect thrown as the answer is a success too.
    if (error instanceof Response) await audit(error.status < 400);
    throw error;
  }
  await audit(result instanceof Response ? result.status < 400 : !isRefusal(result));
  return result;
}

/** A result that says the work was not done (`{ ok: false }`: a send that queued only part of its deliveries). */
function isRefusal(result: unknown) {
  return typeof result === "object" && result !== null && "ok" in result && result.ok === false;
}

function keptValues(form: FormData, keep: readonly string[] | undefined) {
  if (!keep) return undefined;
  const values: Record<string, string> = {};
  for (const name of keep) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

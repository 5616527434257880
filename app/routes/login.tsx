import { useEffect } from "react";
import { Form, redirect, useNavigation } from "react-router";
import { toast } from "~/components/layout/toaster";
import type { Route } from "./+types/login";
import { setAdminFlag, useFlashToast } from "~/components/admin/use-flash-toast";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field, PasswordField } from "~/components/ui/field";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { loginSchema } from "~/lib/admin-account-schemas";
import { PASSWORD_MAX, USERNAME_MAX } from "~/lib/admin-accounts";
import { adminSessionByToken, attemptLogin, getAdminCredentials, sessionCookie } from "~/server/admin/auth.server";
import { NO_STORE } from "~/server/core/http.server";
import { clientAddress } from "~/server/core/request.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { HttpError } from "~/server/core/http.server";
import { identityOf } from "~/server/core/identity.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await adminSessionByToken(getDb(), (await identityOf(request, context)).adminToken, {})) throw redirect("/admin");
  return null;
}

/**
 * POST username, password: a session and its cookie, then the dashboard. Refused from other sites' pages (403: its
 * policy), and throttled per client (429 with Retry-After: app/server/admin/auth.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return formAction({ request, context }, loginSchema, async ({ username, password }) => {
    const result = await attemptLogin(getDb(), { username, password, ip: clientAddress(request) }, getAdminCredentials());
    if (result.ok) {
      return redirect("/admin?welcome=1", {
        headers: { "Set-Cookie": sessionCookie(result.token, result.expiresAt, request), "Cache-Control": NO_STORE },
      });
    }
    if (result.reason === "throttled") {
      const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
      const message = `Too many failed sign-in attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
      throw new HttpError(429, message, undefined, { "Retry-After": String(result.retryAfterSeconds) });
    }
    throw new HttpError(401, "Invalid credentials");
  });
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers({ "Cache-Control": NO_STORE });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [{ title: pageTitle("Admin Login", siteNameFromMatches(matches)) }, { name: "robots", content: "noindex" }];
}

export default function Login({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/login";

  useFlashToast("loggedOut", () => {
    setAdminFlag(false);
    toast.success("Logged out", { description: "You have been successfully logged out." });
  });

  useEffect(() => {
    if (actionData && !actionData.ok) toast.error("Login failed", { description: actionData.message });
  }, [actionData]);

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16 sm:py-24">
      <Card className="p-6 sm:p-8">
        <h1 className="font-serif text-3xl font-semibold">Admin Login</h1>
        <p className="mt-2 text-sm text-muted-foreground">Sign in to manage articles, practices and resources.</p>
        {actionData && !actionData.ok && (
          <div role="alert" className="mt-6 rounded-md border border-destructive/50 p-3 text-sm text-destructive">
            <p className="font-semibold">Login failed</p>
            <p>{actionData.message}</p>
          </div>
        )}
        <Form method="post" className="mt-6 space-y-4">
          {/* A refusal is about the pair, never one field: it is the alert above, not an error line. */}
          <Field
            label="Username"
            id="login-username"
            errorLine={false}
            name="username"
            required
            maxLength={USERNAME_MAX}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
          <PasswordField label="Password" id="login-password" name="password" maxLength={PASSWORD_MAX} autoComplete="current-password" />
          <SubmitButton busy={busy} busyLabel="Logging in...">
            Login
          </SubmitButton>
        </Form>
      </Card>
    </div>
  );
}

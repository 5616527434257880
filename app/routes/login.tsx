import { useEffect } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { toast } from "~/components/layout/toaster";
import type { Route } from "./+types/login";
import { setAdminFlag, useFlashToast } from "~/components/admin/use-flash-toast";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { pageTitle, siteNameFromMatches } from "~/lib/site";
import { attemptLogin, getAdminCredentials, getAdminSession, sessionCookie } from "~/server/admin/auth.server";
import { NO_STORE } from "~/server/admin/guard.server";
import { clientAddress, isCrossSiteRequest } from "~/server/core/request.server";
import { getDb } from "~/server/core/db.server";
import { HttpError, readFormBody } from "~/server/core/http.server";

const USERNAME_MAX = 200;
const PASSWORD_MAX = 1024;

type ActionResult = { ok: false; title: string; message: string; throttled?: boolean };

export async function loader({ request }: Route.LoaderArgs) {
  if (await getAdminSession(getDb(), request)) throw redirect("/admin");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  if (isCrossSiteRequest(request)) {
    return data<ActionResult>(
      { ok: false, title: "Login failed", message: "Cross-site sign-in requests are not allowed." },
      { status: 403 },
    );
  }
  let form: FormData;
  try {
    form = await readFormBody(request);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return data<ActionResult>({ ok: false, title: "Login failed", message: error.message }, { status: error.status });
  }
  const username = String(form.get("username") ?? "")
    .trim()
    .slice(0, USERNAME_MAX);
  const password = String(form.get("password") ?? "").slice(0, PASSWORD_MAX);
  if (!username || !password) {
    return data<ActionResult>({ ok: false, title: "Login failed", message: "Please enter your username and password." }, { status: 400 });
  }

  const db = getDb();
  const result = await attemptLogin(db, { username, password, ip: clientAddress(request) }, getAdminCredentials());
  if (result.ok) {
    return redirect("/admin?welcome=1", {
      headers: { "Set-Cookie": sessionCookie(result.token, result.expiresAt, request), "Cache-Control": NO_STORE },
    });
  }
  if (result.reason === "throttled") {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    return data<ActionResult>(
      {
        ok: false,
        title: "Login failed",
        message: `Too many failed sign-in attempts. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`,
        throttled: true,
      },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return data<ActionResult>({ ok: false, title: "Login failed", message: "Invalid credentials" }, { status: 401 });
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
    if (actionData && !actionData.ok) toast.error(actionData.title, { description: actionData.message });
  }, [actionData]);

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-16 sm:py-24">
      <Card className="p-6 sm:p-8">
        <h1 className="font-serif text-3xl font-semibold">Admin Login</h1>
        <p className="mt-2 text-sm text-muted-foreground">Sign in to manage articles, practices and resources.</p>
        {actionData && !actionData.ok && (
          <div role="alert" className="mt-6 rounded-md border border-destructive/50 p-3 text-sm text-destructive">
            <p className="font-semibold">{actionData.title}</p>
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
          <Field
            label="Password"
            id="login-password"
            errorLine={false}
            name="password"
            type="password"
            required
            maxLength={PASSWORD_MAX}
            autoComplete="current-password"
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy ? "Logging in..." : "Login"}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

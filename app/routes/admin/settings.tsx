import type { ComponentProps } from "react";
import { Form, useNavigation } from "react-router";
import { useActionToast } from "~/components/admin/use-action-toast";
import type { Route } from "./+types/settings";
import { AdminPageHeader, FormErrorAlert } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CheckboxField, Field, TextareaField } from "~/components/ui/field";
import { z } from "zod";
import {
  ownerNoticesSchema,
  siteSettingsSchema,
  WELCOME_BODY_MAX,
  WELCOME_SUBJECT_MAX,
  welcomeEmailSchema,
} from "~/lib/admin-account-schemas";
import type { FormSuccess } from "~/lib/form-result";
import { formVersion } from "~/lib/form-version";
import { noteAuditObject } from "~/server/admin/audit.server";
import { markContentChanged } from "~/server/core/cache.server";
import { getDb } from "~/server/core/db.server";
import { formAction } from "~/server/core/form-action.server";
import { getSiteSettings, metaVersion, saveSiteSettings, siteSettingsForm } from "~/server/site/site.server";
import { getPaymentsSettings } from "~/server/payments/stripe.server";
import { saveWelcomeEmailSettings, type WelcomeEmailSettings, welcomeEmailSettings } from "~/server/newsletter/welcome.server";
import { type OwnerNoticeSettings, ownerNoticeSettings, saveOwnerNoticeSettings } from "~/server/site/owner-notices.server";

const PAYMENT_MODES = {
  stripe: "Stripe (live keys configured)",
  emulator: "Local Stripe emulator (no keys configured)",
  unavailable: "Not configured: card payments are unavailable",
} as const;

export async function loader() {
  const db = getDb();
  return {
    values: await siteSettingsForm(db),
    welcome: await welcomeEmailSettings(db),
    versions: { settings: await metaVersion(db, "settings"), welcome: await metaVersion(db, "welcome") },
    notices: await ownerNoticeSettings(db),
    url: getSiteSettings().url,
    // Only the mode: keys never leave the server.
    payments: PAYMENT_MODES[getPaymentsSettings().mode],
  };
}

/** The page's three forms: the site's settings (no intent), the owner's notices (`intent=owner-notices`), the welcome e-mail (`intent=welcome`). */
const settingsActionSchema = z.discriminatedUnion(
  "intent",
  // Each editable form carries the version it was opened at (a stale one: 409, none: 400); the notices are three switches.
  [
    siteSettingsSchema.extend({ intent: z.literal("site"), version: formVersion }),
    ownerNoticesSchema,
    welcomeEmailSchema.extend({ version: formVersion }),
  ],
  {
    error: 'Unknown action: "intent" must be "site", "owner-notices" or "welcome".',
  },
);

/**
 * POST the settings form: validated (social links https only, or empty to hide), saved, and the public pages refreshed;
 * or the welcome e-mail's form (on or off, subject, Markdown body).
 */
export async function action({ request, context }: Route.ActionArgs) {
  return formAction(
    { request, context },
    settingsActionSchema,
    async (input) => {
      const db = getDb();
      if (input.intent === "owner-notices") {
        const { intent: _, ...notices } = input;
        await saveOwnerNoticeSettings(db, notices);
        noteAuditObject(context, { action: "update", object: "owner notices" });
        const on = [notices.sale && "sales", notices.contact && "messages", notices.draft && "drafts for review"].filter(Boolean);
        return {
          ok: true,
          message: on.length > 0 ? `You will be e-mailed of ${on.join(", ")}.` : "You will not be e-mailed of sales, messages or drafts.",
        } satisfies FormSuccess;
      }
      if (input.intent === "welcome") {
        const { intent: _, version, ...welcome } = input;
        await saveWelcomeEmailSettings(db, welcome, version);
        noteAuditObject(context, { action: "update", object: "welcome e-mail" });
        return {
          ok: true,
          message: welcome.enabled ? "New subscribers get it once they confirm." : "It is off: new subscribers get no welcome e-mail.",
        } satisfies FormSuccess;
      }
      const { intent: _, version, ...site } = input;
      await saveSiteSettings(db, site, version);
      // Every public page shows the name, contact details and links: a new content version retires the cached copies.
      await markContentChanged(db);
      // A save changes the settings that exist (the form has no intent field, so the audit log would call it "create").
      noteAuditObject(context, { action: "update", object: "site settings" });
      return { ok: true, message: "The public pages show them now." } satisfies FormSuccess;
    },
    // The site's form has no intent field.
    { input: (form) => ({ intent: "site", ...Object.fromEntries(form) }) },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Settings", matches);

const SITE_FIELDS = [
  { key: "name", label: "Site name", type: "text", required: true, maxLength: 100 },
  { key: "email", label: "Contact e-mail", type: "email", required: true, maxLength: 254 },
  { key: "phone", label: "Phone", type: "tel", required: false, maxLength: 50 },
  { key: "address", label: "Address", type: "text", required: false, maxLength: 300 },
] as const;

const SOCIAL_FIELDS = [
  { key: "instagram", label: "Instagram" },
  { key: "youtube", label: "YouTube" },
  { key: "linkedin", label: "LinkedIn" },
] as const;

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { values, welcome, notices, url, payments, versions } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  useActionToast(actionData, (done) => ({ title: "Settings saved", description: done.message }), "Not saved");

  return (
    <>
      <AdminPageHeader title="Settings" description="The site's name, contact details and social links, as every public page shows them." />
      <FormErrorAlert result={actionData} margin="mb-6" />
      <Form method="post" className="grid gap-6 lg:grid-cols-2">
        {/* The version the form was opened at: a save over someone else's newer one is refused (409). */}
        <input type="hidden" name="version" value={versions.settings} />
        <Card className="p-6">
          <h2 className="font-serif text-xl font-semibold">Site</h2>
          <div className="mt-4 space-y-4">
            {SITE_FIELDS.map((field) => (
              <SettingField
                key={field.key}
                setting={field.key}
                label={field.label}
                value={values[field.key]}
                type={field.type}
                required={field.required}
                maxLength={field.maxLength}
              />
            ))}
          </div>
        </Card>
        <Card className="p-6">
          <h2 className="font-serif text-xl font-semibold">Social links</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            The site's own profiles (https:// addresses). Leave a field empty to hide its link.
          </p>
          <div className="mt-4 space-y-4">
            {SOCIAL_FIELDS.map((field) => (
              <SettingField
                key={field.key}
                setting={field.key}
                label={field.label}
                value={values[field.key]}
                type="url"
                pattern="https://.*"
                maxLength={2048}
                placeholder="https://"
              />
            ))}
          </div>
        </Card>
        <Card className="p-6 lg:col-span-2">
          <h2 className="font-serif text-xl font-semibold">Operator</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Where the site's alerts go: dead-lettered mail, refused webhooks, a scheduled job that failed or stopped, mail held back for
            hours. At most one e-mail an hour per kind. Leave it empty to use the contact e-mail.
          </p>
          <div className="mt-4 space-y-4">
            <SettingField
              setting="operatorEmail"
              label="Operator e-mail"
              value={values.operatorEmail}
              type="email"
              maxLength={254}
              placeholder={values.email}
            />
          </div>
        </Card>
        <Card className="p-6 lg:col-span-2">
          <h2 className="font-serif text-xl font-semibold">Time zone</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            The editor shows and takes publish times in this zone; they are stored in UTC. Leave it empty to use each browser's own zone.
          </p>
          <div className="mt-4 space-y-4">
            <SettingField
              setting="timeZone"
              label="Time zone"
              value={values.timeZone}
              type="text"
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              placeholder="America/New_York"
            />
          </div>
        </Card>
        <div className="lg:col-span-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save settings"}
          </Button>
        </div>
      </Form>
      <OwnerNoticesCard notices={notices} email={values.email} busy={busy} />
      <WelcomeEmailCard welcome={welcome} version={versions.welcome} busy={busy} />
      <Card className="mt-6 p-6">
        <h2 className="font-serif text-xl font-semibold">Configuration</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Set in <code>wrangler.toml</code> (vars) and with <code>wrangler secret put</code> (secrets); shown read-only.
        </p>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-muted-foreground">Site URL</dt>
          <dd className="break-all">{url}</dd>
          <dt className="text-muted-foreground">Payments</dt>
          <dd>{payments}</dd>
        </dl>
      </Card>
    </>
  );
}

/** One setting's input, filled with what is stored; the form's refusal is one alert above it, not a line per field. */
function SettingField({
  setting,
  label,
  value,
  ...input
}: { setting: string; label: string; value: string | undefined } & Omit<
  ComponentProps<typeof Field>,
  "id" | "name" | "label" | "defaultValue" | "errorLine"
>) {
  return <Field label={label} id={`setting-${setting}`} errorLine={false} name={setting} defaultValue={value} {...input} />;
}

/** Settings → "Tell me by e-mail": the owner's notices, each on until switched off. */
function OwnerNoticesCard({ notices, email, busy }: { notices: OwnerNoticeSettings; email: string | undefined; busy: boolean }) {
  return (
    <Card className="mt-6 p-6">
      <h2 className="font-serif text-xl font-semibold">Tell me by e-mail</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        One e-mail for each, to the contact e-mail above{email ? ` (${email})` : ""}, with a link to the page to act on it.
      </p>
      <Form method="post" className="mt-4 grid gap-4" data-testid="owner-notices-form">
        <input type="hidden" name="intent" value="owner-notices" />
        <CheckboxField label="A course is bought" id="notice-sale" name="sale" value="on" defaultChecked={notices.sale} />
        <CheckboxField
          label="A message arrives through the contact form"
          id="notice-contact"
          name="contact"
          value="on"
          defaultChecked={notices.contact}
        />
        <CheckboxField
          label="A contributor submits a draft for review"
          id="notice-draft"
          name="draft"
          value="on"
          defaultChecked={notices.draft}
        />
        <div>
          <Button type="submit" disabled={busy}>
            Save notices
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** Settings → "Welcome e-mail": sent once to each address when its subscription is confirmed, unless switched off. */
function WelcomeEmailCard({ welcome, version, busy }: { welcome: WelcomeEmailSettings; version: string; busy: boolean }) {
  return (
    <Card className="mt-6 p-6">
      <h2 className="font-serif text-xl font-semibold">Welcome e-mail</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Sent once to each new subscriber when they confirm, with their unsubscribe link. Write <code>{"{site name}"}</code> for the site's
        name.
      </p>
      <Form method="post" className="mt-4 grid gap-4" data-testid="welcome-form">
        <input type="hidden" name="intent" value="welcome" />
        <input type="hidden" name="version" value={version} />
        <CheckboxField label="Send a welcome e-mail" id="welcome-enabled" name="enabled" value="on" defaultChecked={welcome.enabled} />
        <Field
          label="Welcome subject"
          id="welcome-subject"
          errorLine={false}
          name="subject"
          required
          maxLength={WELCOME_SUBJECT_MAX}
          defaultValue={welcome.subject}
        />
        <TextareaField
          label="Welcome message"
          id="welcome-body"
          errorLine={false}
          name="body"
          required
          rows={8}
          maxLength={WELCOME_BODY_MAX}
          defaultValue={welcome.body}
        />
        <div>
          <Button type="submit" disabled={busy}>
            Save welcome e-mail
          </Button>
        </div>
      </Form>
    </Card>
  );
}

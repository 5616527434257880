import type { Route } from "./+types/settings";
import { AdminPageHeader, UnderDevelopment } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { getSiteSettings } from "~/server/site.server";
import { getPaymentsSettings } from "~/server/stripe.server";

const PAYMENT_MODES = {
  stripe: "Stripe (live keys configured)",
  emulator: "Local Stripe emulator (no keys configured)",
  unavailable: "Not configured: card payments are unavailable",
} as const;

export function loader() {
  const site = getSiteSettings();
  // Only the mode: keys never leave the server.
  const payments = PAYMENT_MODES[getPaymentsSettings().mode];
  return { site, payments };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Settings", matches);

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { site, payments } = loaderData;
  const siteFields = [
    { id: "setting-name", label: "Site name", value: site.name },
    { id: "setting-url", label: "Site URL", value: site.url },
    { id: "setting-email", label: "Contact e-mail", value: site.email },
    { id: "setting-phone", label: "Phone", value: site.phone },
    { id: "setting-address", label: "Address", value: site.address },
    { id: "setting-payments", label: "Payments", value: payments },
  ];
  return (
    <>
      <AdminPageHeader title="Settings" description="E-mail and site settings." />
      <UnderDevelopment>
        Editing is not available yet. The values below are the site's configuration (vars in <code>wrangler.toml</code>, secrets with{" "}
        <code>wrangler secret put</code>), shown read-only.
      </UnderDevelopment>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="font-serif text-xl font-semibold">Site Settings</h2>
          <div className="mt-4 space-y-4">
            {siteFields.map((field) => (
              <div key={field.id}>
                <Label htmlFor={field.id}>{field.label}</Label>
                <Input id={field.id} value={field.value} readOnly aria-readonly="true" className="bg-muted" />
              </div>
            ))}
          </div>
        </Card>
        <Card className="p-6">
          <h2 className="font-serif text-xl font-semibold">E-mail Settings</h2>
          <div className="mt-4 space-y-4">
            <div>
              <Label htmlFor="setting-sender">Sender address</Label>
              <Input id="setting-sender" value={site.email} readOnly aria-readonly="true" className="bg-muted" />
            </div>
            <p className="text-sm text-muted-foreground">
              The site sends receipts, access links and newsletter confirmations. Contact messages are kept in the admin inbox, and
              confirmed newsletter addresses can be exported as CSV.
            </p>
          </div>
        </Card>
      </div>
    </>
  );
}

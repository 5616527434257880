import { Link } from "react-router";
import { toast } from "~/components/layout/toaster";
import type { Route } from "./+types/dashboard";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { adminMeta } from "~/components/admin/admin-meta";
import { useFlashToast } from "~/components/admin/use-flash-toast";
import { Card } from "~/components/ui/card";
import { formatCount, formatLongDate, formatMoney } from "~/lib/format";
import { getDashboard, type ActivityKind, type PeriodFigures } from "~/server/admin/dashboard.server";
import { roleMayUse } from "~/lib/admin-permissions";
import { adminFrom } from "~/server/admin/guard.server";
import { getDb } from "~/server/core/db.server";
import { CONTENT_TYPE_KEYS, CONTENT_TYPE_NAMES } from "~/lib/content-types";
import type { AdminRole } from "~/lib/route-policy";
import { listContentForAdmin } from "~/server/admin/content.server";
import { type ItemActor, itemActor } from "~/server/admin/content-access.server";
import { type AlertKind, type CronJob, systemState } from "~/server/operator/operator.server";
import { OwnerTime } from "~/components/admin/local-time";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = getDb();
  const session = adminFrom(context);
  // The site's figures (visits, subscribers, messages, the activity) are for the roles that may open the Analytics
  // page; the others (contributors) see their own work instead.
  if (!roleMayUse(session.role, "/admin/analytics")) return { mine: await ownWork(db, itemActor(request, session), session.role) };
  const [figures, system] = await Promise.all([getDashboard(db), systemState(db)]);
  const dashboard = { ...figures, system, mine: null };
  if (adminFrom(context).role === "owner") return { ...dashboard, showsOrders: true };
  // An editor does not see orders: no revenue, and no purchases (buyers' addresses) in the activity list.
  const withoutRevenue = (figures: PeriodFigures) => ({ ...figures, revenue: [] });
  return {
    ...dashboard,
    figures: {
      ...dashboard.figures,
      thisWeek: withoutRevenue(dashboard.figures.thisWeek),
      thisMonth: withoutRevenue(dashboard.figures.thisMonth),
    },
    activity: dashboard.activity.filter((item) => item.kind !== "enrollment"),
    showsOrders: false,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => adminMeta("Dashboard", matches);

const KIND_LABEL: Record<ActivityKind, string> = {
  article: "Article",
  practice: "Practice",
  resource: "Resource",
  subscriber: "Newsletter",
  enrollment: "Enrolment",
  message: "Message",
};

/** A contributor's own items of every type they may write, newest first per type, with their status. */
async function ownWork(db: ReturnType<typeof getDb>, actor: ItemActor, role: AdminRole) {
  const types = CONTENT_TYPE_KEYS.filter((key) => roleMayUse(role, `/admin/${CONTENT_TYPE_NAMES[key].path}`));
  const lists = await Promise.all(types.map((key) => listContentForAdmin(db, key, actor)));
  return types.map((key, index) => ({
    key,
    noun: CONTENT_TYPE_NAMES[key].noun,
    path: CONTENT_TYPE_NAMES[key].path,
    items: lists[index] ?? [],
  }));
}

type DashboardData = Extract<Route.ComponentProps["loaderData"], { mine: null }>;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  useFlashToast("welcome", () => toast.success("Login successful", { description: "Welcome to the admin panel" }));
  if (loaderData.mine) return <OwnWork mine={loaderData.mine} />;
  const { figures, periods, activity, showsOrders, scheduled, system } = loaderData;
  return (
    <>
      <AdminPageHeader title="Dashboard" description="Live figures from the site's database." />
      <section aria-labelledby="periods-heading">
        <h2 id="periods-heading" className="sr-only">
          This week and this month
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <PeriodCard
            title="This week"
            since={`since Monday, ${formatLongDate(periods.weekStart)} (UTC)`}
            figures={figures.thisWeek}
            showsRevenue={showsOrders}
            id="week"
          />
          <PeriodCard
            title="This month"
            since={`since ${formatLongDate(periods.monthStart)} (UTC)`}
            figures={figures.thisMonth}
            showsRevenue={showsOrders}
            id="month"
          />
        </div>
      </section>
      <section aria-labelledby="figures-heading" className="mt-6">
        <h2 id="figures-heading" className="sr-only">
          Totals
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <TotalCards figures={figures} role={showsOrders ? "owner" : "editor"} />
          <li>
            <ScheduledCard scheduled={scheduled} />
          </li>
        </ul>
      </section>

      <div className="mt-10 grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="activity-heading" className="lg:col-span-2">
          <RecentActivity activity={activity} />
        </section>
        <section aria-labelledby="inbox-heading">
          <InboxCard unreadMessages={figures.unreadMessages} />
        </section>
      </div>
      <section aria-labelledby="system-heading" className="mt-6">
        <SystemCard system={system} />
      </section>
    </>
  );
}

/** A contributor's dashboard: what they wrote, by type, each with its status and a link to its editor. */
function OwnWork({ mine }: { mine: Awaited<ReturnType<typeof ownWork>> }) {
  return (
    <>
      <AdminPageHeader title="Dashboard" description="Your drafts: write, then submit them for review; an editor publishes them." />
      <div className="grid gap-6 lg:grid-cols-3">
        {mine.map(({ key, noun, path, items }) => (
          <Card key={key} className="p-6">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-serif text-xl font-semibold">Your {path}</h2>
              <Link
                to={`/admin/${path}/new`}
                className="inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                New {noun.toLowerCase()}
              </Link>
            </div>
            {items.length ? (
              <ul className="mt-3 divide-y divide-border">
                {items.map((item) => (
                  <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <Link to={`/admin/${path}/${item.id}`} className="inline-flex min-h-11 items-center font-medium hover:underline">
                      {item.title}
                    </Link>
                    {item.status && (
                      <span className="rounded-full border border-border px-2 py-0.5 text-xs" data-status={item.status.value}>
                        {item.status.text}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-muted-foreground">None yet.</p>
            )}
          </Card>
        ))}
      </div>
    </>
  );
}

/** The all-time totals the role may open, each a link to its page. */
function TotalCards({ figures, role }: { figures: DashboardData["figures"]; role: "owner" | "editor" }) {
  const cards = [
    { label: "Unread messages", value: figures.unreadMessages, to: "/admin/messages" },
    { label: "Learners", note: "buyers", value: figures.learners, to: "/admin/users" },
    { label: "Subscribers", note: "confirmed", value: figures.subscribers, to: "/admin/subscribers" },
    { label: "Enrolments", note: "all time", value: figures.enrollments, to: "/admin/orders" },
    { label: "Articles", value: figures.articles, to: "/admin/articles" },
    { label: "Practices", value: figures.practices, to: "/admin/practices" },
    { label: "Resources", value: figures.resources, to: "/admin/resources" },
    { label: "Courses", value: figures.courses, to: "/admin/courses" },
  ].filter((card) => roleMayUse(role, card.to));
  return cards.map((card) => (
    <li key={card.label}>
      <Link
        to={card.to}
        className="block h-full rounded-xl border border-border bg-card p-5 shadow-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        data-figure={card.label.toLowerCase()}
      >
        <p className="text-sm font-medium text-muted-foreground">
          {card.label}
          {card.note && <span className="font-normal"> ({card.note})</span>}
        </p>
        <p className="mt-2 font-serif text-4xl font-semibold" data-value>
          {card.value}
        </p>
      </Link>
    </li>
  ));
}

/** How many articles, practices and courses are scheduled, and the next one due. */
function ScheduledCard({ scheduled }: { scheduled: DashboardData["scheduled"] }) {
  const { next } = scheduled;
  return (
    <div className="h-full rounded-xl border border-border bg-card p-5 shadow-sm" data-figure="scheduled posts">
      <p className="text-sm font-medium text-muted-foreground">
        Scheduled posts <span className="font-normal">(articles, practices, courses)</span>
      </p>
      <p className="mt-2 font-serif text-4xl font-semibold" data-value>
        {scheduled.count}
      </p>
      <p className="mt-2 text-sm" data-next>
        {next ? (
          <>
            Next:{" "}
            <Link className="underline underline-offset-4" to={`/admin/${CONTENT_TYPE_NAMES[next.type].path}/${next.id}`}>
              {next.title}
            </Link>
            , <OwnerTime iso={next.publishAt} />
          </>
        ) : (
          "Nothing is scheduled."
        )}
      </p>
    </div>
  );
}

/** The latest events of every kind, newest first, each with its kind, a link, and how long ago. */
function RecentActivity({ activity }: { activity: DashboardData["activity"] }) {
  return (
    <Card className="p-6">
      <h2 id="activity-heading" className="font-serif text-xl font-semibold">
        Recent Activity
      </h2>
      {activity.length === 0 ? (
        <p className="mt-4 text-muted-foreground">Nothing has happened yet.</p>
      ) : (
        <ol className="mt-4 divide-y divide-border">
          {activity.map((item, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: activity events carry no id (kind plus position keys them); the rows hold no state
              key={`${item.kind}-${index}`}
              className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
            >
              <p className="min-w-0">
                <span className="mr-2 rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">
                  {KIND_LABEL[item.kind]}
                </span>
                {item.href ? (
                  <Link to={item.href} className="break-words hover:underline">
                    {item.text}
                  </Link>
                ) : (
                  <span className="break-words">{item.text}</span>
                )}
              </p>
              <time dateTime={item.at} title={item.at} className="shrink-0 text-sm text-muted-foreground">
                {item.ago}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

const CRON_LABEL: Record<CronJob, string> = {
  retention: "Retention (daily)",
  "drip-mail": "Drip release e-mails (daily)",
  publish: "Publishing (5 min)",
  "newsletter-resume": "Newsletter sends (5 min)",
  "deferred-mail": "Deferred mail (5 min)",
  "analytics-forget": "Analytics: forgetting past days' salts (5 min)",
  gifts: "Gifts due today (5 min)",
};

const ALERT_LABEL: Record<AlertKind, string> = {
  "dead-letter": "Dead-lettered mail",
  "webhook-signature": "Webhook signatures",
  cron: "Scheduled jobs",
  "mail-deferred": "Mail held back over 6 h",
};

/** A time as the System card shows it: "2026-11-28 03:17 UTC". */
const utc = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/**
 * The operator's view (docs/admin.md, "System"): each scheduled job's last run, the mail waiting, the failures of the
 * last 24 hours, and the last alert mailed per kind (app/server/operator/operator.server.ts).
 */
function SystemCard({ system }: { system: DashboardData["system"] }) {
  const { mailWaiting, failures } = system;
  const figures: [string, string, number][] = [
    ["waiting", "Mail queued", mailWaiting.queued],
    ["waiting", "Mail deferred", mailWaiting.deferred],
    ["waiting", "Newsletter deliveries waiting", mailWaiting.newsletter],
    ["failures", "Mail failed", failures.mailFailed],
    ["failures", "Mail bounced or complained", failures.mailBounced],
    ["failures", "Webhook signatures refused", failures.webhookSignatures],
    ["failures", "Dead-lettered mail", failures.deadLetters],
  ];
  const group = (name: string) =>
    figures
      .filter(([kind]) => kind === name)
      .map(([, label, value]) => (
        <div key={label} data-figure={label.toLowerCase()}>
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="font-serif text-xl font-semibold tabular-nums" data-value>
            {value}
          </dd>
        </div>
      ));
  return (
    <Card className="p-6" data-card="system">
      <h2 id="system-heading" className="font-serif text-xl font-semibold">
        System
      </h2>
      <div className="mt-4 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        <div>
          <h3 className="text-sm font-semibold">Scheduled jobs</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {system.cron.map(({ job, run }) => (
              <li key={job} data-cron={job}>
                <span className="text-muted-foreground">{CRON_LABEL[job]}: </span>
                {run === null ? (
                  "never run"
                ) : (
                  <>
                    <time dateTime={run.at}>{utc(run.at)}</time>, {run.ok ? "ok" : <strong className="text-destructive">failed</strong>}
                    {!run.ok && run.message ? <span className="block break-words text-xs text-muted-foreground">{run.message}</span> : null}
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-sm font-semibold">Mail waiting</h3>
          <dl className="mt-2 grid grid-cols-2 gap-3">{group("waiting")}</dl>
        </div>
        <div>
          <h3 className="text-sm font-semibold">Failures, last 24 hours</h3>
          <dl className="mt-2 grid grid-cols-2 gap-3">{group("failures")}</dl>
        </div>
        <div>
          <h3 className="text-sm font-semibold">Last alerts</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {system.alerts.map((alert) => (
              <li key={alert.kind} data-alert={alert.kind}>
                <span className="text-muted-foreground">{ALERT_LABEL[alert.kind]}: </span>
                {alert.lastSent ? `${utc(alert.lastSent)} (${alert.lastCount ?? 0})` : "none sent"}
                {alert.pending > 0 ? `, ${alert.pending} since` : ""}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Card>
  );
}

function InboxCard({ unreadMessages }: { unreadMessages: number }) {
  return (
    <Card className="p-6">
      <h2 id="inbox-heading" className="font-serif text-xl font-semibold">
        Inbox
      </h2>
      <p className="mt-2 text-muted-foreground">
        {unreadMessages === 0
          ? "No contact messages waiting."
          : `${unreadMessages} contact ${unreadMessages === 1 ? "message" : "messages"} waiting.`}
      </p>
      <div className="mt-4 flex flex-col gap-2 text-sm font-medium">
        <Link to="/admin/messages" className="text-primary underline-offset-4 hover:underline">
          Open the inbox
        </Link>
        <Link to="/admin/subscribers" className="text-primary underline-offset-4 hover:underline">
          Newsletter subscribers
        </Link>
      </div>
    </Card>
  );
}

/** One period's figures (definitions in docs/admin.md). Revenue is listed per currency: amounts in two currencies never add up. */
function PeriodCard({
  title,
  since,
  figures,
  showsRevenue,
  id,
}: {
  title: string;
  since: string;
  figures: PeriodFigures;
  showsRevenue: boolean;
  id: string;
}) {
  const rows: [string, React.ReactNode][] = [
    // Revenue is the owner's (the policy of /admin/orders in app/site-routes.ts).
    ...(showsRevenue ? [revenueRow(figures)] : []),
    ["Enrolments", figures.enrollments],
    ["Course completions", figures.completions],
    ["New subscribers", figures.newSubscribers],
    // The analytics' counts (docs/analytics.md): page views, the days' unique visitors, enrolments ÷ course-page visitors.
    ["Visits", formatCount(figures.visits)],
    ["Unique visitors", formatCount(figures.visitors)],
    ["Conversion rate", figures.conversion],
  ];
  return (
    <Card className="p-6" data-period={id}>
      <h3 className="font-serif text-xl font-semibold">{title}</h3>
      <p className="text-sm text-muted-foreground">{since}</p>
      <dl className="mt-4 grid grid-cols-2 gap-4">
        {rows.map(([label, value]) => (
          <div key={label} data-figure={label.toLowerCase()}>
            <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
            <dd className="mt-1 font-serif text-2xl font-semibold tabular-nums" data-value>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function revenueRow(figures: PeriodFigures): [string, React.ReactNode] {
  return [
    "Revenue, net of refunds",
    figures.revenue.length === 0
      ? formatMoney(0, "usd")
      : figures.revenue.map((amount) => (
          <span key={amount.currency} className="block">
            {formatMoney(amount.cents, amount.currency)}
          </span>
        )),
  ];
}

import { Link, data } from "react-router";
import type { Route } from "./+types/bundle";
import { BackToCourses } from "~/components/courses/back-to-courses";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PageErrorPanel } from "~/components/ui/error-panel";
import { ImageWithFallback } from "~/components/ui/image";
import { formatMoney } from "~/lib/format";
import { itemPageSeo } from "~/lib/seo";
import { truncate } from "~/lib/text";
import { parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";
import { getPublicBundle } from "~/server/payments/bundles.server";

/** A published bundle: the same page for everyone (the price never depends on who looks: docs/payments.md, "Bundles"). */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const bundle = id === null ? undefined : await getPublicBundle(getDb(), id);
  if (!bundle) return data({ bundle: null }, { status: 404 });
  return { bundle };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs): Route.MetaDescriptors {
  const bundle = loaderData?.bundle;
  return itemPageSeo(
    { matches, location },
    bundle && {
      title: bundle.title,
      description: truncate(bundle.description || `${bundle.courses.length} courses together.`, 160),
      imageUrl: bundle.courses[0]?.imageUrl,
    },
    "Bundle not found",
  );
}

const usd = (cents: number) => formatMoney(cents, "usd");

export default function BundlePage({ loaderData }: Route.ComponentProps) {
  const { bundle } = loaderData;
  if (!bundle) {
    return (
      <PageErrorPanel title="Bundle not found" action={<BackToCourses />}>
        There is no bundle at this address. It may have been withdrawn.
      </PageErrorPanel>
    );
  }
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <p className="text-sm font-medium uppercase tracking-wide text-muted-foreground">Bundle</p>
      <h1 className="mt-2 font-serif text-4xl font-semibold">{bundle.title}</h1>
      {bundle.description ? <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{bundle.description}</p> : null}
      <div className="mt-10 grid gap-8 md:grid-cols-[1.4fr_1fr]">
        <section aria-labelledby="bundle-courses">
          <h2 id="bundle-courses" className="font-serif text-2xl font-semibold">
            {bundle.courses.length} courses
          </h2>
          <ul className="mt-4 grid gap-4" data-testid="bundle-courses">
            {bundle.courses.map((course) => (
              <li key={course.id}>
                <Card className="flex items-center gap-4 p-3">
                  <ImageWithFallback
                    src={course.imageUrl}
                    alt=""
                    width={160}
                    height={90}
                    className="aspect-video w-28 rounded bg-muted object-cover"
                  />
                  <div className="min-w-0 flex-1">
                    <Badge>{course.level}</Badge>
                    <h3 className="mt-1 font-semibold">
                      <Link to={`/courses/${course.id}`} className="inline-flex min-h-11 items-center underline-offset-4 hover:underline">
                        {course.title}
                      </Link>
                    </h3>
                  </div>
                  <p className="tabular-nums text-muted-foreground">{usd(course.priceCents)}</p>
                </Card>
              </li>
            ))}
          </ul>
        </section>
        <Card className="h-fit p-6">
          <p className="text-sm text-muted-foreground">
            Separately <s data-testid="bundle-list-price">{usd(bundle.listCents)}</s>
          </p>
          <p className="mt-1 text-3xl font-semibold" data-testid="bundle-price">
            {usd(bundle.priceCents)}
          </p>
          {bundle.savingsCents > 0 ? (
            <p className="mt-1 font-medium text-primary" data-testid="bundle-savings">
              You save {usd(bundle.savingsCents)}
            </p>
          ) : null}
          <LinkButton to={`/bundles/${bundle.id}/enroll`} className="mt-6 w-full">
            Buy the bundle
          </LinkButton>
          <p className="mt-4 text-xs text-muted-foreground">
            Already have some of these courses? Pay the bundle's price; their share of it is refunded to you at once, and the receipt says
            how much.
          </p>
        </Card>
      </div>
    </div>
  );
}

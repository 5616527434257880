import { isRouteErrorResponse, useRouteError } from "react-router";
import type { Route } from "./+types/certificate";
import { LinkButton } from "~/components/ui/button";
import { PageErrorPanel } from "~/components/ui/error-panel";
import { BackToCourses } from "~/components/courses/back-to-courses";
import { formatLongDate } from "~/lib/format";
import { pageTitle, siteNameFromMatches, useSiteSettings } from "~/lib/site";
import { getDb } from "~/server/core/db.server";
import { getCertificate } from "~/server/learning/learning.server";
import { NO_STORE } from "~/server/core/http.server";

/**
 * A certificate at its unguessable URL: the link is the proof, so anyone holding it can check it. One whose course
 * was refunded with its access removed answers 410 Gone, with nothing of the certificate (page and `.data` alike).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const found = await getCertificate(getDb(), params.id);
  if (!found) throw new Response("Not found", { status: 404, headers: { "X-Robots-Tag": "noindex" } });
  const { closed, ...certificate } = found;
  if (closed) throw new Response("Gone", { status: 410, headers: { "X-Robots-Tag": "noindex", "Cache-Control": NO_STORE } });
  return certificate;
}

// A certificate names a person: it is not for search engines or shared caches.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": NO_STORE, "X-Robots-Tag": "noindex" });

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  return [
    { title: pageTitle(loaderData ? `Certificate: ${loaderData.courseTitle}` : "Certificate", siteNameFromMatches(matches)) },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function CertificatePage({ loaderData: certificate }: Route.ComponentProps) {
  const site = useSiteSettings();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <article
        className="certificate rounded-2xl border-4 border-double border-border bg-card px-8 py-14 text-center shadow-sm"
        data-testid="certificate"
      >
        <p className="text-sm uppercase tracking-[0.3em] text-muted-foreground">{site.name}</p>
        <h1 className="mt-6 font-serif text-4xl font-semibold sm:text-5xl">Certificate of Completion</h1>
        <p className="mt-10 text-muted-foreground">This certifies that</p>
        <p className="mt-3 font-serif text-3xl font-semibold" data-testid="certificate-name">
          {certificate.name}
        </p>
        <p className="mt-6 text-muted-foreground">completed every lesson of the course</p>
        <p className="mt-3 font-serif text-2xl" data-testid="certificate-course">
          {certificate.courseTitle}
        </p>
        <p className="mt-2 text-sm text-muted-foreground">about {certificate.courseHours} hours of study</p>
        <p className="mt-10">on {formatLongDate(certificate.issuedAt)}</p>
        <p className="mt-8 break-all text-xs text-muted-foreground">Certificate {certificate.id}</p>
      </article>
      <div className="mt-8 flex flex-wrap justify-center gap-3 print:hidden">
        <PrintButton />
        <LinkButton to={`/courses/${certificate.courseId}`} variant="outline" size="lg">
          About the course
        </LinkButton>
      </div>
    </div>
  );
}

function PrintButton() {
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="inline-flex h-12 items-center rounded-md bg-primary px-6 font-medium text-primary-foreground hover:opacity-90"
    >
      Print certificate
    </button>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // 410: the order was refunded with access removed, so the certificate is withdrawn (app/server/learning/learning.server.ts).
  const withdrawn = isRouteErrorResponse(error) && error.status === 410;
  return (
    <PageErrorPanel
      title={withdrawn ? "This certificate is no longer valid" : "Certificate not found"}
      action={<BackToCourses>Browse courses</BackToCourses>}
    >
      {withdrawn
        ? "The course it was issued for was refunded, so the certificate has been withdrawn. If you think this is a mistake, write to us."
        : "There is no certificate at this address. Check that the link was copied whole."}
    </PageErrorPanel>
  );
}

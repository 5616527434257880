import { data } from "react-router";
import type { Route } from "./+types/resource";
import { ContentNotFound } from "~/components/layout/not-found-content";
import { ExternalIcon } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { byline } from "~/lib/text";
import { safeUrl } from "~/lib/urls";
import { itemPageSeo } from "~/lib/seo";
import { getResource, parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const resource = id === null ? undefined : await getResource(getDb(), id);
  if (!resource) return data({ resource: null }, { status: 404 });
  return { resource: { ...resource, url: safeUrl(resource.url) } };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs): Route.MetaDescriptors {
  const resource = loaderData?.resource;
  // A resource has no cover image of its own on social sites: the site's.
  return itemPageSeo({ matches, location }, resource && { title: resource.title, description: resource.description }, "Resource Not Found");
}

export default function ResourcePage({ loaderData }: Route.ComponentProps) {
  const { resource } = loaderData;
  if (!resource) {
    return (
      <ContentNotFound
        title="Resource Not Found"
        message="Sorry, the resource you're looking for doesn't exist or has been removed."
        backTo="/resources"
        backLabel="Back to the Resource Library"
      />
    );
  }
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <Badge>{resource.categoryName}</Badge>
      <h1 className="mt-4 font-serif text-4xl font-semibold leading-tight">{resource.title}</h1>
      <p className="mt-2 text-lg text-muted-foreground">{byline(resource.author)}</p>
      <p className="mt-8 text-lg leading-8">{resource.description}</p>
      {resource.url && (
        <a href={resource.url} target="_blank" rel="noopener noreferrer" className={buttonClass("primary", "lg", "mt-10")}>
          Open the resource
          <ExternalIcon className="h-4 w-4" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </article>
  );
}

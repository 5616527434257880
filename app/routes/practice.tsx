import { data } from "react-router";
import type { Route } from "./+types/practice";
import { ContentNotFound } from "~/components/layout/not-found-content";
import { PracticeView } from "~/components/practice/practice-view";
import { itemPageSeo } from "~/lib/seo";
import { getNextPractice, getPractice, parseId } from "~/server/content/content.server";
import { getDb } from "~/server/core/db.server";
import { withScript } from "~/server/content/practice-script.server";

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (id === null) return data({ practice: null, next: null }, { status: 404 });
  const db = getDb();
  const [practice, next] = await Promise.all([getPractice(db, id), getNextPractice(db, id)]);
  if (!practice) return data({ practice: null, next: null }, { status: 404 });
  return { practice: withScript(practice), next: next ?? null };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs): Route.MetaDescriptors {
  return itemPageSeo({ matches, location }, loaderData?.practice, "Practice Not Found");
}

export default function PracticePage({ loaderData }: Route.ComponentProps) {
  const { practice, next } = loaderData;
  if (!practice) {
    return (
      <ContentNotFound
        title="Practice Not Found"
        message="Sorry, the guided practice you're looking for doesn't exist or has been removed."
        backTo="/practices"
        backLabel="Back to Practices"
      />
    );
  }
  return <PracticeView practice={practice} next={next} />;
}

import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ArticleCard, PracticeCard } from "~/components/content/cards";
import { ResourceCategoryIcon } from "~/components/ui/icons";
import { NewsletterSignup } from "~/components/newsletter/newsletter-signup";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CardGridSkeleton, ResourceGroupsSkeleton } from "~/components/ui/skeleton";
import { Deferred } from "~/components/ui/deferred";
import { pageSeo } from "~/lib/seo";
import { siteNameFromMatches } from "~/lib/site";
import { getDb } from "~/server/core/db.server";
import { getHomeContent } from "~/server/content/content.server";
import { deferRead } from "~/server/core/deferred.server";
import { homePage } from "~/server/site/pages.server";
import type { HomePageFields } from "~/lib/pages";

/**
 * The hero, poem and quote (Admin → Pages) go out at once: a shared read, from the isolate's memory once read at this
 * content version. The three sections stream in.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const db = getDb();
  return { page: await homePage(db), sections: deferRead(context, () => getHomeContent(db)) };
}

export function meta({ matches, location }: Route.MetaArgs): Route.MetaDescriptors {
  return pageSeo({
    matches,
    location,
    title: `${siteNameFromMatches(matches)} | Philosophy & Counseling`,
    description: "Philosophy, mindfulness and counselling for everyday life: essays, guided practices, a resource library and courses.",
  });
}

/** A section's heading with its emblem (public/images/sections: decorative, so alt="", sized to reserve its box). */
/** One of the home page's three sections: its drawing, heading and line, what it shows, and the link to all of it. */
function HomeSection({
  art,
  title,
  text,
  more,
  first = false,
  children,
}: {
  art: "articles" | "practices" | "resources";
  title: string;
  text: string;
  more: { to: string; label: string };
  /** The first section keeps its space above; the others follow the one before. */
  first?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`mx-auto max-w-7xl px-4 ${first ? "py-section" : "pb-section"} sm:px-6`}>
      <div className="mb-10 flex max-w-2xl items-center gap-5 sm:gap-6">
        <img
          src={`/images/sections/${art}.svg`}
          alt=""
          width={120}
          height={120}
          loading="lazy"
          className="h-16 w-16 shrink-0 sm:h-24 sm:w-24"
        />
        <div>
          <h2 className="font-serif text-4xl font-semibold">{title}</h2>
          <p className="mt-2 text-lg text-muted-foreground">{text}</p>
        </div>
      </div>
      {children}
      <div className="mt-10 text-center">
        <LinkButton to={more.to} variant="outline">
          {more.label}
        </LinkButton>
      </div>
    </section>
  );
}

type Sections = Route.ComponentProps["loaderData"]["sections"];
type ResourceCategory = Awaited<Sections>["resourceCategories"][number];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { sections, page } = loaderData;
  return (
    <>
      <Hero page={page} />

      <Poem page={page} />

      <section className="bg-muted">
        <figure className="mx-auto max-w-4xl px-4 py-section text-center sm:px-6">
          <blockquote className="font-serif text-3xl leading-snug">“{page.quote}”</blockquote>
          <figcaption className="mt-4 text-muted-foreground">{page.quoteCaption}</figcaption>
        </figure>
      </section>

      <HomeSection
        art="articles"
        title="Featured Content"
        text="Essays to begin with: on attention, impermanence and what is up to us."
        more={{ to: "/articles", label: "View All Articles" }}
        first
      >
        <Deferred data={sections} fallback={<CardGridSkeleton count={3} />} failure="articles">
          {({ featuredArticles }) => (
            <div className="grid gap-6 md:grid-cols-2" data-testid="featured-articles">
              {featuredArticles.map((article, i) => (
                <ArticleCard key={article.id} article={article} lead={i === 0} />
              ))}
            </div>
          )}
        </Deferred>
      </HomeSection>

      <HomeSection
        art="practices"
        title="Guided Practices"
        text="Short contemplative exercises, with audio, for the moment you are in."
        more={{ to: "/practices", label: "Explore All Practices" }}
      >
        <Deferred data={sections} fallback={<CardGridSkeleton count={2} columns="md:grid-cols-2" />} failure="practices">
          {({ featuredPractices }) => (
            <div className="grid gap-6 md:grid-cols-2">
              {featuredPractices.map((practice) => (
                <PracticeCard key={practice.id} practice={practice} />
              ))}
            </div>
          )}
        </Deferred>
      </HomeSection>

      <HomeSection
        art="resources"
        title="Resource Library"
        text="Classical texts, modern applications, research and practical tools."
        more={{ to: "/resources", label: "Browse Full Library" }}
      >
        <Deferred data={sections} fallback={<ResourceGroupsSkeleton count={3} />} failure="resources">
          {({ resourceCategories }) => <ResourceCategories categories={resourceCategories} />}
        </Deferred>
      </HomeSection>

      <NewsletterSignup />
    </>
  );
}

/** The hero: the image under its veil, the site's promise, and the way in (articles, practices). */
function Hero({ page }: { page: Pick<HomePageFields, "heroTitle" | "heroText"> }) {
  return (
    <section className="relative isolate overflow-hidden">
      <img
        src="/images/hero.svg"
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <div className="hero-veil absolute inset-0 -z-10" data-testid="hero-veil" />
      <div className="mx-auto max-w-4xl px-4 py-28 text-center text-white sm:px-6 sm:py-40">
        <h1 className="font-serif text-5xl font-semibold sm:text-6xl">{page.heroTitle}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-white sm:text-xl">{page.heroText}</p>
        <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
          <LinkButton to="/articles" size="lg">
            Explore Articles
          </LinkButton>
          <LinkButton to="/practices" size="lg" variant="outline">
            Start a Practice
          </LinkButton>
        </div>
      </div>
    </section>
  );
}

/** The poem: its stanzas as paragraphs, its lines broken as written. */
function Poem({ page }: { page: Pick<HomePageFields, "poemTitle"> & { stanzas: string[][] } }) {
  return (
    <section aria-labelledby="poem-heading" className="mx-auto max-w-3xl px-4 py-section text-center sm:px-6">
      <h2 id="poem-heading" className="font-serif text-2xl font-semibold">
        {page.poemTitle}
      </h2>
      <div className="mt-6 space-y-4 font-serif text-xl italic leading-relaxed text-muted-foreground">
        {page.stanzas.map((lines, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a poem's stanzas have no id; the list changes only with the page
          <p key={i}>
            {lines.map((line, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above, for its lines
              <Fragment key={n}>
                {n > 0 ? <br /> : null}
                {line}
              </Fragment>
            ))}
          </p>
        ))}
      </div>
    </section>
  );
}

/** The resource categories, each with its resources' titles as links. */
function ResourceCategories({ categories: resourceCategories }: { categories: ResourceCategory[] }) {
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {resourceCategories.map((category) => (
        <Card key={category.id} className="p-5">
          <div className="flex items-center gap-3">
            <ResourceCategoryIcon name={category.name} />
            <h3 className="font-serif text-lg font-semibold">{category.name}</h3>
          </div>
          <ul className="mt-3">
            {category.resources.map((resource) => (
              <li key={resource.id}>
                <Link to={`/resources/${resource.id}`} className="resource-link">
                  {resource.title}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </div>
  );
}

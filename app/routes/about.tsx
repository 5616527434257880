import type { ReactNode } from "react";
import { NewsletterSignup } from "~/components/newsletter/newsletter-signup";
import { Card } from "~/components/ui/card";
import { MailIcon, MapPinIcon, PhoneIcon } from "~/components/ui/contact-icons";
import { JsonLd } from "~/components/layout/json-ld";
import { authorPath, fixedPageMeta, organizationJsonLd } from "~/lib/seo";
import { type SiteSettings, useSiteSettings } from "~/lib/site";
import { Link } from "react-router";
import type { Route } from "./+types/about";
import { MarkdownBody } from "~/components/content/markdown-body";
import { listAuthors } from "~/server/content/authors.server";
import { getDb } from "~/server/core/db.server";
import { aboutPage } from "~/server/site/pages.server";

/** The mission and testimonials are Admin → Pages → About; the contributors are the authors table (Admin → Authors), in their order. */
export async function loader() {
  const db = getDb();
  const [page, authors] = await Promise.all([aboutPage(db), listAuthors(db)]);
  return { page, authors };
}

export const meta = fixedPageMeta("About", "Our mission, the people who write for the site, and how to reach us.");

type AboutPage = Route.ComponentProps["loaderData"]["page"];

export default function About({ loaderData }: Route.ComponentProps) {
  const site = useSiteSettings();
  return (
    <>
      <JsonLd data={organizationJsonLd(site)} />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <Mission siteName={site.name} page={loaderData.page} />
        <Contributors authors={loaderData.authors} />
        <Testimonials testimonials={loaderData.page.testimonials} />
        <GetInTouch site={site} />
      </div>
      <NewsletterSignup />
    </>
  );
}

/** What the site is for, and who writes it, beside the library picture. */
function Mission({ siteName, page }: { siteName: string; page: Pick<AboutPage, "mission" | "imageCaption"> }) {
  return (
    <section aria-labelledby="mission-heading" className="grid gap-10 lg:grid-cols-[1.3fr_1fr] lg:items-center" data-testid="mission">
      <div>
        <h1 className="font-serif text-4xl font-semibold tracking-tight sm:text-5xl">About {siteName}</h1>
        <h2 id="mission-heading" className="mt-10 font-serif text-2xl font-semibold">
          Our Mission
        </h2>
        <MarkdownBody blocks={page.mission} className="mt-4 space-y-4 text-lg leading-8 text-muted-foreground" />
      </div>
      <figure className="m-0">
        <img
          src="/images/gallery/library.svg"
          alt="Tall wooden shelves of old books in a quiet library"
          width={1200}
          height={800}
          decoding="async"
          className="aspect-[3/2] w-full rounded-2xl bg-muted object-cover"
        />
        {page.imageCaption ? (
          <figcaption className="mt-3 font-serif text-lg italic text-muted-foreground">{page.imageCaption}</figcaption>
        ) : null}
      </figure>
    </section>
  );
}

/** A titled section under the mission (its anchor `id`), its cards in a grid of `columns`. */
function AboutSection({ id, title, columns, children }: { id: string; title: string; columns: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="mt-20 scroll-mt-24">
      <h2 id={`${id}-heading`} className="font-serif text-3xl font-semibold">
        {title}
      </h2>
      <div className={`mt-8 grid gap-6 ${columns}`}>{children}</div>
    </section>
  );
}

function Contributors({ authors }: { authors: Route.ComponentProps["loaderData"]["authors"] }) {
  return (
    <AboutSection id="contributors" title="Contributors" columns="md:grid-cols-3">
      {authors.map((person) => (
        <Card key={person.id} className="p-6">
          {person.portrait ? (
            <img
              src={person.portrait}
              alt={`Illustrated portrait of ${person.name}`}
              width={160}
              height={160}
              loading="lazy"
              decoding="async"
              className="h-20 w-20 rounded-full bg-accent"
              data-testid="contributor-portrait"
            />
          ) : null}
          <h3 className="mt-4 text-lg font-semibold">
            <Link to={authorPath(person.id)} className="inline-flex min-h-11 items-center hover:underline">
              {person.name}
            </Link>
          </h3>
          {person.role ? <p className="text-sm text-primary">{person.role}</p> : null}
          <div className="mt-3 text-muted-foreground">
            <MarkdownBody blocks={person.bio} />
          </div>
        </Card>
      ))}
    </AboutSection>
  );
}

function Testimonials({ testimonials }: { testimonials: AboutPage["testimonials"] }) {
  if (testimonials.length === 0) return null;
  return (
    <AboutSection id="testimonials" title="Testimonials" columns="md:grid-cols-2">
      {testimonials.map((t, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: testimonials have no id (two may share a name); the list changes only with the page
        <figure key={i} className="rounded-xl border border-border bg-card p-6">
          <blockquote className="font-serif text-lg italic leading-relaxed">“{t.quote}”</blockquote>
          <figcaption className="mt-4 text-sm text-muted-foreground">
            <span className="font-semibold text-foreground">{t.name}</span>
            {t.detail ? `, ${t.detail}` : null}
          </figcaption>
        </figure>
      ))}
    </AboutSection>
  );
}

/** The site's e-mail address, phone number and postal address. */
function GetInTouch({ site }: { site: Pick<SiteSettings, "email" | "phone" | "address"> }) {
  return (
    <section aria-labelledby="contact-heading" className="mt-20">
      <h2 id="contact-heading" className="font-serif text-3xl font-semibold">
        Get in Touch
      </h2>
      <ul className="mt-6 space-y-3 text-muted-foreground">
        <li className="flex items-center gap-3">
          <MailIcon className="h-5 w-5 text-primary" />
          <a href={`mailto:${site.email}`} className="inline-flex min-h-11 items-center text-foreground underline underline-offset-4">
            {site.email}
          </a>
        </li>
        <li className="flex items-center gap-3">
          <PhoneIcon className="h-5 w-5 text-primary" />
          <a
            href={`tel:${site.phone.replace(/[^+\d]/g, "")}`}
            className="inline-flex min-h-11 items-center text-foreground underline underline-offset-4"
          >
            {site.phone}
          </a>
        </li>
        <li className="flex items-center gap-3">
          <MapPinIcon className="h-5 w-5 text-primary" />
          <span>{site.address}</span>
        </li>
      </ul>
    </section>
  );
}

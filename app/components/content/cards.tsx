import { Link } from "react-router";
import { ClockIcon } from "../ui/icons";
import { SavePracticeButton } from "../practice/save-practice-button";
import { buttonClass } from "../ui/button";
import { Badge, categoryBadgeTone, practiceBadgeTone } from "../ui/badge";
import { Card } from "../ui/card";
import { CoverImage } from "../ui/image";

type ArticleCardData = {
  id: number;
  title: string;
  excerpt: string;
  category: string;
  /** The category's palette colour (app/lib/category-colours.ts). */
  categoryColour: string | null;
  readingTime: number;
  imageUrl: string;
};
type PracticeCardData = { id: number; title: string; description: string; category: string; duration: number; imageUrl: string };

const cardImage = "aspect-video w-full bg-muted object-cover";
const cardTitle = "mt-3 font-serif text-xl font-semibold leading-snug";

/** Cards sit under a section's h2 on the home page and straight under the h1 on the list pages. */
type HeadingLevel = 2 | 3;
const CardTitle = ({ level, className = cardTitle, children }: { level: HeadingLevel; className?: string; children: React.ReactNode }) =>
  level === 2 ? <h2 className={className}>{children}</h2> : <h3 className={className}>{children}</h3>;

/**
 * `eager`: in the first screen (not lazy); `priority`: the list's first image, likely the page's LCP.
 * `lead`: the list's lead story, across the whole grid: the image beside a larger title and excerpt.
 */
export function ArticleCard({
  article,
  eager = false,
  priority = false,
  headingLevel = 3,
  lead = false,
}: {
  article: ArticleCardData;
  eager?: boolean;
  priority?: boolean;
  headingLevel?: HeadingLevel;
  lead?: boolean;
}) {
  return (
    <Card lift className={`flex flex-col ${lead ? "col-span-full md:grid md:grid-cols-[3fr_2fr] md:items-center" : ""}`}>
      <CoverImage
        src={article.imageUrl}
        loading={eager || priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        className={cardImage}
      />
      <div className={`flex flex-1 flex-col ${lead ? "p-6 lg:p-10" : "p-5"}`}>
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          <Badge tone={categoryBadgeTone(article.categoryColour)}>{article.category}</Badge>
          <span className="inline-flex items-center gap-1">
            <ClockIcon className="h-4 w-4" />
            {article.readingTime} min read
          </span>
        </div>
        <CardTitle level={headingLevel} className={lead ? "mt-4 font-serif text-3xl font-semibold leading-tight lg:text-4xl" : cardTitle}>
          {article.title}
        </CardTitle>
        <p className={`mt-2 flex-1 text-muted-foreground ${lead ? "text-lg" : ""}`}>{article.excerpt}</p>
        <Link
          to={`/articles/${article.id}`}
          className="mt-3 inline-flex min-h-11 items-center self-start font-medium text-primary underline-offset-4 hover:underline"
          aria-label={`Read more: ${article.title}`}
        >
          {/* "Read more" as the visible text; the hidden title makes the link's own text descriptive for crawlers. */}
          Read more<span className="sr-only">: {article.title}</span>
        </Link>
      </div>
    </Card>
  );
}

/** `eager`: in the first screen (not lazy); `priority`: the list's first image, likely the page's LCP. */
export function PracticeCard({
  practice,
  eager = false,
  priority = false,
  headingLevel = 3,
}: {
  practice: PracticeCardData;
  eager?: boolean;
  priority?: boolean;
  headingLevel?: HeadingLevel;
}) {
  return (
    <Card lift className="flex flex-col">
      <CoverImage
        src={practice.imageUrl}
        loading={eager || priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        className={cardImage}
      />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          <Badge tone={practiceBadgeTone(practice.category)}>{practice.category}</Badge>
          <span className="inline-flex items-center gap-1">
            <ClockIcon className="h-4 w-4" />
            {practice.duration} min
          </span>
        </div>
        <CardTitle level={headingLevel}>{practice.title}</CardTitle>
        <p className="mt-2 flex-1 text-muted-foreground">{practice.description}</p>
        <div className="mt-4 flex items-center justify-between gap-3">
          <Link to={`/practices/${practice.id}`} className={buttonClass("primary", "sm")} aria-label={`Begin Practice: ${practice.title}`}>
            Begin Practice
          </Link>
          <SavePracticeButton practiceId={practice.id} title={practice.title} />
        </div>
      </div>
    </Card>
  );
}

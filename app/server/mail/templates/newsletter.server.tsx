/**
 * The newsletter's e-mails: the double opt-in confirmation, an issue (in full, or as an article's excerpt) and the
 * welcome after confirming. No tracking of any kind: no pixel, no per-recipient URLs but the unsubscribe link, links
 * as written (site paths made absolute). An issue's links to the site's own pages carry the issue's tags, the same for
 * every recipient (`utm_source=newsletter&utm_campaign=issue-<id>`: docs/analytics.md), so the visits, signups and
 * purchases it brings are counted as its own; links to other sites, images and the unsubscribe link carry none.
 * Images are loaded from the site's own origin when the mail is opened, at the same URL for every recipient (see
 * markdown.server.tsx and docs/newsletter.md).
 */
import type { Block } from "~/lib/markdown";
import { issueCampaign, NEWSLETTER_SOURCE } from "~/lib/analytics-sources";
import { parseMarkdown } from "../../content/markdown.server";
import {
  Button,
  EmailLayout,
  FallbackLink,
  Heading,
  httpUrl,
  oneLine,
  Paragraph,
  plainText,
  type RenderedEmail,
  renderHtml,
  styles,
  theNewsletter,
} from "./layout.server";
import {
  EMAIL_CONTENT_WIDTH,
  EmailBlocks,
  EmailImage,
  excerptBlocks,
  type ImageWidths,
  inlinesText,
  type MarkdownMailContext,
  mailUrl,
} from "./markdown.server";

export type NewsletterConfirmationEmailInput = {
  siteName: string;
  /** The single-use link that confirms the subscription. */
  confirmUrl: string;
  expiresInDays: number;
};

/**
 * The double opt-in e-mail. It is not a newsletter (the address is not subscribed yet), so it carries no
 * List-Unsubscribe headers: ignoring it is the way out, and the text says so.
 */
export function newsletterConfirmationEmail(input: NewsletterConfirmationEmailInput): RenderedEmail {
  const subject = `Confirm your subscription to ${oneLine(input.siteName)}`;
  const expiry = `The link works once and expires in ${input.expiresInDays} days.`;
  const ignore = `If you didn't sign up, ignore this e-mail: you won't be subscribed, and the address is deleted after ${input.expiresInDays} days.`;
  const intro = `Please confirm that you want ${theNewsletter(input.siteName)}: open the link, then press "Confirm my subscription" on the page. ${expiry}`;
  const text = plainText(input.siteName, intro, input.confirmUrl, ignore);
  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>Confirm your subscription</Heading>
      <Paragraph>{intro}</Paragraph>
      <Button href={input.confirmUrl}>Open the confirmation page</Button>
      <FallbackLink url={input.confirmUrl} />
      <Paragraph small>{ignore}</Paragraph>
    </EmailLayout>,
  );
  return { subject, text, html };
}

/** The article an issue was made from. URLs are absolute; `cover.width` is the image's own, when known. */
export type IssueArticle = {
  title: string;
  url: string;
  cover: { src: string; alt: string; width?: number } | null;
};

export type NewsletterIssueEmailInput = {
  siteName: string;
  subject: string;
  /** The issue's Markdown (the plain-text part of a full issue) and its parsed tree (the HTML part); parsed here if left out. */
  markdown: string;
  blocks?: Block[];
  /** The site's origin: links to its own pages and its images become absolute. */
  origin: string;
  /** The subscriber's own unsubscribe link; null for a test (which says where it will be). */
  unsubscribeUrl: string | null;
  /**
   * "full" (the default): the whole body. "excerpt": the article's title, cover, first paragraphs and a "Continue
   * reading" link; without an `article` there is nothing to continue to, so the whole body is sent.
   */
  format?: "full" | "excerpt";
  article?: IssueArticle | null;
  /** Intrinsic widths of the body's images (media library), by URL: they are shown at that width, at most 560 px. */
  imageWidths?: ImageWidths;
  /** The issue this is (its links to the site carry its campaign); none for the welcome e-mail, whose links are untagged. */
  issueId?: number;
};

/**
 * `url` with an issue's tags (`utm_source`, `utm_campaign`) when it is a page of the site at `origin`; unchanged when it
 * is another site's, not http(s), or already tagged by its author (any `utm_` parameter: theirs are kept as written).
 */
export function withIssueTags(url: string, origin: string, issueId: number): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.origin !== new URL(origin).origin || [...parsed.searchParams.keys()].some((key) => key.startsWith("utm_"))) return url;
  parsed.searchParams.set("utm_source", NEWSLETTER_SOURCE);
  parsed.searchParams.set("utm_campaign", issueCampaign(issueId));
  return parsed.href;
}

function IssueFooter({
  siteName,
  unsubscribeUrl,
  archive,
  footer,
}: {
  siteName: string;
  unsubscribeUrl: string | null;
  archive: string;
  footer: string;
}) {
  return (
    <>
      <hr style={styles.rule} />
      {unsubscribeUrl ? (
        <Paragraph small>
          {`You get this because you subscribed to ${theNewsletter(siteName)}. `}
          <a href={httpUrl(unsubscribeUrl)} style={styles.link}>
            Unsubscribe
          </a>{" "}
          (one click).
        </Paragraph>
      ) : (
        <Paragraph small>{footer}</Paragraph>
      )}
      <Paragraph small>
        <a href={httpUrl(archive)} style={styles.link}>
          Past issues
        </a>
      </Paragraph>
    </>
  );
}

function Cover({ cover, href }: { cover: NonNullable<IssueArticle["cover"]>; href?: string }) {
  const width = cover.width && cover.width > 0 ? Math.min(cover.width, EMAIL_CONTENT_WIDTH) : EMAIL_CONTENT_WIDTH;
  const image = <EmailImage src={httpUrl(cover.src)} alt={cover.alt} width={width} />;
  return <div style={{ margin: "0 0 16px" }}>{href ? <a href={httpUrl(href)}>{image}</a> : image}</div>;
}

/**
 * A newsletter issue as e-mail, in full or as an excerpt of its article. The unsubscribe footer is the same in both;
 * a test (null `unsubscribeUrl`) says where each subscriber's own link goes.
 */
export function newsletterIssueEmail(input: NewsletterIssueEmailInput): RenderedEmail {
  const subject = oneLine(input.subject);
  const article = input.article ?? null;
  const excerpt = input.format === "excerpt" && article !== null;
  const { issueId } = input;
  const tagged = (url: string) => (issueId === undefined ? url : withIssueTags(url, input.origin, issueId));
  const context: MarkdownMailContext = {
    origin: input.origin,
    imageWidths: input.imageWidths,
    ...(article ? { baseUrl: article.url } : {}),
    linkHref: tagged,
  };
  const articleUrl = article ? tagged(article.url) : "";
  const blocks = input.blocks ?? parseMarkdown(input.markdown);
  const shown = excerpt ? excerptBlocks(blocks) : blocks;
  const footer = input.unsubscribeUrl
    ? `You get this because you subscribed to ${theNewsletter(input.siteName)}. Unsubscribe: ${input.unsubscribeUrl}`
    : "This is a test. Each subscriber's copy ends with their own one-click unsubscribe link here.";
  const archive = tagged(`${input.origin}/newsletter`);

  const body = excerpt
    ? [
        oneLine(article.title),
        "",
        ...shown.flatMap((block) => (block.type === "paragraph" ? [inlinesText(block.children, context), ""] : [])),
        `Continue reading: ${articleUrl}`,
      ]
    : [input.markdown.trim()];
  const text = [...body, "", "--", input.siteName, footer, `Past issues: ${archive}`, ""].join("\n");

  const html = renderHtml(
    <EmailLayout siteName={input.siteName} title={subject}>
      <Heading>{excerpt ? oneLine(article.title) : subject}</Heading>
      {article?.cover ? <Cover cover={article.cover} href={excerpt ? articleUrl : undefined} /> : null}
      <EmailBlocks blocks={shown} context={context} />
      {excerpt ? <Button href={articleUrl}>Continue reading</Button> : null}
      <IssueFooter siteName={input.siteName} unsubscribeUrl={input.unsubscribeUrl} archive={archive} footer={footer} />
    </EmailLayout>,
  );
  return { subject, text, html };
}

export type NewsletterWelcomeEmailInput = {
  siteName: string;
  /** The owner's subject and Markdown (Settings); a subscriber gets it once, right after confirming. */
  subject: string;
  markdown: string;
  origin: string;
  unsubscribeUrl: string;
  imageWidths?: ImageWidths;
};

/** The welcome after double opt-in: the owner's text, with the newsletter's unsubscribe footer. */
export function newsletterWelcomeEmail(input: NewsletterWelcomeEmailInput): RenderedEmail {
  return newsletterIssueEmail({ ...input, format: "full", article: null });
}

/** A site path or absolute URL, absolute on `origin` (for an article's cover, stored as a site path). */
export function absoluteOnSite(url: string, origin: string): string | null {
  return mailUrl(url, { origin });
}

import { Link } from "react-router";
import { MarkdownBody } from "~/components/content/markdown-body";
import { NewsletterEmail } from "~/components/newsletter/newsletter-email";
import type { Block } from "~/lib/markdown";
import { authorPath } from "~/lib/seo";

type ArticleLink = { id: number; title: string };
export type ArticleEndData = {
  related: ArticleLink[];
  previous: ArticleLink | null;
  next: ArticleLink | null;
};
/** The article's author as the end shows them (the authors table: Admin → Authors). */
export type ArticleEndAuthor = { id: number; name: string; role: string; portrait: string };
/** The name the author's bio is sent under once (app/server/content/document-body.server.ts), as the article's body is. */
export const ARTICLE_END_BIO = "author-bio";

/**
 * What keeps a reader after the last paragraph: who wrote it, the previous and next essays, related reading and a
 * newsletter prompt. An article's HTML is kept under 30 KB (tests/e2e/page-weight.e2e.ts), so: styled by
 * app/article-end.css rather than utility classes; the bio is the author's (the authors table), sent once like the body; the
 * links skip route discovery (their route is this page's). The signup is a plain form posting to
 * /newsletter/subscribe: no script.
 */
export function ArticleEnd({ author, bio, end }: { author: ArticleEndAuthor | null; bio: Block[] | undefined; end: ArticleEndData }) {
  const { related, previous, next } = end;
  return (
    <div className="article-end">
      {author ? (
        <section className="end-bio">
          {author.portrait ? <img src={author.portrait} alt="" width={80} height={80} loading="lazy" /> : null}
          <div>
            <h2>
              <Link to={authorPath(author.id)} rel="author" discover="none">
                {author.name}
              </Link>
            </h2>
            {author.role ? <p className="end-role">{author.role}</p> : null}
            <MarkdownBody blocks={bio} name={ARTICLE_END_BIO} className="end-bio-text" />
          </div>
        </section>
      ) : null}
      {previous || next ? (
        <nav aria-label="Previous and next articles">
          {previous ? <AdjacentLink article={previous} rel="prev" label="Previous" /> : null}
          {next ? <AdjacentLink article={next} rel="next" label="Next" /> : null}
        </nav>
      ) : null}
      {related.length > 0 ? (
        <section>
          <h2>Related articles</h2>
          <ul>
            {related.map((article) => (
              <li key={article.id}>
                <Link to={`/articles/${article.id}`} discover="none">
                  {article.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="end-letters">
        <h2>Letters, once a month</h2>
        <p>New essays and practices. We e-mail you a link to confirm; no tracking.</p>
        <form method="post" action="/newsletter/subscribe" aria-label="Newsletter signup">
          {/* The tab's landing, filled on submit by the document's boot script (app/lib/landing.ts); without scripts
              the route reads the page's tags from the post's Referer. */}
          <input type="hidden" name="landing" />
          <NewsletterEmail id="end-email" />
          <button type="submit">Subscribe</button>
        </form>
      </section>
    </div>
  );
}

/** The link to the previous or next essay, its direction above its title. */
function AdjacentLink({ article, rel, label }: { article: ArticleLink; rel: "prev" | "next"; label: string }) {
  return (
    <Link to={`/articles/${article.id}`} rel={rel} discover="none">
      <small>{label}</small>
      {article.title}
    </Link>
  );
}

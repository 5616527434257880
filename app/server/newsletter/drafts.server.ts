/**
 * What a writer does with an issue before it goes out (docs/newsletter.md): publish an article and e-mail it in one
 * step, scheduling a send (stored as UTC; the 5-minute cron starts it),
 * deleting a draft, and how many confirmed subscribers a send would reach. Sending itself is issues.server.ts's.
 */
import { and, count, eq, isNotNull, isNull } from "drizzle-orm";
import { articles, newsletterIssues, newsletterSubscribers } from "../../../db/schema";
import type { ArticleUpdateInput, NewsletterIssueFormat } from "~/lib/admin-schemas";
import type { RevisionAuthor } from "../content/revisions.server";
import { todayUtc, updateContent } from "../admin/content.server";
import { markContentChanged } from "../core/cache.server";
import type { Database } from "../core/db.server";
import { HttpError } from "../core/http.server";
import { articleDraft, createIssue, getIssue, type NewsletterQueue, startIssueSend } from "./issues.server";

/** Confirmed subscribers: who a send made now would reach ("Send to 1,234 confirmed subscribers"). */
export async function confirmedSubscriberCount(db: Database) {
  const row = await db.select({ n: count() }).from(newsletterSubscribers).where(eq(newsletterSubscribers.status, "confirmed")).get();
  return row?.n ?? 0;
}

async function refusal(db: Database, id: number, doing: string) {
  const issue = await getIssue(db, id);
  if (!issue) return new HttpError(404, "Newsletter issue not found.");
  return new HttpError(
    409,
    `This issue was already sent (${issue.sentAt?.slice(0, 10)}), so it cannot ${doing}. An issue is sent once; start a new one instead.`,
  );
}

// ---------------------------------------------------------------- publish and e-mail

export type PublishAndEmailOptions = {
  origin: string;
  /** What subscribers get: the excerpt (the default) or the full text, chosen in the dialog since the issue goes at once. */
  format?: NewsletterIssueFormat;
  author?: RevisionAuthor;
  now?: Date;
  queue?: NewsletterQueue;
};

/**
 * "Publish and e-mail to subscribers": publishes an unpublished article (a draft or a scheduled one: now, dated today),
 * makes an issue of it (subject = title, the chosen format, the body its full text), and starts
 * sending it. 404 for an unknown article, 409 for one already published (its issue is made on the Newsletter page).
 */
export async function publishAndEmail(
  db: Database,
  articleId: number,
  { origin, format = "excerpt", author, now = new Date(), queue }: PublishAndEmailOptions,
) {
  const article = await db.select().from(articles).where(eq(articles.id, articleId)).get();
  if (!article) throw new HttpError(404, "Article not found.");
  if (article.status === "published") {
    throw new HttpError(409, "This article is already published. To e-mail it, start a newsletter issue from it on the Newsletter page.");
  }
  if (article.authorId === null)
    throw new HttpError(409, "This article has no author from the Authors list: choose one in its form first.");
  await updateContent(
    db,
    "article",
    articleId,
    {
      title: article.title,
      excerpt: article.excerpt,
      content: article.content,
      imageUrl: article.imageUrl,
      imageCaption: article.imageCaption,
      // The stored category was checked by the form when it was saved.
      category: article.category as ArticleUpdateInput["category"],
      readingTime: article.readingTime,
      authorId: article.authorId,
      featured: article.featured,
      publishedDate: todayUtc(now),
      status: "published",
      publishAt: null,
      version: article.updatedAt ?? "",
    },
    { author, now },
  );
  const draft = await articleDraft(db, articleId, origin);
  const issueId = await createIssue(db, { subject: article.title, body: draft?.body ?? article.content, format }, articleId);
  const { recipients, queued } = await startIssueSend(db, issueId, { origin, now, ...(queue ? { queue } : {}) });
  await markContentChanged(db);
  return { issueId, title: article.title, recipients, queued };
}

// ---------------------------------------------------------------- scheduling

/**
 * Schedules a draft's send at `at` (UTC ISO, validated by `newsletterScheduleSchema`). 404 unknown, 409 sent. The
 * origin the owner scheduled from is kept in `sent_origin` (the cron has no request to read it from, and SITE_URL is
 * empty locally); the send overwrites it with the origin it uses.
 */
export async function scheduleIssue(db: Database, id: number, at: string, origin: string) {
  const [row] = await db
    .update(newsletterIssues)
    .set({ scheduledAt: at, sentOrigin: origin })
    .where(and(eq(newsletterIssues.id, id), isNull(newsletterIssues.sentAt)))
    .returning({ id: newsletterIssues.id });
  if (!row) throw await refusal(db, id, "be scheduled");
}

/** Cancels a draft's scheduled send (nothing to cancel is fine). 404 unknown, 409 for one that started. */
export async function cancelIssueSchedule(db: Database, id: number) {
  const [row] = await db
    .update(newsletterIssues)
    .set({ scheduledAt: null, sentOrigin: null })
    .where(and(eq(newsletterIssues.id, id), isNull(newsletterIssues.sentAt)))
    .returning({ id: newsletterIssues.id });
  if (!row) throw await refusal(db, id, "change its schedule");
}

// ---------------------------------------------------------------- deleting a draft

/** Deletes a draft (never a sent or sending issue: 409, it is in the archive and has deliveries). 404 unknown. */
export async function deleteDraftIssue(db: Database, id: number) {
  const [row] = await db
    .delete(newsletterIssues)
    .where(and(eq(newsletterIssues.id, id), isNull(newsletterIssues.sentAt)))
    .returning({ id: newsletterIssues.id, subject: newsletterIssues.subject });
  if (!row) {
    const issue = await getIssue(db, id);
    if (!issue) throw new HttpError(404, "Newsletter issue not found.");
    throw new HttpError(
      409,
      `This issue was sent (${issue.sentAt?.slice(0, 10)}), so it cannot be deleted: it is in the archive, and its delivery records count. Only a draft can be deleted.`,
    );
  }
  return row;
}

/** The scheduled drafts, by id (the list says "Scheduled for …"). */
export async function scheduledIssueTimes(db: Database) {
  const rows = await db
    .select({ id: newsletterIssues.id, scheduledAt: newsletterIssues.scheduledAt })
    .from(newsletterIssues)
    .where(and(isNull(newsletterIssues.sentAt), isNotNull(newsletterIssues.scheduledAt)));
  return Object.fromEntries(rows.map((row) => [row.id, row.scheduledAt as string]));
}

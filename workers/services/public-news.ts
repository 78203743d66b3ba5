import { and, count, desc, eq } from "drizzle-orm";
import type { PublicNewsSummaryDto } from "../contracts/admin";
import type { Db } from "../db/client";
import { newsArticles, type NewsArticle } from "../db/schema-news";

/** Articles per page of /news, and how many the RSS feed carries. */
export const NEWS_PAGE_SIZE = 10;
export const NEWS_FEED_SIZE = 20;

export interface NewsPage {
  articles: PublicNewsSummaryDto[];
  page: number;
  pages: number;
  total: number;
}

const summary = (a: NewsArticle): PublicNewsSummaryDto => ({ id: a.id, title: a.title, slug: a.slug, summary: a.summary, publishedAt: (a.publishedAt ?? a.updatedAt).toISOString() });

const published = eq(newsArticles.status, "published");
const newestFirst = [desc(newsArticles.publishedAt), desc(newsArticles.createdAt), desc(newsArticles.id)] as const;

/**
 * One page of the published articles, newest first. `pages` is at least 1 (an empty first page); a page
 * past the last one comes back with no articles and the caller decides what to show.
 */
export async function publishedNewsPage(db: Db, page: number, size = NEWS_PAGE_SIZE): Promise<NewsPage> {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(newsArticles).where(published).orderBy(...newestFirst).limit(size).offset((page - 1) * size),
    db.select({ total: count() }).from(newsArticles).where(and(published)),
  ]);
  return { articles: rows.map(summary), page, pages: Math.max(1, Math.ceil(total / size)), total };
}

/** The newest published articles for the RSS feed, with the time of the latest change. */
export async function newsFeedItems(db: Db, size = NEWS_FEED_SIZE): Promise<(PublicNewsSummaryDto & { updatedAt: string })[]> {
  const rows = await db.select().from(newsArticles).where(published).orderBy(...newestFirst).limit(size);
  return rows.map((a) => ({ ...summary(a), updatedAt: a.updatedAt.toISOString() }));
}
